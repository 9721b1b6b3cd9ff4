/**
 * Words from an input method's export (./ime-file.ts) as an engine's dictionary takes them: the
 * reading normalised (half-width and full-width forms folded, katakana made hiragana, a separate
 * voicing mark joined to its kana), the part of speech made the engine's class where it has one
 * (./parts-of-speech.ts), each word checked as the Dictionary screen checks a row (word-rows.ts:
 * the schema, and what the engine asks of a reading), the same word with the same reading merged,
 * and every line left out listed with why.
 */
import { LIMITS } from '../../api/codes';
import type { ProfileWord } from '../../api/profile-words';
import type { WordRejection } from '../errors';
import { rowIssues, type EngineRules, type RowIssue, type WordRow } from '../word-rows';
import type { RejectedLine } from '../word-table';
import { readImeFile, type Decode, type ImeEncoding, type ImeFormat } from './ime-file';
import { classFor, isNotWord, kindOfPos, normalPos } from './parts-of-speech';

export interface ImeImport {
  readonly format: ImeFormat;
  readonly encoding: ImeEncoding;
  /** The words to add, in the file's order, one per written form. */
  readonly words: ProfileWord[];
  /** Entries that repeated a word with its reading: kept once. */
  readonly merged: number;
  readonly rejected: RejectedLine[];
}

const KATAKANA = /[\u30a1-\u30f6\u30fd\u30fe]/g;

/**
 * A reading as the engine takes it: NFKC (half-width katakana and full-width letters to their
 * usual forms), a voicing mark written apart (`う゛`, ATOK's way of writing ゔ) joined to its kana,
 * katakana as hiragana (ー stays: it is how both write a long vowel).
 */
export function normalReading(reading: string): string {
  const joined = reading
    .replace(/[\u309b\uff9e]/g, '\u3099')
    .replace(/[\u309c\uff9f]/g, '\u309a')
    .normalize('NFKC');
  return joined.replace(KATAKANA, (k) => String.fromCharCode(k.charCodeAt(0) - 0x60)).trim();
}

/** Why a row the screen would mark is left out, as a rejection each language words. */
function rejectionOf(issue: RowIssue, row: WordRow): WordRejection {
  switch (issue.kind) {
    case 'no-reading':
      return { code: 'no-reading', params: {} };
    case 'reading-letters':
      return { code: 'reading-not-english', params: { reading: row.spoken } };
    case 'empty':
      return { code: 'empty-written', params: {} };
    case 'too-long':
    case 'characters':
      return {
        code: 'invalid-field',
        params: {
          field: issue.field,
          problem: issue.kind === 'too-long' ? 'too-long' : 'bad-characters',
          max: LIMITS.wordMaxChars,
        },
      };
    default:
      // A duplicate or a class is settled before the check; an unknown word only the service knows.
      return { code: 'invalid-field', params: { field: 'written', problem: 'bad-characters' } };
  }
}

/**
 * Reads `bytes` as an input method's export for an engine; undefined when the file is not one
 * (the caller reads it as a word table). `rules`: what the engine asks (word-rows.ts).
 */
export function importImeWords(
  bytes: Uint8Array,
  rules: EngineRules,
  decode?: Decode,
): ImeImport | undefined {
  const file = readImeFile(bytes, decode);
  if (!file) return undefined;
  const words: ProfileWord[] = [];
  const rejected: RejectedLine[] = [];
  const reject = (at: { line: number; text: string }, reason: WordRejection) =>
    rejected.push({ line: at.line, text: at.text, reason });
  // Each entry that is a word, as the row the screen would show (keyed by its line).
  const candidates: { at: (typeof file.lines)[number]; row: WordRow }[] = [];
  for (const at of file.lines) {
    if (at.fields.length < 3) {
      reject(at, { code: 'too-few-columns', params: {} });
      continue;
    }
    const [reading = '', written = '', pos = ''] = at.fields;
    const kind = kindOfPos(pos);
    if (isNotWord(kind)) {
      reject(at, { code: 'not-a-word', params: { pos: normalPos(pos), kind } });
      continue;
    }
    const classname = kind ? classFor(kind, rules.classnames) : undefined;
    const row = {
      key: at.line,
      written: written.trim(),
      spoken: normalReading(reading),
      classname: classname ?? '',
    };
    candidates.push({ at, row });
  }
  // Checked all at once, as the screen checks its table; repeats are settled below instead.
  const issues = rowIssues(
    candidates.map((c) => c.row),
    rules,
  );
  /** Each written form kept: its reading and the line it came from. */
  const seen = new Map<string, { spoken: string; line: number }>();
  let merged = 0;
  for (const { at, row } of candidates) {
    const issue = issues.get(row.key);
    if (issue && issue.kind !== 'duplicate') {
      reject(at, rejectionOf(issue, row));
      continue;
    }
    const earlier = seen.get(row.written);
    if (earlier) {
      if (earlier.spoken === row.spoken) merged++;
      else
        reject(at, {
          code: 'other-reading',
          params: { written: row.written, line: earlier.line, reading: earlier.spoken },
        });
      continue;
    }
    if (words.length >= LIMITS.profileMaxWords) {
      reject(at, { code: 'too-many-words', params: { max: LIMITS.profileMaxWords } });
      continue;
    }
    seen.set(row.written, { spoken: row.spoken, line: at.line });
    words.push({
      written: row.written,
      ...(row.spoken ? { spoken: row.spoken } : {}),
      ...(row.classname ? { classname: row.classname } : {}),
    });
  }
  // In the file's order, as a person reads them.
  rejected.sort((a, b) => a.line - b.line);
  return { format: file.format, encoding: file.encoding, words, merged, rejected };
}

/**
 * Imported words laid over a profile's as the screen merges them (an imported word replaces the
 * one of its written form), and how many that makes against the limit of a profile.
 */
export function wordsAfterImport(
  existing: readonly ProfileWord[],
  imported: readonly ProfileWord[],
): ProfileWord[] {
  const replaced = new Map(imported.map((w) => [w.written, w]));
  const present = new Set(existing.map((w) => w.written));
  return [
    ...existing.map((w) => replaced.get(w.written) ?? w),
    ...imported.filter((w) => !present.has(w.written)),
  ];
}
