/**
 * Making the edit layer's operations (edits.ts) from what a person did: a word typed over, a
 * word or every edit reverted, a speaker named, an utterance typed over as a whole (its words
 * compared with what it was, so unchanged words keep their times).
 */
import type { Token, Utterance } from '../api/recognition';
import { CJK, isPunctuation, joinerOf } from '../format/speakers';
import type { EditedUtterance, EditOp, WordChange } from './edits';

/** The words a person typed: split at white space; nothing (or only spaces) removes the word. */
export const wordsOf = (text: string): string[] => text.split(/\s+/u).filter((w) => w !== '');

/** A word's edit in place: its new text, which may be several words or none. */
export const wordEdit = (utterance: number, index: number, text: string): EditOp => ({
  kind: 'words',
  utterance,
  changes: [{ from: index, to: index + 1, written: wordsOf(text) }],
});

export const revertWord = (utterance: number, index: number): EditOp => ({
  kind: 'revert-word',
  utterance,
  index,
});

export const revertAll = (): EditOp => ({ kind: 'revert-all' });

export const renameSpeaker = (label: string, name: string): EditOp => ({
  kind: 'speaker',
  label,
  name: name.trim(),
});

/**
 * How an utterance's words are joined: with spaces, unless its text is written without them
 * (Japanese, Chinese). A one-word utterance's own text cannot show which, so its script does.
 */
export function joinerOfUtterance(utterance: Utterance): string {
  if (joinerOf(utterance) === ' ') return ' ';
  return CJK.test(utterance.text) ? '' : ' ';
}

/**
 * The hunks where `a` and `b` differ, as [aFrom, aTo, bFrom, bTo], by a longest common
 * subsequence (common ends trimmed first, so a small edit of a long text costs little).
 * A middle too large to compare is one hunk.
 */
export function diffHunks<T>(
  a: readonly T[],
  b: readonly T[],
): Array<[number, number, number, number]> {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const n = endA - start;
  const m = endB - start;
  if (n === 0 && m === 0) return [];
  if (n === 0 || m === 0 || n * m > 4_000_000) return [[start, endA, start, endB]];
  // lengths[i][j]: the LCS of a[start+i..endA) and b[start+j..endB), row-major.
  const width = m + 1;
  const lengths = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[i * width + j] =
        a[start + i] === b[start + j]
          ? lengths[(i + 1) * width + j + 1]! + 1
          : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
    }
  }
  const hunks: Array<[number, number, number, number]> = [];
  let i = 0;
  let j = 0;
  let open: [number, number, number, number] | undefined;
  const close = () => {
    if (open) hunks.push(open);
    open = undefined;
  };
  while (i < n || j < m) {
    if (i < n && j < m && a[start + i] === b[start + j]) {
      close();
      i++;
      j++;
    } else {
      open ??= [start + i, start + i, start + j, start + j];
      if (j >= m || (i < n && lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!)) {
        i++;
        open[1] = start + i;
      } else {
        j++;
        open[3] = start + j;
      }
    }
  }
  close();
  return hunks;
}

/** Runs of words joined without a space (a word and the punctuation after it). */
function spacedGroups(tokens: readonly Token[]): Array<{ from: number; to: number; text: string }> {
  const groups: Array<{ from: number; to: number; text: string }> = [];
  tokens.forEach((token, k) => {
    const last = groups.at(-1);
    if (last && isPunctuation(token)) {
      last.to = k + 1;
      last.text += token.written;
    } else groups.push({ from: k, to: k + 1, text: token.written });
  });
  return groups;
}

/**
 * An utterance edited as a whole: the word changes that turn its words into `text`. Words that
 * are unchanged keep their place (and so their times); what changed is replaced by the new
 * words, which share the time of what they replace. Text written with spaces is compared word by
 * word; text written without them (Japanese) character by character, a changed character taking
 * the word it belongs to. Undefined when nothing changed. With `range`, only the tokens
 * [from, to) are edited (one speaker's part of the utterance).
 */
export function utteranceEdit(
  utteranceIndex: number,
  utterance: EditedUtterance,
  text: string,
  range: readonly [number, number] = [0, utterance.tokens.length],
): EditOp | undefined {
  const [offset, end] = range;
  const tokens = utterance.tokens.slice(offset, end);
  const changes = (
    joinerOfUtterance(utterance) === ' '
      ? spacedChanges(tokens, wordsOf(text))
      : unspacedChanges(tokens, text.trim())
  ).map((c) => ({ ...c, from: c.from + offset, to: c.to + offset }));
  const all = utterance.tokens;
  const real = changes.filter(
    (c) =>
      !(c.to - c.from === 1 && c.written.length === 1 && all[c.from]!.written === c.written[0]),
  );
  return real.length === 0
    ? undefined
    : { kind: 'words', utterance: utteranceIndex, changes: real };
}

function spacedChanges(tokens: readonly Token[], words: readonly string[]): WordChange[] {
  const groups = spacedGroups(tokens);
  return diffHunks(
    groups.map((g) => g.text),
    words,
  ).map(([ga, gb, wa, wb]) => {
    const from = ga < groups.length ? groups[ga]!.from : tokens.length;
    const to = gb > ga ? groups[gb - 1]!.to : from;
    return { from, to, written: words.slice(wa, wb) };
  });
}

function unspacedChanges(tokens: readonly Token[], text: string): WordChange[] {
  const oldChars: string[] = [];
  const starts: number[] = [];
  for (const token of tokens) {
    starts.push(oldChars.length);
    oldChars.push(...Array.from(token.written));
  }
  starts.push(oldChars.length);
  const newChars = Array.from(text);
  /** The token holding character `c` (the last one starting at or before it). */
  const tokenAt = (c: number) => {
    let k = 0;
    while (k + 1 < tokens.length && starts[k + 1]! <= c) k++;
    return k;
  };
  // Each hunk widened to whole words: [token from, token to, new from, new to].
  const spans: Array<[number, number, number, number]> = [];
  for (const [a, b, c, d] of diffHunks(oldChars, newChars)) {
    let span: [number, number, number, number];
    if (a < b) {
      const first = tokenAt(a);
      const last = tokenAt(b - 1);
      span = [first, last + 1, c - (a - starts[first]!), d + (starts[last + 1]! - b)];
    } else {
      const k = tokenAt(a);
      const inside = tokens.length > 0 && starts[k]! < a && a < starts[k + 1]!;
      span = inside
        ? [k, k + 1, c - (a - starts[k]!), d + (starts[k + 1]! - a)]
        : ((at: number) => [at, at, c, d] as [number, number, number, number])(
            a >= oldChars.length ? tokens.length : starts.indexOf(a),
          );
    }
    const previous = spans.at(-1);
    if (previous && (span[0] < previous[1] || span[0] === previous[0])) {
      previous[1] = Math.max(previous[1], span[1]);
      previous[3] = span[3];
    } else spans.push(span);
  }
  return spans.map(([from, to, c, d]) => ({
    from,
    to,
    written: wordsOf(newChars.slice(c, d).join('')),
  }));
}
