/**
 * What the search index keeps of a transcript, and what a hit shows: the transcript's text as the
 * viewer joins it, one line per utterance, with where each word starts, so a match lands on a
 * word; and the snippet around a match with its ranges marked (plain text and offsets: the window
 * marks them, no markup comes from here).
 *
 * Words are counted as the viewer counts them (renderer/src/features/viewer/words.ts): every token
 * but punctuation, in order.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { Transcript } from '../../shared/domain/job';
import { isPunctuation, joinerOf } from '../../shared/format/speakers';

export interface Body {
  /** The utterances' text, one line each (line breaks inside a word become spaces). */
  readonly text: string;
  /** Where each word starts in `text` (UTF-16 offsets), as varint deltas. */
  readonly starts: Uint8Array;
}

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
      line += token.written.replace(/[\r\n]/g, ' ');
    }
    text += line;
  });
  return { text, starts: encodeStarts(starts) };
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

/** Word starts as unsigned LEB128 deltas: about one byte a word. */
export function encodeStarts(starts: readonly number[]): Uint8Array {
  const bytes: number[] = [];
  let last = 0;
  for (const start of starts) {
    let delta = start - last;
    last = start;
    while (delta >= 0x80) {
      bytes.push((delta & 0x7f) | 0x80);
      delta >>>= 7;
    }
    bytes.push(delta);
  }
  return Uint8Array.from(bytes);
}

export function decodeStarts(bytes: Uint8Array): number[] {
  const starts: number[] = [];
  let last = 0;
  let value = 0;
  let shift = 0;
  for (const byte of bytes) {
    value |= (byte & 0x7f) << shift;
    if (byte & 0x80) {
      shift += 7;
      continue;
    }
    last += value;
    starts.push(last);
    value = 0;
    shift = 0;
  }
  return starts;
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
 * A body as the index stores it: its text (UTF-8) and word starts, deflated together. Text
 * compresses about threefold, which keeps the index within one and a half times the text.
 */
export function packBody(body: Body): Buffer {
  const text = Buffer.from(body.text, 'utf8');
  const length = encodeStarts([text.length]);
  return deflateRawSync(Buffer.concat([length, text, body.starts]));
}

/** A stored body: its text, and its word starts decoded when asked for (only a hit needs them). */
export function unpackBody(packed: Uint8Array): { text: string; starts: () => number[] } {
  const raw = inflateRawSync(packed);
  let length = 0;
  let shift = 0;
  let at = 0;
  for (;;) {
    const byte = raw[at++]!;
    length |= (byte & 0x7f) << shift;
    if (!(byte & 0x80)) break;
    shift += 7;
  }
  return {
    text: raw.toString('utf8', at, at + length),
    starts: () => decodeStarts(raw.subarray(at + length)),
  };
}
