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

/** A transcript's body with the time each word begins. */
export interface TimedBody extends Body {
  /**
   * When each word (of `starts`) begins in the recording, in milliseconds: the service's time,
   * or the word before's where it gave none.
   */
  readonly times: readonly number[];
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
export function bodyOf(transcript: Transcript): TimedBody {
  const starts: number[] = [];
  const times: number[] = [];
  let text = '';
  transcript.utterances.forEach((utterance, index) => {
    if (index > 0) text += '\n';
    const joiner = joinerOf(utterance);
    let line = '';
    for (const token of utterance.tokens) {
      const punctuation = isPunctuation(token);
      if (line !== '' && !punctuation) line += joiner;
      if (!punctuation) {
        starts.push(text.length + line.length);
        times.push(token.starttime ?? times.at(-1) ?? 0);
      }
      line += spaced(token.written);
    }
    text += line;
  });
  return { text, starts, times };
}

/**
 * Word times as the index stores them: each word's start in hundredths of a second, as the
 * difference from the word before (zigzag, so a time earlier than the one before costs no more),
 * in LEB128 varints: a word a byte, mostly. A hit reads only as far as the word it needs, so a
 * search never reads a transcript for the times of its passages.
 */
export function packTimes(times: readonly number[]): Buffer {
  const bytes: number[] = [];
  let before = 0;
  for (const ms of times) {
    const now = Math.round(ms / 10);
    const step = now - before;
    before = now;
    let rest = step >= 0 ? step * 2 : -step * 2 - 1;
    while (rest >= 0x80) {
      bytes.push((rest % 0x80) | 0x80);
      rest = Math.floor(rest / 0x80);
    }
    bytes.push(rest);
  }
  return Buffer.from(bytes);
}

/** The start (seconds) of each of the words asked for, from packed times (packTimes). */
export function timesAt(packed: Uint8Array, words: readonly number[]): Array<number | undefined> {
  const last = Math.max(-1, ...words);
  const found = new Map<number, number>();
  let at = 0;
  let now = 0;
  for (let word = 0; word <= last && at < packed.length; word++) {
    let rest = 0;
    let scale = 1;
    let byte: number;
    do {
      byte = packed[at++]!;
      rest += (byte & 0x7f) * scale;
      scale *= 0x80;
    } while (byte & 0x80 && at < packed.length);
    now += rest % 2 === 0 ? rest / 2 : -(rest + 1) / 2;
    found.set(word, now / 100);
  }
  return words.map((word) => found.get(word));
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
  const bytes = plainBytes(Buffer.from(marked, 'utf8'));
  return { text: unmarkedText(bytes), starts: startsOf(bytes) };
}

/*
 * A stored body is read as UTF-8 bytes, where each mark is one byte that is never part of a
 * character's bytes: stripping them there (through a plain Uint8Array: a Buffer's bytes are
 * slower to index) costs a third of decoding them, replacing them in the string twice as much;
 * word starts are counted in UTF-16 units as they go.
 */
const SPACE_WORD_BYTE = 1;
const WORD_BYTE = 2;
const SPACE_BYTE = 0x20;

/** A marked body's text without its marks. */
function unmarkedText(marked: Uint8Array): string {
  const bytes = new Uint8Array(marked.length);
  let length = 0;
  for (let at = 0; at < marked.length; at++) {
    const byte = marked[at]!;
    if (byte === SPACE_WORD_BYTE) bytes[length++] = SPACE_BYTE;
    else if (byte !== WORD_BYTE) bytes[length++] = byte;
  }
  return Buffer.from(bytes.buffer, 0, length).toString('utf8');
}

const plainBytes = (buffer: Buffer) =>
  new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);

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

/**
 * The index of the word each offset of a marked body's text falls in, as `wordAtOffset` finds
 * it in its starts: counted up to the last offset, with no list of every start (a hit needs
 * three, near the top of a text of thousands).
 */
