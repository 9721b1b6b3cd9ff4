/**
 * The edit layer: a person's corrections of a transcript, kept apart from what the
 * service said. The service's transcript is never changed; the edits are a list of operations
 * with an undo position, and `applyEdits` folds the operations in effect over the transcript.
 *
 * Every operation names words by their place in the transcript as it stood when it was made
 * (the edited transcript, operations before it applied), so the window sends what it shows.
 * - `words`: replace the words [from, to) of one utterance with new written forms (none removes
 *   them, several split their span, sharing its time evenly; an empty span inserts).
 * - `speaker`: a speaker label's name for the whole transcript ("" gives the default back).
 * - `revert-word`: the service's words back in place of the edited word and those made with it.
 * - `revert-all`: every edit before it undone (itself one step that undo takes back).
 *
 * Each edited word keeps track of the service's words it came from, so a word can be reverted,
 * and says `edited`, with the service's text of those words in `original`.
 */
import { z } from 'zod';
import { tokenSchema, utteranceSchema, type Token, type Utterance } from '../api/recognition';
import { CJK, isPunctuation, joinerOf, joinTexts, joinTokens } from '../format/speakers';
import { appError, type AppError } from './errors';
import { hasControls, transcriptSchema, type Transcript } from './job';
import { SPEAKER_NAME_MAX } from './no-edits';

const index = z.number().int().nonnegative();

export const wordChangeSchema = z.object({
  from: index,
  to: index,
  written: z.array(z.string().trim().min(1).max(500)).max(1000),
});
export type WordChange = z.infer<typeof wordChangeSchema>;

export const editOpSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('words'),
    utterance: index,
    /** Ascending and apart, each naming the words as they were before this operation. */
    changes: z.array(wordChangeSchema).min(1).max(10_000),
  }),
  z.object({
    kind: z.literal('speaker'),
    label: z.string().min(1),
    name: z.string().max(SPEAKER_NAME_MAX),
  }),
  z.object({ kind: z.literal('revert-word'), utterance: index, index }),
  z.object({ kind: z.literal('revert-all') }),
]);
export type EditOp = z.infer<typeof editOpSchema>;

/** The operations made so far, and how many of them are in effect (the rest can be redone). */
export const editHistorySchema = z
  .object({ ops: z.array(editOpSchema), position: index })
  .refine((h) => h.position <= h.ops.length, { message: 'position beyond the operations' });
export type EditHistory = z.infer<typeof editHistorySchema>;

// Apart, so the window's first screen holds an empty history without the corrections' code.
export { NO_EDITS, SPEAKER_NAME_MAX } from './no-edits';

/** The most characters one correction may hold (its written words, or a speaker's name). */
export const EDIT_MAX_CHARS = 100_000;
/**
 * The most bytes (of JSON) a job's history may hold, its operations in effect and the new one:
 * some 40,000 word corrections, or 13 of the largest. `jobs:get` answers at most this much, and
 * a start reads back at most this much (the edits file, appended to, is at most twice this).
 */
export const EDIT_HISTORY_MAX_BYTES = 4 * 1024 * 1024;

/**
 * A correction's text holding a control character (C0, DEL or C1: a line break, a tab, ESC, a
 * terminal's command), refused whole: a transcript's words and a speaker's name are one line of
 * text, which exports and the command line show as it is.
 */
export function editControlProblem(op: EditOp): AppError | undefined {
  const texts =
    op.kind === 'words'
      ? op.changes.flatMap((change) => change.written)
      : op.kind === 'speaker'
        ? [op.name, op.label]
        : [];
  return texts.some(hasControls) ? appError('edit-control') : undefined;
}

/** The characters a correction holds: its written words, or the speaker's name it gives. */
export function editChars(op: EditOp): number {
  switch (op.kind) {
    case 'words':
      return op.changes.reduce(
        (sum, change) => sum + change.written.reduce((n, word) => n + word.length, 0),
        0,
      );
    case 'speaker':
      return op.name.length + op.label.length;
    default:
      return 0;
  }
}

export const editedTokenSchema = tokenSchema.extend({
  /** Made by a person, not by the service. */
  edited: z.literal(true).optional(),
  /** What the service wrote for the words this one replaced (none for an inserted word). */
  original: z.string().optional(),
});
export type EditedToken = z.infer<typeof editedTokenSchema>;

export const editedUtteranceSchema = utteranceSchema.extend({
  tokens: z.array(editedTokenSchema),
});
export type EditedUtterance = z.infer<typeof editedUtteranceSchema>;

/** A transcript with the edits applied: the same shape as the service's, marked as edited. */
export const editedTranscriptSchema = transcriptSchema.extend({
  utterances: z.array(editedUtteranceSchema),
  /** Some word or speaker's name differs from what the service said. */
  edited: z.literal(true).optional(),
  /** Speakers' names by label (`speaker0` → "Tanaka"), where a person named them. */
  speakerNames: z.record(z.string(), z.string()).optional(),
});
export type EditedTranscript = z.infer<typeof editedTranscriptSchema>;

