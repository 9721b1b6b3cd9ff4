/**
 * Japanese phrases for subtitle lines, by BudouX's own model and scoring. The `budoux` package's
 * parser makes thirteen substrings at every character and looks each up in a table by name,
 * which made it most of a long meeting's subtitles' time; here each window of one to three
 * characters is a number (its UTF-16 code units, one more than each, in base 65,537: one number
 * per string of up to three units, the empty one 0), looked up in tables keyed the same way (a
 * one-character feature's table an array by code unit; a longer one's asked only when some key
 * of its starts with the window's first unit). The
 * boundaries are the same, by the same sums in the same order (a unit test compares them with
 * BudouX's own on many sentences).
 */
import { jaModel } from 'budoux';

/** The features in the order BudouX adds them, each with where its window starts and ends. */
const FEATURES = [
  ['UW1', -3, -2],
  ['UW2', -2, -1],
  ['UW3', -1, 0],
  ['UW4', 0, 1],
  ['UW5', 1, 2],
  ['UW6', 2, 3],
  ['BW1', -2, 0],
  ['BW2', -1, 1],
  ['BW3', 0, 2],
  ['TW1', -3, 0],
  ['TW2', -2, 1],
  ['TW3', -1, 2],
  ['TW4', 0, 3],
] as const;

type Model = Readonly<Record<string, Readonly<Record<string, number>>>>;

const BASE = 65_537;

/** A string of up to three UTF-16 code units as one number; longer ones have none. */
function keyOf(text: string): number | undefined {
  if (text.length > 3) return undefined;
  let key = 0;
  for (let i = 0; i < text.length; i++) key = key * BASE + text.charCodeAt(i) + 1;
  return key;
}

/** A parser of BudouX's kind for `model`: `text` cut into its phrases, in order. */
export function phraseParser(model: Model): (text: string) => string[] {
  const groups = Object.entries(model);
  // As BudouX computes it: minus half of every score, summed in the model's order.
  const baseScore =
    -0.5 *
    groups
      .map(([, group]) => Object.values(group))
      .flat()
      .reduce((sum, score) => sum + score, 0);
  // A one-character feature is an array by code unit (index 0 the empty window); the others
  // are maps by the window's number, behind a mask by the window's first code unit (bit f for
  // the f-th such feature): most windows start with a unit no key of theirs starts with, and
  // skip the map (adding nothing, as a miss adds 0).
  const starts = new Uint16Array(BASE);
  let maps = 0;
  const tables = FEATURES.map(([name, from, to]) => {
    const entries = Object.entries(model[name] ?? {});
    if (to - from === 1) {
      const byUnit = new Float64Array(BASE);
      for (const [text, score] of entries) {
        const key = keyOf(text);
        if (key !== undefined && key < BASE) byUnit[key] = score;
      }
      return { byUnit, bit: 0, from, to };
    }
    const bit = 1 << maps++;
    const byKey = new Map<number, number>();
    let empty = false;
    for (const [text, score] of entries) {
      const key = keyOf(text);
      if (key === undefined) continue;
      byKey.set(key, score);
      if (text === '') empty = true;
      else starts[text.charCodeAt(0) + 1]! |= bit;
    }
    // The empty window (0) is looked up only where a text is shorter than the windows.
    if (empty) starts[0]! |= bit;
    return { byKey, bit, from, to };
  });
  // The text's code units, one more than each, reused from call to call.
  let units = new Int32Array(256);
  return (text) => {
    if (text === '') return [];
    if (units.length < text.length) units = new Int32Array(text.length * 2);
    for (let i = 0; i < text.length; i++) units[i] = text.charCodeAt(i) + 1;
    const phrases: string[] = [];
    let start = 0;
    for (let i = 1; i < text.length; i++) {
      let score = baseScore;
      for (let f = 0; f < tables.length; f++) {
        const { byUnit, byKey, bit, from, to } = tables[f]!;
        // The window as substring cuts it: clamped to the text.
        const first = Math.max(i + from, 0);
        const end = Math.min(i + to, text.length);
        const head = first < end ? units[first]! : 0;
        if (byUnit) {
          score += byUnit[head]!;
          continue;
        }
        if ((starts[head]! & bit) === 0) continue;
        let key = 0;
        for (let at = first; at < end; at++) key = key * BASE + units[at]!;
        score += byKey.get(key) || 0;
      }
      if (score > 0) {
        phrases.push(text.slice(start, i));
        start = i;
      }
    }
    phrases.push(text.slice(start));
    return phrases;
  };
}

let japanese: ((text: string) => string[]) | undefined;
/** The phrases of `text`, as BudouX's Japanese model finds them (loaded on first use). */
export const japanesePhrases = (text: string): string[] =>
  (japanese ??= phraseParser(jaModel))(text);

/**
 * `segment` remembering what it found, for one export: SRT and VTT made at once cut the same
 * texts into the same phrases.
 */
export function remembering(segment: (text: string) => readonly string[]) {
  const found = new Map<string, readonly string[]>();
  return (text: string): readonly string[] => {
    let phrases = found.get(text);
    if (!phrases) found.set(text, (phrases = segment(text)));
    return phrases;
  };
}
