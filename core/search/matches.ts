/**
 * What a hit shows of a text: where a query's terms occur in it, the lines (utterances) holding
 * them, and the snippet around a match with its ranges marked (plain text and offsets: the
 * window marks them, no markup comes from here).
 */

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