// ——— history ———

export const effectiveOps = (history: EditHistory): readonly EditOp[] =>
  history.ops.slice(0, history.position);

/** A new operation: those undone after the position are dropped (they can no longer be redone). */
export const pushEdit = (history: EditHistory, op: EditOp): EditHistory => ({
  ops: [...history.ops.slice(0, history.position), op],
  position: history.position + 1,
});

export const canUndo = (history: EditHistory) => history.position > 0;
export const canRedo = (history: EditHistory) => history.position < history.ops.length;

export const undo = (history: EditHistory): EditHistory =>
  canUndo(history) ? { ops: history.ops, position: history.position - 1 } : history;

export const redo = (history: EditHistory): EditHistory =>
  canRedo(history) ? { ops: history.ops, position: history.position + 1 } : history;

// ——— making operations ———

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

// ——— applying ———

/** A token and the service's words [a, b) of its utterance it came from. */
interface Work {
  tokens: EditedToken[];
  sources: Array<[number, number]>;
}

const overlaps = (x: [number, number], y: [number, number]) =>
  x[0] === x[1] || y[0] === y[1] ? x[0] === y[0] && x[1] === y[1] : x[0] < y[1] && y[0] < x[1];

function changesFit(changes: readonly WordChange[], length: number): boolean {
  let end = 0;
  let lastFrom = -1;
  for (const change of changes) {
    if (change.from > change.to || change.to > length) return false;
    if (change.from < end || change.from <= lastFrom) return false;
    end = change.to;
    lastFrom = change.from;
  }
  return true;
}

const PUNCTUATION = /^\p{P}+$/u;

function replaceWords(work: Work, service: Utterance, change: WordChange): void {
  const { from, to, written } = change;
  const replaced = work.tokens.slice(from, to);
  if (
    replaced.length === 1 &&
    written.length === 1 &&
    replaced[0]!.written === written[0] &&
    from < to
  )
    return;
  const source: [number, number] =
    from < to
      ? [
          Math.min(...work.sources.slice(from, to).map((s) => s[0])),
          Math.max(...work.sources.slice(from, to).map((s) => s[1])),
        ]
      : ((p: number): [number, number] => [p, p])(
          from > 0 ? work.sources[from - 1]![1] : (work.sources[0]?.[0] ?? 0),
        );
  const before = work.tokens[from - 1];
  const after = work.tokens[to];
  // An inserted word takes the moment between its neighbours (in an emptied utterance, its span).
  const start =
    from < to ? replaced[0]!.starttime : (before?.endtime ?? after?.starttime ?? service.starttime);
  let end =
    from < to ? replaced.at(-1)!.endtime : (after?.starttime ?? before?.endtime ?? service.endtime);
  if (start !== undefined && end === undefined) end = start;
  const label = replaced.find((t) => t.label !== undefined)?.label ?? before?.label ?? after?.label;
  const joiner = joinerOfUtterance(service);
  const original =
    source[0] < source[1]
      ? joinTokens(service.tokens.slice(source[0], source[1]), joiner)
      : undefined;
  const heard = replaced.filter((t) => !isPunctuation(t) && t.spoken !== undefined);
  const spoken =
    written.length === 1 && heard.length > 0 && heard.length === replaced.length
      ? heard.map((t) => t.spoken).join(joiner)
      : undefined;
  const made: EditedToken[] = written.map((word, k) => {
    const token: EditedToken = { written: word, edited: true };
    if (start !== undefined && end !== undefined) {
      const span = Math.max(0, end - start);
      token.starttime = start + Math.round((span * k) / written.length);
      token.endtime = start + Math.round((span * (k + 1)) / written.length);
    }
    if (PUNCTUATION.test(word)) token.spoken = '_';
    else if (spoken !== undefined) token.spoken = spoken;
    if (label !== undefined) token.label = label;
    if (original !== undefined) token.original = original;
    return token;
  });
  work.tokens.splice(from, to - from, ...made);
  work.sources.splice(from, to - from, ...made.map((): [number, number] => [...source]));
}

/**
 * How many edited tokens from `k` on (going by `step`) join a revert of the service words
 * `range`: one whose source overlaps it; words inserted inside it (or, reverting an inserted
 * word, inserted at the same place); and words inserted at its edge when an edited token of the
 * range lies beyond them (they sit among the range's own words: left in place, they would stand
 * between its reverted words and keep later ones from being reverted, out of order in time).
 */
