/**
 * Subtitle cues that a player shows well (SRT and WebVTT), by rules a person can change
 * (`SubtitleRules`), with defaults chosen by the transcript's script:
 *
 * - Japanese and Chinese: 13 full-width characters a line (a half-width character counts half,
 *   the common broadcast and streaming rule), 2 lines.
 * - Scripts written with spaces: 42 characters a line, 2 lines, balanced.
 * - Both: cues of at most 7 s and, where the speech allows, at least 5/6 s; 2 frames (83 ms)
 *   at least between two cues.
 *
 * A cue or a line breaks only between words (the service's tokens), and by preference between
 * phrases: a phrase segmenter (BudouX in the core, injected as `phrases`, since shared/ imports
 * no package) says where Japanese phrases end; words written with spaces are phrases of their
 * own. The line-breaking rules (kinsoku) hold everywhere: no line starts with closing
 * punctuation, a prolonged sound mark or a small kana, and none ends with an opening bracket.
 * A word wider than a line is never split: it gets a line of its own.
 *
 * Nothing is lost or reordered: the cues' words, read in order, are the transcript's words. A
 * speaker change starts a new cue; two short turns of different speakers may share a cue, each
 * line marked with a dash, as subtitle guidelines do.
 *
 * Three rooms: subtitle-text.ts measures text and says where it may break, subtitle-lines.ts lays
 * words into lines, and this file cuts a transcript into cues and times them.
 */
import type { Transcript } from '../domain/job';
import { blocksOf, joinerOf } from './speakers';
import { fitsLines, joinUnits, layout, lineWidth, type Unit, unitsOf } from './subtitle-lines';
import {
  type PhraseSegmenter,
  type Script,
  scriptOf,
  simplePhrases,
  textWidth,
} from './subtitle-text';

export {
  NO_LINE_END,
  NO_LINE_START,
  type PhraseSegmenter,
  type Script,
  scriptOf,
  simplePhrases,
  textWidth,
} from './subtitle-text';

export interface SubtitleRules {
  /**
   * A line's width: full-width characters for Japanese and Chinese (a half-width one counts
   * half), characters for scripts written with spaces.
   */
  readonly maxLine: number;
  readonly maxLines: number;
  readonly maxCueMs: number;
  /** Where the speech allows (the next cue is not too close), a cue lasts at least this long. */
  readonly minCueMs: number;
  readonly minGapMs: number;
}

export const SUBTITLE_DEFAULTS: Readonly<Record<Script, SubtitleRules>> = {
  cjk: { maxLine: 13, maxLines: 2, maxCueMs: 7_000, minCueMs: 833, minGapMs: 83 },
  spaced: { maxLine: 42, maxLines: 2, maxCueMs: 7_000, minCueMs: 833, minGapMs: 83 },
};

export { SUBTITLE_LIMITS } from './export-choices';

export interface SubtitleOptions {
  readonly rules?: SubtitleRules;
  /** The script, when already known; else read off the transcript (`scriptOf`). */
  readonly script?: Script;
  readonly phrases?: PhraseSegmenter;
  /** The name shown before a speaker's first cue of each turn; none when undefined. */
  readonly speakerName?: (label: string) => string;
}

/** One line of a cue: its text, and the speaker whose words it holds in a cue of two. */
export interface CueLine {
  readonly text: string;
  /** Set on each line of a cue that holds two speakers' turns (written with a dash). */
  readonly label?: string;
}

export interface SubtitleCue {
  readonly start: number;
  readonly end: number;
  readonly lines: readonly CueLine[];
  /** The speaker of the whole cue, with speaker labels (a cue of two has it on each line). */
  readonly label?: string;
  /** The speaker's name written before the cue's text (the first cue of a turn). */
  readonly prefix?: string;
}

interface Turn {
  readonly label?: string;
  readonly units: Unit[];
  readonly start: number;
  readonly end: number;
  readonly timed: boolean;
}

const DUAL_DASH: Readonly<Record<Script, string>> = { cjk: '－', spaced: '- ' };

const SENTENCE_END = /[。．.!?！？…]$/u;
const endsSentence = (unit: Unit) => SENTENCE_END.test(unit.text);

const startOf = (units: readonly Unit[]) => units[0]!.tokens[0]!.starttime;
const endOfUnit = (unit: Unit) => {
  const last = unit.tokens[unit.tokens.length - 1]!;
  return last.endtime ?? last.starttime;
};
const endOf = (units: readonly Unit[]) => endOfUnit(units[units.length - 1]!);

