/**
 * The word table as the window edits it: rows with a stable key, checked field by field with the
 * shared word schema, duplicates of a written form marked on every copy. Pure, so the slice and
 * its tests share it.
 */
import { profileWordSchema, type ProfileWord } from '../../../../shared/api/profile-words';

export interface WordRow {
  readonly key: number;
  readonly written: string;
  readonly spoken: string;
  readonly classname: string;
}

export type RowIssue =
  | { readonly kind: 'empty'; readonly field: 'written' }
  | { readonly kind: 'too-long'; readonly field: 'written' | 'spoken' | 'classname' }
  | { readonly kind: 'characters'; readonly field: 'written' | 'spoken' }
  | { readonly kind: 'duplicate'; readonly written: string };

let nextKey = 1;
export const newRowKey = (): number => nextKey++;

export function rowOf(word: ProfileWord): WordRow {
  return {
    key: newRowKey(),
    written: word.written,
    spoken: word.spoken ?? '',
    classname: word.classname ?? '',
  };
}

export function wordOf(row: WordRow): ProfileWord {
  return {
    written: row.written,
    ...(row.spoken ? { spoken: row.spoken } : {}),
    ...(row.classname ? { classname: row.classname } : {}),
  };
}

const {
  written: writtenSchema,
  spoken: spokenSchema,
  classname: classSchema,
} = profileWordSchema.shape;

function fieldIssue(
  field: 'written' | 'spoken' | 'classname',
  value: string,
): RowIssue | undefined {
  const schema =
    field === 'written' ? writtenSchema : field === 'spoken' ? spokenSchema : classSchema;
  const checked = schema.safeParse(value);
  if (checked.success) return undefined;
  const code = checked.error.issues[0]?.code;
  if (code === 'too_small') return { kind: 'empty', field: 'written' };
  if (code === 'too_big') return { kind: 'too-long', field };
  return { kind: 'characters', field: field === 'classname' ? 'spoken' : field };
}

/** Rows are immutable, so a row's own check is computed once per version of the row. */
const ownIssues = new WeakMap<WordRow, RowIssue | undefined>();

function ownIssue(row: WordRow): RowIssue | undefined {
  if (ownIssues.has(row)) return ownIssues.get(row);
  const issue =
    fieldIssue('written', row.written) ??
    (row.spoken ? fieldIssue('spoken', row.spoken) : undefined) ??
    (row.classname ? fieldIssue('classname', row.classname) : undefined);
  ownIssues.set(row, issue);
  return issue;
}

/** Every row's problem, by row key: its own field problem first, else a duplicate written form. */
export function rowIssues(rows: readonly WordRow[]): Map<number, RowIssue> {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.written, (counts.get(row.written) ?? 0) + 1);
  const issues = new Map<number, RowIssue>();
  for (const row of rows) {
    const own = ownIssue(row);
    if (own) issues.set(row.key, own);
    else if ((counts.get(row.written) ?? 0) > 1)
      issues.set(row.key, { kind: 'duplicate', written: row.written });
  }
  return issues;
}

/** Whether the rows say the same words as the saved profile, in the same order. */
export function sameWords(rows: readonly WordRow[], saved: readonly ProfileWord[]): boolean {
  if (rows.length !== saved.length) return false;
  return rows.every((row, i) => {
    const word = saved[i]!;
    return (
      row.written === word.written &&
      row.spoken === (word.spoken ?? '') &&
      row.classname === (word.classname ?? '')
    );
  });
}
