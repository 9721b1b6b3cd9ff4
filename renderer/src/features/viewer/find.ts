/**
 * Find in a transcript: the matches of the text view (every occurrence in an utterance's text)
 * and of the word view (every word that holds the query), in reading order; and a block's text
 * cut into the pieces the text view draws: words (with their times, to seek) and marked matches.
 */
import type { Block } from '../../../../shared/format/speakers';
import { matchesIn, type Word } from './words';

/** Each block's matches, and where its first one is counted among all of them. */
export interface TextMatches {
  readonly ranges: ReadonlyArray<ReadonlyArray<readonly [number, number]>>;
  readonly first: readonly number[];
  readonly count: number;
}

/** One empty list for every block without a match, so a memoized block sees no change. */
const NONE: ReadonlyArray<readonly [number, number]> = [];

export function textMatches(blocks: readonly Block[], query: string): TextMatches {
  const ranges: Array<ReadonlyArray<readonly [number, number]>> = [];
  const first: number[] = [];
  let count = 0;
  for (const block of blocks) {
    const found = matchesIn(block.text, query);
    first.push(count);
    ranges.push(found.length > 0 ? found : NONE);
    count += found.length;
  }
  return { ranges, first, count };
}

/** The indexes of the words that hold the query (not those hidden, ./shown). */
export function wordMatches(
  words: ReadonlyArray<Word & { readonly hidden?: boolean }>,
  query: string,
): number[] {
  if (!query.trim()) return [];
  return words
    .filter((w) => !w.hidden && matchesIn(w.written, query).length > 0)
    .map((w) => w.index);
}

/** Moves through `count` matches from `at`, round at either end. */
export const stepMatch = (at: number, count: number, by: 1 | -1): number =>
  count === 0 ? 0 : (at + by + count) % count;

/**
 * A stretch of a block's text: inside a word (which starts at `ms`, the block's token `token`),
 * and in a match (its number).
 */
export interface Piece {
  readonly text: string;
  readonly ms?: number;
  readonly token?: number;
  readonly match?: number;
}

/**
 * A block's text as pieces: the words are found in the text in order (a word the text does not
 * hold, or without a time, stays plain text), and cut where a match starts or ends.
 */
export function piecesOf(
  block: Block,
  matches: ReadonlyArray<readonly [number, number]>,
  firstMatch: number,
): Piece[] {
  const text = block.text;
  const words: Array<{ start: number; end: number; ms: number; token: number }> = [];
  let cursor = 0;
  for (const [index, token] of block.tokens.entries()) {
    if (!token.written || token.starttime === undefined || token.spoken === '_') continue;
    const at = text.indexOf(token.written, cursor);
    if (at < 0) continue;
    words.push({ start: at, end: at + token.written.length, ms: token.starttime, token: index });
    cursor = at + token.written.length;
  }
  const cuts = new Set([0, text.length]);
  for (const w of words) cuts.add(w.start).add(w.end);
  for (const [start, end] of matches) cuts.add(start).add(end);
  const points = [...cuts].sort((a, b) => a - b);
  const pieces: Piece[] = [];
  let w = 0;
  let m = 0;
  for (let i = 0; i + 1 < points.length; i++) {
    const start = points[i]!;
    const end = points[i + 1]!;
    while (w < words.length && words[w]!.end <= start) w++;
    while (m < matches.length && matches[m]![1] <= start) m++;
    const candidate = words[w];
    const word = candidate && candidate.start <= start ? candidate : undefined;
    const hit = matches[m];
    const match = hit && hit[0] <= start ? firstMatch + m : undefined;
    pieces.push({
      text: text.slice(start, end),
      ...(word ? { ms: word.ms, token: word.token } : {}),
      ...(match === undefined ? {} : { match }),
    });
  }
  return pieces;
}