interface Draft {
  start: number;
  end: number;
  lines: CueLine[];
  label?: string;
  prefix?: string;
  /** Each line fits on its own and the cue may take another speaker's line (a cue of two). */
  single?: Unit[];
}

function cuesOfTurn(
  turn: Turn,
  joiner: string,
  script: Script,
  rules: SubtitleRules,
  prefix: string | undefined,
): Draft[] {
  const drafts: Draft[] = [];
  const label = turn.label !== undefined ? { label: turn.label } : {};
  const joinerWidth = joiner === '' ? 0 : textWidth(joiner, script);
  // The speaker's name takes room on the first line of the turn's first cue.
  const prefixWidth = (first: boolean) =>
    first && prefix !== undefined ? textWidth(`${prefix}: `, script) : 0;
  // Whether `units` and then `next` (when given) make one cue.
  const fitsCue = (units: readonly Unit[], first: boolean, next?: Unit) => {
    if (turn.timed && units.length + (next ? 1 : 0) > 1) {
      const start = startOf(units);
      const end = next ? endOfUnit(next) : endOf(units);
      if (start !== undefined && end !== undefined && end - start > rules.maxCueMs) return false;
    }
    return fitsLines(units, joinerWidth, rules, prefixWidth(first), next);
  };
  const emit = (units: Unit[], first: boolean) => {
    const lines = layout(units, joiner, script, rules, prefixWidth(first)) ?? [units];
    const start = turn.timed ? (startOf(units) ?? turn.start) : turn.start;
    const end = turn.timed ? (endOf(units) ?? start) : turn.end;
    drafts.push({
      start,
      end: Math.max(start, end),
      lines: lines.map((line) => ({ text: joinUnits(line, joiner) })),
      ...label,
      ...(first && prefix !== undefined && { prefix }),
      ...(lines.length === 1 && { single: units }),
    });
  };
  // A cue ends at a sentence's end when it is at least half full there; one that must end
  // elsewhere goes back to its last sentence end in its second half, if it has one.
  const capacity = rules.maxLine * rules.maxLines;
  const widthOf = (units: readonly Unit[]) => lineWidth(units, 0, units.length, joinerWidth);
  let cue: Unit[] = [];
  let first = true;
  // A first phrase too wide to share its line with the speaker's name is broken at its words.
  const head = turn.units[0];
  const units =
    head?.atoms && head.width + prefixWidth(true) > rules.maxLine
      ? [...head.atoms, ...turn.units.slice(1)]
      : turn.units;
  for (const unit of units) {
    const full = cue.length > 0 && endsSentence(cue.at(-1)!) && widthOf(cue) * 2 >= capacity;
    if (cue.length === 0 || (!full && fitsCue(cue, first, unit))) {
      cue.push(unit);
      continue;
    }
    let cut = cue.length;
    if (!full) {
      for (let i = cue.length - 2; i >= 0; i--) {
        if (!endsSentence(cue[i]!)) continue;
        if (widthOf(cue.slice(0, i + 1)) * 2 >= widthOf(cue)) cut = i + 1;
        break;
      }
    }
    emit(cue.slice(0, cut), first);
    first = false;
    cue = [...cue.slice(cut), unit];
    // What was carried over may no longer fit with the new unit: emit it alone.
    if (cue.length > 1 && !fitsCue(cue, first)) {
      emit(cue.slice(0, -1), first);
      cue = [unit];
    }
  }
  if (cue.length > 0) emit(cue, first);
  if (!turn.timed && drafts.length > 1) {
    // No word times: the turn's time is shared by width.
    const total = drafts.reduce((sum, d) => sum + d.lines.length, 0);
    let at = turn.start;
    for (const draft of drafts) {
      const length = ((turn.end - turn.start) * draft.lines.length) / total;
      draft.start = Math.round(at);
      draft.end = Math.round(at + length);
      at += length;
    }
  }
  return drafts;
}

