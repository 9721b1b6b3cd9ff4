/**
 * Dictionary words as a table a person edits in a spreadsheet or text editor: one word per line,
 * columns `written`, `spoken`, `class` (the last one or two optional), as TSV or as CSV (RFC 4180
 * quoting). Import keeps every good line and reports every other one with its line number and
 * a reason (a code and values, rendered per language by wordRejectionText); export writes what
 * import reads back unchanged.
 */
import { LIMITS } from '../api/codes';
import { profileWordSchema, type ProfileWord } from '../api/profile-words';
import { fromSpreadsheetText, spreadsheetText } from '../format/cells';
import type { WordRejection } from './errors';

export const WORD_TABLE_FORMATS = ['tsv', 'csv'] as const;
export type WordTableFormat = (typeof WORD_TABLE_FORMATS)[number];

export interface RejectedLine {
  /** 1-based line number in the text. */
  readonly line: number;
  readonly text: string;
  readonly reason: WordRejection;
}

export interface WordTableImport {
  readonly format: WordTableFormat;
  readonly words: ProfileWord[];
  readonly rejected: RejectedLine[];
}

const HEADER = ['written', 'spoken', 'class'];
/** Header names: the API's, and the window's own column names in each language. */
const HEADER_ALIASES = new Set([
  'written',
  'spoken',
  'reading',
  'class',
  'classname',
  'written form',
  'reading (spoken)',
  '表記',
  '読み',
  'クラス',
]);

/** TSV when the first line with content has a tab, CSV otherwise. */
export function detectWordTableFormat(text: string): WordTableFormat {
  const first = text.split(/\r?\n/).find((line) => line.trim() !== '');
  return first?.includes('\t') ? 'tsv' : 'csv';
}

interface Row {
  readonly line: number;
  readonly text: string;
  readonly fields: string[];
  readonly error?: WordRejection;
}

function* tsvRows(text: string): Generator<Row> {
  const lines = text.split(/\r?\n/);
  for (const [index, line] of lines.entries()) {
    yield { line: index + 1, text: line, fields: line.split('\t') };
  }
}

/** CSV rows per RFC 4180: quoted fields may hold commas, doubled quotes and line breaks. */
function* csvRows(text: string): Generator<Row> {
  let line = 1;
  let i = 0;
  while (i <= text.length) {
    const startLine = line;
    const start = i;
    const fields: string[] = [];
    let field = '';
    let error: WordRejection | undefined;
    let quoted = false;
    let fieldStart = true;
    for (; i < text.length; i++) {
      const ch = text[i]!;
      if (quoted) {
        if (ch === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i++;
          } else quoted = false;
        } else {
          if (ch === '\n') line++;
          field += ch;
        }
        continue;
      }
      if (ch === '"' && fieldStart) {
        quoted = true;
        fieldStart = false;
      } else if (ch === '"') {
        error ??= { code: 'quote-inside-field', params: {} };
        field += ch;
      } else if (ch === ',') {
        fields.push(field);
        field = '';
        fieldStart = true;
      } else if (ch === '\n' || (ch === '\r' && text[i + 1] === '\n')) {
        break;
      } else {
        field += ch;
        fieldStart = false;
      }
    }
    if (quoted) error ??= { code: 'unclosed-quote', params: {} };
    fields.push(field);
    const end = i;
    if (text[i] === '\r') i++;
    i++;
    line++;
    yield {
      line: startLine,
      text: text.slice(start, end).replace(/\r$/, ''),
      fields,
      ...(error ? { error } : {}),
    };
  }
}

/** Which column a word's check refused, and why, from the schema's first issue. */
function invalidField(issue: { path: PropertyKey[]; code: string } | undefined) {
  const field = issue?.path[0];
  return {
    field: field === 'spoken' || field === 'classname' ? field : 'written',
    problem:
      issue?.code === 'too_small'
        ? 'empty'
        : issue?.code === 'too_big'
          ? 'too-long'
          : 'bad-characters',
    max: LIMITS.wordMaxChars,
  };
}

function isHeader(fields: readonly string[]): boolean {
  return fields.length > 0 && fields.every((f) => HEADER_ALIASES.has(f.trim().toLowerCase()));
}

/**
 * Reads a word table (a field's leading `'` before a formula character, as exports write it, is
 * taken off: shared/format/cells.ts). Blank lines and a header line are skipped; a line
 * is rejected (with its reason) when it has too many columns, an empty written form, a field the
 * API would refuse, or the written form of an earlier line.
 */
export function parseWordTable(text: string, format?: WordTableFormat): WordTableImport {
  const chosen = format ?? detectWordTableFormat(text);
  const words: ProfileWord[] = [];
  const rejected: RejectedLine[] = [];
  const seen = new Map<string, number>();
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let headerAllowed = true;
  for (const row of chosen === 'tsv' ? tsvRows(body) : csvRows(body)) {
    const reject = (code: WordRejection['code'], params: WordRejection['params'] = {}) =>
      rejected.push({ line: row.line, text: row.text, reason: { code, params } });
    // Blank lines and `#` comments are not words.
    if (row.text.trim() === '' || row.text.trimStart().startsWith('#')) continue;
    if (headerAllowed && isHeader(row.fields)) {
      headerAllowed = false;
      continue;
    }
    headerAllowed = false;
    if (row.error) {
      reject(row.error.code, row.error.params);
      continue;
    }
    const fields = row.fields.map((f) => fromSpreadsheetText(f.trim(), { comment: true }));
    while (fields.length > 1 && fields.at(-1) === '') fields.pop();
    if (fields.length > 3) {
      reject('too-many-columns', {
        columns: fields.length,
        separator: chosen === 'tsv' ? 'tab' : 'comma',
      });
      continue;
    }
    const [written = '', spoken = '', classname = ''] = fields;
    if (written === '') {
      reject('empty-written');
      continue;
    }
    const candidate = {
      written,
      ...(spoken ? { spoken } : {}),
      ...(classname ? { classname } : {}),
    };
    const checked = profileWordSchema.safeParse(candidate);
    if (!checked.success) {
      reject('invalid-field', invalidField(checked.error.issues[0]));
      continue;
    }
    const earlier = seen.get(written);
    if (earlier !== undefined) {
      reject('duplicate', { written, line: earlier });
      continue;
    }
    if (words.length >= LIMITS.profileMaxWords) {
      reject('too-many-words', { max: LIMITS.profileMaxWords });
      continue;
    }
    seen.set(written, row.line);
    words.push(checked.data);
  }
  return { format: chosen, words, rejected };
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) || value !== value.trim()
    ? `"${value.replace(/"/g, '""')}"`
    : value;
}

/** Writes words as a table with a header line, in the order given. */
export function formatWordTable(words: readonly ProfileWord[], format: WordTableFormat): string {
  const rows = [
    HEADER,
    ...words.map((w) =>
      [w.written, w.spoken ?? '', w.classname ?? ''].map((field) =>
        spreadsheetText(field, { comment: true }),
      ),
    ),
  ];
  return rows
    .map((row) => (format === 'tsv' ? row.join('\t') : row.map(csvField).join(',')))
    .join('\n')
    .concat('\n');
}