function joining(work: Work, k: number, step: 1 | -1, range: [number, number]): number {
  let joined = 0;
  let atEdge = 0;
  for (let j = k; j >= 0 && j < work.tokens.length; j += step) {
    if (!work.tokens[j]!.edited) break;
    const [from, to] = work.sources[j]!;
    if (from !== to) return overlaps([from, to], range) ? joined + atEdge + 1 : joined;
    if (from < range[0] || from > range[1]) break;
    if (range[0] === range[1] || (range[0] < from && from < range[1])) {
      joined += atEdge + 1;
      atEdge = 0;
    } else atEdge++;
  }
  return joined;
}

function revertInPlace(work: Work, service: Utterance, at: number): boolean {
  if (work.tokens[at]?.edited !== true) return false;
  let range: [number, number] = [...work.sources[at]!];
  let lo = at;
  let hi = at + 1;
  for (let grown = true; grown;) {
    grown = false;
    const left = lo > 0 ? joining(work, lo - 1, -1, range) : 0;
    if (left > 0) {
      lo -= left;
      grown = true;
    }
    const right = hi < work.tokens.length ? joining(work, hi, 1, range) : 0;
    if (right > 0) {
      hi += right;
      grown = true;
    }
    if (grown)
      range = [
        Math.min(range[0], ...work.sources.slice(lo, hi).map((s) => s[0])),
        Math.max(range[1], ...work.sources.slice(lo, hi).map((s) => s[1])),
      ];
  }
  const back = service.tokens.slice(range[0], range[1]);
  work.tokens.splice(lo, hi - lo, ...back);
  work.sources.splice(
    lo,
    hi - lo,
    ...back.map((_, k): [number, number] => [range[0] + k, range[0] + k + 1]),
  );
  return true;
}

/**
 * Whether `op` can be made on `transcript` as it now stands (the edited one): its words exist,
 * its changes are in order, a reverted word was edited, a named speaker speaks.
 */
export function applicable(transcript: EditedTranscript, op: EditOp): boolean {
  switch (op.kind) {
    case 'revert-all':
      return transcript.edited === true;
    case 'speaker':
      return transcript.utterances.some((u) => u.tokens.some((t) => t.label === op.label));
    case 'revert-word':
      return transcript.utterances[op.utterance]?.tokens[op.index]?.edited === true;
    case 'words': {
      const utterance = transcript.utterances[op.utterance];
      return utterance !== undefined && changesFit(op.changes, utterance.tokens.length);
    }
  }
}

/**
 * The transcript a person sees: `ops` applied in order over the service's transcript, which is
 * left as it was. An operation that does not fit (it cannot happen to operations the core
 * checked with `applicable`) is passed over. Without edits in effect, the transcript itself.
 */
export function applyEdits(transcript: Transcript, ops: readonly EditOp[]): EditedTranscript {
  if (ops.length === 0) return transcript;
  const works = new Map<number, Work>();
  const names = new Map<string, string>();
  const workOf = (u: number): Work => {
    let work = works.get(u);
    if (!work) {
      const tokens = transcript.utterances[u]!.tokens;
      work = { tokens: [...tokens], sources: tokens.map((_, k): [number, number] => [k, k + 1]) };
      works.set(u, work);
    }
    return work;
  };
  for (const op of ops) {
    switch (op.kind) {
      case 'revert-all':
        works.clear();
        names.clear();
        break;
      case 'speaker':
        if (op.name.trim() === '') names.delete(op.label);
        else names.set(op.label, op.name.trim());
        break;
      case 'revert-word': {
        const service = transcript.utterances[op.utterance];
        if (service) revertInPlace(workOf(op.utterance), service, op.index);
        break;
      }
      case 'words': {
        const service = transcript.utterances[op.utterance];
        if (!service) break;
        const work = workOf(op.utterance);
        if (!changesFit(op.changes, work.tokens.length)) break;
        for (const change of [...op.changes].reverse()) replaceWords(work, service, change);
        break;
      }
    }
  }
  let changed = false;
  const utterances = transcript.utterances.map((u, i): EditedUtterance => {
    const work = works.get(i);
    if (!work) return u;
    const same =
      work.tokens.length === u.tokens.length && work.tokens.every((t, k) => t === u.tokens[k]);
    if (same) return u;
    changed = true;
    return { ...u, tokens: work.tokens, text: joinTokens(work.tokens, joinerOfUtterance(u)) };
  });
  if (!changed && names.size === 0) return transcript;
  return {
    ...transcript,
    text: changed ? joinTexts(utterances.map((u) => u.text)) : transcript.text,
    utterances,
    edited: true,
    ...(names.size > 0 && { speakerNames: Object.fromEntries(names) }),
  };
}

/** The transcript with the history's operations in effect. */
export const editedTranscript = (transcript: Transcript, history: EditHistory) =>
  applyEdits(transcript, effectiveOps(history));
