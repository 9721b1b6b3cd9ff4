/**
 * What the search index keeps of a transcript, and what a hit shows: the transcript's text as the
 * viewer joins it, one line per utterance, with where each word starts, so a match lands on a
 * word; and the snippet around a match with its ranges marked (plain text and offsets: the window
 * marks them, no markup comes from here).
 *
 * Words are counted as the viewer counts them (renderer/src/features/viewer/words.ts): every token
 * but punctuation, in order.
 *
 * Where words start is kept inside the stored text, as two control characters (markWords): the
 * space before a word becomes SPACE_WORD, and a word with no space before it (the first of a
 * line, Japanese words joined without spaces) gets WORD in front. English costs nothing that way,
 * and the marks compress with the words around them: the deflated body is about 0.50× the text,
 * where the text with varint word starts beside it was 0.60× (tests/bench/search.ts).
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { Transcript } from '../../shared/domain/job';
import { isPunctuation, joinerOf } from '../../shared/format/speakers';

export interface Body {
  /**
   * The utterances' text, one line each (line breaks and the two word marks inside a word become
   * spaces).
   */
  readonly text: string;
  /** Where each word starts in `text` (UTF-16 offsets), in order. */
  readonly starts: readonly number[];
}

/** In a stored text: a space, and a word starting after it. */
const SPACE_WORD = '\u0001';
/** In a stored text: a word starting here, with no space before it. */
const WORD = '\u0002';

/** A token's text with its line breaks and the two marks made spaces. */
const spaced = (written: string) =>
  written
    .replace(/[\r\n]/g, ' ')
    .replaceAll(SPACE_WORD, ' ')
    .replaceAll(WORD, ' ');

/** A transcript as one text, an utterance a line, and where its words start. */
export function bodyOf(transcript: Transcript): Body {
  const starts: number[] = [];
  let text = '';
  transcript.utterances.forEach((utterance, index) => {
    if (index > 0) text += '\n';
    const joiner = joinerOf(utterance);
    let line = '';
    for (const token of utterance.tokens) {
      const punctuation = isPunctuation(token);
      if (line !== '' && !punctuation) line += joiner;
      if (!punctuation) starts.push(text.length + line.length);
      line += spaced(token.written);
    }
    text += line;
  });
  return { text, starts };
}

/**
 * A body as one string, its word starts marked in it: the space before a start becomes
 * SPACE_WORD, else WORD goes in front of it (a second word at the same place gets WORD too).
 */
export function markWords({ text, starts }: Body): string {
  let marked = '';
  let at = 0;
  for (const start of starts) {
    if (start > at && text[start - 1] === ' ') {
      marked += text.slice(at, start - 1) + SPACE_WORD;
    } else {
      marked += text.slice(at, start) + WORD;
    }
    at = start;
  }
  return marked + text.slice(at);
}

/** A marked body's text, and where its words start. */
export function unmarkWords(marked: string): Body {
  const bytes = Buffer.from(marked, 'utf8');
  return { text: unmarkedText(bytes), starts: startsOf(bytes) };
}

/*
 * A stored body is read as UTF-8 bytes, where each mark is one byte that is never part of a
 * character's bytes: stripping them there is about twice as quick as replacing them in a string,
 * and word starts are counted in UTF-16 units as they go.
 */
const SPACE_WORD_BYTE = 1;
const WORD_BYTE = 2;
const SPACE_BYTE = 0x20;

/** A marked body's text without its marks. */
function unmarkedText(marked: Uint8Array): string {
  const bytes = Buffer.allocUnsafe(marked.length);
  let length = 0;
  for (let at = 0; at < marked.length; at++) {
    const byte = marked[at]!;
    if (byte === SPACE_WORD_BYTE) bytes[length++] = SPACE_BYTE;
    else if (byte !== WORD_BYTE) bytes[length++] = byte;
  }
  return bytes.toString('utf8', 0, length);
}

/** Where the words of a marked body start in its text (UTF-16 offsets). */
function startsOf(marked: Uint8Array): number[] {
  const starts: number[] = [];
  let units = 0;
  for (let at = 0; at < marked.length; at++) {
    const byte = marked[at]!;
    if (byte === SPACE_WORD_BYTE) starts.push(++units);
    else if (byte === WORD_BYTE) starts.push(units);
    // A character's first byte: four-byte characters are two UTF-16 units.
    else if ((byte & 0xc0) !== 0x80) units += byte >= 0xf0 ? 2 : 1;
  }
  return starts;
}