/** Two short turns of different speakers in one cue, a dash before each line. */
function pairUp(drafts: Draft[], script: Script, rules: SubtitleRules, joiner: string): Draft[] {
  if (rules.maxLines < 2) return drafts;
  const dash = DUAL_DASH[script];
  const out: Draft[] = [];
  for (let i = 0; i < drafts.length; i++) {
    const a = drafts[i]!;
    const b = drafts[i + 1];
    const pairable =
      b !== undefined &&
      a.single !== undefined &&
      b.single !== undefined &&
      a.label !== undefined &&
      b.label !== undefined &&
      a.label !== b.label &&
      a.end - a.start < rules.minCueMs &&
      b.start - a.end < rules.minCueMs &&
      b.end - a.start <= rules.maxCueMs &&
      [a, b].every((d) => textWidth(dash + joinUnits(d.single!, joiner), script) <= rules.maxLine);
    if (!pairable) {
      out.push(a);
      continue;
    }
    out.push({
      start: a.start,
      end: b.end,
      lines: [
        { text: a.lines[0]!.text, label: a.label! },
        { text: b.lines[0]!.text, label: b.label! },
      ],
    });
    i++;
  }
  return out;
}

/** Cue times ordered, each cue at least `minCueMs` where the next allows, `minGapMs` apart. */
function timeCues(drafts: Draft[], rules: SubtitleRules): void {
  for (let i = 0; i < drafts.length; i++) {
    const cue = drafts[i]!;
    const next = drafts[i + 1];
    const limit = next ? next.start - rules.minGapMs : Number.POSITIVE_INFINITY;
    if (cue.end - cue.start < rules.minCueMs) cue.end = Math.min(cue.start + rules.minCueMs, limit);
    if (cue.end > limit) cue.end = limit;
    if (cue.end <= cue.start) cue.end = cue.start + 1;
    if (next && next.start < cue.end + rules.minGapMs) {
      // Words overlapping across a cue boundary (a speaker change): the next cue waits.
      next.start = cue.end + rules.minGapMs;
      if (next.end <= next.start) next.end = next.start + 1;
    }
  }
}

function turnsOf(
  transcript: Transcript,
  script: Script,
  phrases: PhraseSegmenter,
  maxLine: number,
): Array<{ turn: Turn; joiner: string }> {
  const turns: Array<{ turn: Turn; joiner: string }> = [];
  for (const block of blocksOf(transcript)) {
    const joiner = joinerOf(transcript.utterances[block.utterance]!);
    const units = unitsOf(block, script === 'cjk' ? '' : joiner || ' ', script, phrases, maxLine);
    if (units.length === 0) continue;
    const timed = units.every((u) => u.tokens.every((t) => t.starttime !== undefined));
    const timedTokens = block.tokens.filter((t) => t.starttime !== undefined);
    const start = block.starttime ?? timedTokens[0]?.starttime ?? 0;
    const end = block.endtime ?? timedTokens.at(-1)?.endtime ?? start;
    const turn: Turn = { units, start, end: Math.max(start, end), timed };
    turns.push({
      turn: block.label !== undefined ? { label: block.label, ...turn } : turn,
      joiner: script === 'cjk' ? '' : joiner || ' ',
    });
  }
  return turns;
}

/** The subtitle cues of a transcript by the rules (the script's defaults unless given). */
export function subtitleCues(transcript: Transcript, options: SubtitleOptions = {}): SubtitleCue[] {
  const script = options.script ?? scriptOf(transcript);
  const rules = options.rules ?? SUBTITLE_DEFAULTS[script];
  const phrases = options.phrases ?? simplePhrases;
  const drafts: Draft[] = [];
  let joiner = script === 'cjk' ? '' : ' ';
  let previousLabel: string | undefined;
  for (const { turn, joiner: j } of turnsOf(transcript, script, phrases, rules.maxLine)) {
    joiner = j;
    const newTurn = turn.label !== undefined && turn.label !== previousLabel;
    const prefix =
      newTurn && options.speakerName && turn.label !== undefined
        ? options.speakerName(turn.label)
        : undefined;
    drafts.push(...cuesOfTurn(turn, j, script, rules, prefix));
    if (turn.label !== undefined) previousLabel = turn.label;
  }
  const paired = pairUp(drafts, script, rules, joiner);
  timeCues(paired, rules);
  return paired.map((d) => ({
    start: d.start,
    end: d.end,
    lines: d.lines,
    ...(d.label !== undefined && { label: d.label }),
    ...(d.prefix !== undefined && { prefix: d.prefix }),
  }));
}

/** A cue's lines as written: the name before the first, a dash before each line of a cue of two. */
export function cueLines(cue: SubtitleCue, script: Script): string[] {
  return cue.lines.map((line, i) => {
    if (line.label !== undefined) return `${DUAL_DASH[script]}${line.text}`;
    return i === 0 && cue.prefix !== undefined ? `${cue.prefix}: ${line.text}` : line.text;
  });
}
