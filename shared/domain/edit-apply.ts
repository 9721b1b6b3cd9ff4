/**
 * The edit layer's operations (edits.ts) folded over the service's transcript: the transcript a
 * person sees, each edited word keeping the service's words it came from.
 */
import type { Utterance } from '../api/recognition';
import { isPunctuation, joinTexts, joinTokens } from '../format/speakers';
import { joinerOfUtterance } from './edit-ops';
import type { EditedToken, EditedTranscript, EditedUtterance, EditOp, WordChange } from './edits';
import type { Transcript } from './job';

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