/** Letters and digits outside ASCII: the scripts written without spaces (kana, kanji, hangul…). */
const SHORT_GRAM = /^[\p{L}\p{N}]+$/u;
const isGramChar = (char: string) => char > '\u007f' && SHORT_GRAM.test(char);

/** Whether a one- or two-character term can be looked up among a text's short grams. */
export const hasShortGrams = (term: string) => [...term].every(isGramChar);

/**
 * Every distinct one- and two-character piece of a text's non-ASCII letters and digits, space
 * separated: what finds the Japanese words of one or two characters (会議) that trigrams cannot.
 */
export function shortGramsOf(text: string): string {
  const grams = new Set<string>();
  const chars = [...text.toLowerCase()];
  chars.forEach((char, i) => {
    if (!isGramChar(char)) return;
    grams.add(char);
    const next = chars[i + 1];
    if (next !== undefined && isGramChar(next)) grams.add(char + next);
  });
  return [...grams].join(' ');
}

/** The terms of a query: pieces between spaces (ASCII or ideographic), each at most once. */
export function termsOf(query: string): string[] {
  const terms = query
    .toLowerCase()
    .split(/\s+/u)
    .filter((term) => term !== '');
  return [...new Set(terms)];
}

/** Where each term occurs in `text` (case-insensitive), as sorted [start, end) ranges. */
export function rangesIn(text: string, terms: readonly string[]): Array<[number, number]> {
  const hay = text.toLowerCase();
  // Lower-casing keeps UTF-16 lengths for the scripts this app meets; if not, offsets can't map.
  if (hay.length !== text.length) return [];
  const ranges: Array<[number, number]> = [];
  for (const term of terms) {
    for (let at = hay.indexOf(term); at >= 0; at = hay.indexOf(term, at + term.length))
      ranges.push([at, at + term.length]);
  }
  return ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
}

/** Whether every term is in one of the texts (case-insensitive). */
export function containsAll(texts: readonly string[], terms: readonly string[]): boolean {
  const hays = texts.map((text) => text.toLowerCase());
  return terms.every((term) => hays.some((hay) => hay.includes(term)));
}

/** The index of the word (of `starts`) a character offset falls in. */
export function wordAtOffset(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  let found = 0;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    if (starts[mid]! <= offset) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

export interface Snippet {
  readonly text: string;
  /** The matches inside `text`, as [start, end) offsets, sorted and not overlapping. */
  readonly marks: Array<[number, number]>;
}

/** Characters of context shown before the first match and in all. */
const BEFORE = 40;
const LENGTH = 160;

/**
 * The stretch of `text` around its first match, cut at spaces where the language has them,
 * with `…` where it was cut, and every match inside it.
 */
export function snippetOf(text: string, ranges: ReadonlyArray<readonly [number, number]>): Snippet {
  const first = ranges[0]?.[0] ?? 0;
  let start = Math.max(0, first - BEFORE);
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space >= 0 && space < first) start = space + 1;
  }
  let end = Math.min(text.length, start + LENGTH);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > first) end = space;
  }
  const lead = start > 0 ? '…' : '';
  const tail = end < text.length ? '…' : '';
  const marks: Array<[number, number]> = [];
  for (const [from, to] of ranges) {
    if (from < start || to > end) continue;
    const last = marks.at(-1);
    const at: [number, number] = [from - start + lead.length, to - start + lead.length];
    if (last && at[0] < last[1]) last[1] = Math.max(last[1], at[1]);
    else marks.push(at);
  }
  return { text: lead + text.slice(start, end) + tail, marks };
}

/**
 * A body as the index stores it: its text with its word starts marked (markWords), UTF-8,
 * deflated (level 6: level 9 or a dictionary of common words saved at most 2 %, brotli's best
 * 6 % but took 40 times as long to write).
 */
export function packBody(body: Body): Buffer {
  return deflateRawSync(Buffer.from(markWords(body), 'utf8'));
}

/** A stored body: its text, and its word starts found when asked for (only a hit needs them). */
export function unpackBody(packed: Uint8Array): { text: string; starts: () => readonly number[] } {
  const marked = inflateRawSync(packed);
  return {
    text: unmarkedText(marked),
    starts: () => startsOf(marked),
  };
}