function wordsAt(marked: Uint8Array, offsets: readonly number[]): number[] {
  const order = offsets.map((offset, i) => ({ offset, i })).sort((a, b) => a.offset - b.offset);
  const words = new Array<number>(offsets.length).fill(0);
  let next = 0;
  let seen = 0;
  let units = 0;
  for (let at = 0; at < marked.length && next < order.length; at++) {
    const byte = marked[at]!;
    if (byte === SPACE_WORD_BYTE || byte === WORD_BYTE) {
      if (byte === SPACE_WORD_BYTE) units += 1;
      // The offsets before this start are in the word before it.
      for (; next < order.length && order[next]!.offset < units; next++)
        words[order[next]!.i] = Math.max(0, seen - 1);
      seen += 1;
    } else if ((byte & 0xc0) !== 0x80) {
      units += byte >= 0xf0 ? 2 : 1;
    }
  }
  for (; next < order.length; next++) words[order[next]!.i] = Math.max(0, seen - 1);
  return words;
}

/**
 * The full-text tables' tokenizer. Their tokens are made here (tokensOf, piecesOf), a space
 * between two, so it only has to split at spaces: every character but a space is a token
 * character, folded to lower case as the trigram tokenizer folds it, diacritics kept.
 */
export const TOKENIZER = "unicode61 remove_diacritics 0 categories 'L* M* N* P* S* C*'";

/**
 * The characters SQLite's tokenizer splits at or drops though they are not spaces (U+180E, once
 * a space, and NUL and two non-characters; tests/unit/core/search/documents.test.ts looks at every
 * character): in a token they are made U+FFFD, in the text and in a query's terms alike.
 */
const UNTOKENIZABLE = /[\0\u180e\ufffe\uffff]/gu;
export const tokenable = (text: string) => text.replace(UNTOKENIZABLE, '\ufffd');

/** Runs of text between spaces up to this many characters are indexed whole, as words. */
export const WORD_CHARS = 16;

/** Letters and digits outside ASCII: the scripts written without spaces (kana, kanji, hangul…). */
const SHORT_GRAM = /^[\p{L}\p{N}]+$/u;
const isGramChar = (char: string) => char > '\u007f' && SHORT_GRAM.test(char);

/**
 * The pieces a term inside a run (or a word) is found by: its trigrams, and the one- and
 * two-character pieces of its non-ASCII letters and digits (for the Japanese words of one or two
 * characters that trigrams cannot hold: 会議).
 */
export function piecesOf(run: string): string[] {
  const pieces = new Set<string>();
  const chars = [...run];
  chars.forEach((char, i) => {
    if (i + 3 <= chars.length) pieces.add(char + chars[i + 1]! + chars[i + 2]!);
    if (!isGramChar(char)) return;
    pieces.add(char);
    const next = chars[i + 1];
    if (next !== undefined && isGramChar(next)) pieces.add(char + next);
  });
  return [...pieces];
}

const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * A term (lower case, tokenable) as an FTS5 query of pieces: the AND of its trigrams, or its
 * one- or two-character piece; undefined for a shorter term of other characters (ASCII), which
 * no piece holds.
 */
export function piecesQuery(term: string): string | undefined {
  const chars = [...term];
  if (chars.length >= 3) {
    const trigrams = new Set<string>();
    for (let i = 0; i + 3 <= chars.length; i++) trigrams.add(chars.slice(i, i + 3).join(''));
    return [...trigrams].map(quoted).join(' AND ');
  }
  return chars.every(isGramChar) ? quoted(term) : undefined;
}

/** A word (or any token) as an FTS5 query. */
export const tokenQuery = quoted;

/**
 * What the index holds of a job's texts (its transcript, title and file name): their runs
 * between spaces, lower case, each short one whole (a word) and the pieces of each long one,
 * distinct, a space between two; and the words alone, for the vocabulary. A term holds no space,
 * so it is always inside one run: inside a word (found through the vocabulary) or a long run
 * (found by its pieces).
 */
