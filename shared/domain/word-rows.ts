/**
 * The word table as the window edits it: rows with a stable key, checked field by field with the
 * shared word schema, duplicates of a written form marked on every copy. Pure, so the slice and
 * its tests share it.
 */
import { LOCAL_ENGINE } from '../api/engines';
import { profileWordSchema, type ProfileWord } from '../api/profile-words';
import type { AppError } from './errors';

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
  | { readonly kind: 'duplicate'; readonly written: string }
  | { readonly kind: 'no-reading' }
  | { readonly kind: 'reading-letters' }
  | { readonly kind: 'class'; readonly classname: string }
  | { readonly kind: 'unknown-word'; readonly word: string };

/** What the engine asks of a word, known before saving (docs/api.md §6). */
export interface EngineRules {
  /** The local English engine hears a reading: words of its pronunciation dictionary. */
  readonly englishReading: boolean;
  /** The class names the engine lists; empty when unknown, then any class passes. */
  readonly classnames: readonly string[];
}

export function engineRules(engine: string, classnames: readonly string[]): EngineRules {
  return { englishReading: engine === LOCAL_ENGINE, classnames };
}

const NO_RULES: EngineRules = { englishReading: false, classnames: [] };

// The English pronunciation dictionary spells its words with ASCII letters, apostrophes,
// dots and hyphens; anything else can never be one of its words.
const ENGLISH_READING = /^[A-Za-z'.-]+( [A-Za-z'.-]+)*$/;

function engineIssue(row: WordRow, rules: EngineRules): RowIssue | undefined {
  if (rules.englishReading) {
    if (!row.spoken) return { kind: 'no-reading' };
    if (!ENGLISH_READING.test(row.spoken)) return { kind: 'reading-letters' };
  }
  if (row.classname && rules.classnames.length > 0 && !rules.classnames.includes(row.classname))
    return { kind: 'class', classname: row.classname };
  return undefined;
}

/** The row a `word-rejected` save error names, as the issue to show on it. */
function rejectedIssue(rows: readonly WordRow[], rejection: AppError | undefined) {
  if (rejection?.code !== 'word-rejected') return undefined;
  const row = rows[Number(rejection.params.index)];
  if (!row || row.written !== rejection.params.written) return undefined;
  const value = String(rejection.params.value ?? '');
  const reason = rejection.params.reason;
  const issue: RowIssue =
    reason === 'class'
      ? { kind: 'class', classname: value }
      : reason === 'reading-missing'
        ? { kind: 'no-reading' }
        : { kind: 'unknown-word', word: value };
  return { key: row.key, issue };
}

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

/**
 * Every row's problem, by row key: its own field problem first, then what the engine asks, then a
 * duplicate written form; a row the service refused at the last save is marked with its reason.
 */
export function rowIssues(
  rows: readonly WordRow[],
  rules: EngineRules = NO_RULES,
  rejection?: AppError,
): Map<number, RowIssue> {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.written, (counts.get(row.written) ?? 0) + 1);
  const issues = new Map<number, RowIssue>();
  for (const row of rows) {
    const own = ownIssue(row) ?? engineIssue(row, rules);
    if (own) issues.set(row.key, own);
    else if ((counts.get(row.written) ?? 0) > 1)
      issues.set(row.key, { kind: 'duplicate', written: row.written });
  }
  const rejected = rejectedIssue(rows, rejection);
  if (rejected && !issues.has(rejected.key)) issues.set(rejected.key, rejected.issue);
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