export function tokensOf(texts: readonly string[]): { tokens: string; words: string[] } {
  const words = new Set<string>();
  const pieces = new Set<string>();
  for (const text of texts) {
    for (const run of tokenable(text.toLowerCase()).split(/\s+/u)) {
      if (run === '') continue;
      if ([...run].length <= WORD_CHARS) words.add(run);
      else for (const piece of piecesOf(run)) pieces.add(piece);
    }
  }
  return { tokens: [...words, ...pieces].join(' '), words: [...words] };
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

/** Whether every term is in one of the texts, given in lower case (`hays`). */
export function containsAll(hays: readonly string[], terms: readonly string[]): boolean {
  return terms.every((term) => hays.some((hay) => hay.includes(term)));
}

/** A line (an utterance) of a text holding some of the terms. */
export interface LineHolding {
  /** Where the line starts and ends in the text ([from, to), without its line break). */
  readonly from: number;
  readonly to: number;
  /** Where its first match starts. */
  readonly at: number;
  /** How many of the terms it holds. */
  readonly count: number;
}

/**
 * How many times the terms occur in a text, as `rangesIn` finds them, and the lines holding
 * some, in order: one pass over its lower-case copy (`hay`, which the check made), where a
 * range and a lower-cased copy of each line cost the hits of a common word three times their
 * reading (a line holds a term when one of its ranges is that term's: a term holds no line
 * break, so a range `indexOf` steps over lies in the line of the one before). At most 31 terms
 * (a query's are at most 8). The lines stop once `enough` of them hold every term: no later one
 * holds more, so a hit's first lines holding most are among them (a common word's hit then
 * reads three lines, not all fifty).
 */
export function linesHolding(
  text: string,
  hay: string,
  terms: readonly string[],
  enough = Infinity,
): { matches: number; lines: LineHolding[] } {
  if (hay.length !== text.length) return { matches: 0, lines: [] };
  // Each match as its start times the number of terms, plus its term's place: sorted as numbers.
  const found: number[] = [];
  const width = terms.length;
  if (width > 31) throw new RangeError('linesHolding takes at most 31 terms');
  for (let t = 0; t < width; t++) {
    const term = terms[t]!;
    for (let at = hay.indexOf(term); at >= 0; at = hay.indexOf(term, at + term.length))
      found.push(at * width + t);
  }
  if (width > 1) found.sort((a, b) => a - b);
  const lines: LineHolding[] = [];
  // The line being read: where it starts and ends, its first match, the terms it holds (a bit
  // for each term's place: a query has at most a few).
  let from = 0;
  let to = -1;
  let first = 0;
  let held = 0;
  let whole = 0;
  const popcount = (bits: number) => {
    let count = 0;
    for (; bits !== 0; bits &= bits - 1) count++;
    return count;
  };
  for (const match of found) {
    const at = Math.floor(match / width);
    if (at >= to) {
      if (held !== 0) {
        const count = popcount(held);
        lines.push({ from, to, at: first, count });
        if (count === width && ++whole >= enough) return { matches: found.length, lines };
      }
      const end = hay.indexOf('\n', at);
      from = hay.lastIndexOf('\n', at - 1) + 1;
      to = end < 0 ? hay.length : end;
      first = at;
      held = 0;
    }
    held |= 1 << (match % width);
  }
  if (held !== 0) lines.push({ from, to, at: first, count: popcount(held) });
  return { matches: found.length, lines };
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

/**
 * A stored body: its text, and its word starts found when asked for (only a hit needs them), all
 * of them or the word each of a few offsets falls in (wordsAt).
 */
export function unpackBody(packed: Uint8Array): {
  text: string;
  starts: () => readonly number[];
  wordsAt: (offsets: readonly number[]) => number[];
} {
  const marked = plainBytes(inflateRawSync(packed));
  return {
    text: unmarkedText(marked),
    starts: () => startsOf(marked),
    wordsAt: (offsets) => wordsAt(marked, offsets),
  };
}
