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
 */
import type { Token } from '../api/recognition';
import type { Transcript } from '../domain/job';
import { type Block, blocksOf, CJK, isPunctuation, joinerOf, joinTokens } from './speakers';

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

/** How a transcript is written: without spaces (Japanese, Chinese) or with them. */
export type Script = 'cjk' | 'spaced';

export const SUBTITLE_DEFAULTS: Readonly<Record<Script, SubtitleRules>> = {
  cjk: { maxLine: 13, maxLines: 2, maxCueMs: 7_000, minCueMs: 833, minGapMs: 83 },
  spaced: { maxLine: 42, maxLines: 2, maxCueMs: 7_000, minCueMs: 833, minGapMs: 83 },
};

export { SUBTITLE_LIMITS } from './export-choices';

const LETTER = /\p{L}/u;

const CJK_LETTER = 1;
const OTHER_LETTER = 2;
const NO_LETTER = 3;
/** A character's kind for `scriptOf`: a Japanese or Chinese letter, another letter, neither. */
const letterKind = (ch: string) =>
  CJK.test(ch) && LETTER.test(ch) ? CJK_LETTER : LETTER.test(ch) ? OTHER_LETTER : NO_LETTER;
/** The same for a single UTF-16 unit, remembered by unit (0: not asked yet). */
const kindsByUnit = new Uint8Array(0x10000);
const letterKindOf = (code: number) =>
  kindsByUnit[code] || (kindsByUnit[code] = letterKind(String.fromCharCode(code)));

/** Japanese or Chinese when most of its letters are (a few English words inside change nothing). */
export function scriptOf(transcript: Pick<Transcript, 'text' | 'utterances'>): Script {
  const text = transcript.text || transcript.utterances.map((u) => u.text).join(' ');
  let cjk = 0;
  let other = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const low = code >= 0xd800 && code <= 0xdbff ? text.charCodeAt(i + 1) : 0;
    const kind =
      low >= 0xdc00 && low <= 0xdfff ? letterKind(text.slice(i, ++i + 1)) : letterKindOf(code);
    if (kind === CJK_LETTER) cjk++;
    else if (kind === OTHER_LETTER) other++;
  }
  // A Japanese letter carries about a word's meaning in two or three Latin letters.
  return cjk * 3 >= other && cjk > 0 ? 'cjk' : 'spaced';
}

/** East Asian Wide and Fullwidth characters (UAX #11), the ones a subtitle counts as one. */
function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0x303e) ||
    (code >= 0x3041 && code <= 0x33ff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0xa000 && code <= 0xa4cf) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1faff) ||
    (code >= 0x20000 && code <= 0x3fffd)
  );
}

/** A text's width by the script's rule (read by code point, a surrogate pair as one). */
export function textWidth(text: string, script: Script): number {
  let width = 0;
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    const low = code >= 0xd800 && code <= 0xdbff ? text.charCodeAt(i + 1) : 0;
    if (low >= 0xdc00 && low <= 0xdfff) {
      code = (code - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
      i++;
    }
    width += script === 'spaced' || isWide(code) ? 1 : 0.5;
  }
  return width;
}

/** What no line may start with (closing punctuation, prolonged sound mark, small kana). */
export const NO_LINE_START = new Set([
  ...'、。，．・：；？！ー）」』】〕〉》',
  ...'ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ',
  ...'.,:;!?)]}%’”…',
]);
/** What no line may end with (opening brackets). */
export const NO_LINE_END = new Set([...'（「『【〔〈《([{‘“']);
// The same by code point (every one a single UTF-16 unit), to ask of a word without cutting it.
const codesOf = (chars: ReadonlySet<string>) => new Set([...chars].map((c) => c.codePointAt(0)!));
const NO_LINE_START_CODES = codesOf(NO_LINE_START);
const NO_LINE_END_CODES = codesOf(NO_LINE_END);

/** A segmenter that says where phrases end: the text cut into its phrases, in order. */
export type PhraseSegmenter = (text: string) => readonly string[];

/** Without a segmenter: Japanese phrases end after punctuation and where kana turn to kanji. */
const KANJI = /[\u3400-\u9fff\uf900-\ufaff]/u;
const KANA = /[\u3041-\u30ff]/u;
export const simplePhrases: PhraseSegmenter = (text) => {
  const phrases: string[] = [];
  let current = '';
  let previous = '';
  for (const ch of text) {
    const after = NO_LINE_START.has(previous) && !NO_LINE_START.has(ch);
    const kanaToKanji = KANA.test(previous) && KANJI.test(ch);
    if (current !== '' && (after || kanaToKanji)) {
      phrases.push(current);
      current = '';
    }
    current += ch;
    previous = ch;
  }
  if (current !== '') phrases.push(current);
  return phrases;
};

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

/** A run of words that is never broken: a phrase, or a word glued to its neighbours by kinsoku. */
interface Unit {
  readonly tokens: readonly Token[];
  readonly text: string;
  readonly width: number;
  /** Breaking before this unit is only a word boundary, not a phrase boundary. */
  readonly weak: boolean;
  /** A phrase's atoms, when it has several (to break it where it cannot fit whole). */
  readonly atoms?: readonly Unit[];
}

interface Turn {
  readonly label?: string;
  readonly units: Unit[];
  readonly start: number;
  readonly end: number;
  readonly timed: boolean;
}

const DUAL_DASH: Readonly<Record<Script, string>> = { cjk: '－', spaced: '- ' };

/** Whether a word may start a line, by its first code point. */
const mayStartLine = (text: string) => !NO_LINE_START_CODES.has(text.codePointAt(0) ?? 0);
/** Whether a word may end a line, by its last character (the rules' are single units, so a
 *  surrogate pair's low half is never one). */
function mayEndLine(text: string): boolean {
  const low = text.charCodeAt(text.length - 1);
  if (low >= 0xdc00 && low <= 0xdfff && text.length > 1) return true;
  return !NO_LINE_END_CODES.has(low);
}

/**
 * A block's words cut into units. Atoms are words glued together where no break may fall
 * (punctuation, kinsoku); atoms join into a phrase where the segmenter sees no phrase end, unless
 * the phrase would be wider than a line, when its atoms stay apart (breaks between them weak).
 */
function unitsOf(
  block: Block,
  joiner: string,
  script: Script,
  phrases: PhraseSegmenter,
  maxLine: number,
): Unit[] {
  const tokens = block.tokens.filter((t) => t.written !== '');
  if (tokens.length === 0) return [];
  // Where phrases end, marked at offsets into the block's words joined without spaces.
  let phraseEnds: Uint8Array | undefined;
  if (script === 'cjk') {
    let text = '';
    for (const token of tokens) text += token.written;
    phraseEnds = new Uint8Array(text.length + 1);
    let offset = 0;
    for (const phrase of phrases(text)) {
      offset += phrase.length;
      if (offset <= text.length) phraseEnds[offset] = 1;
    }
  }
  const atoms: Array<{ tokens: Token[]; phraseStart: boolean }> = [];
  let offset = 0;
  let previous: Token | undefined;
  for (const token of tokens) {
    const glued =
      previous !== undefined &&
      (isPunctuation(token) || !mayStartLine(token.written) || !mayEndLine(previous.written));
    if (glued) atoms[atoms.length - 1]!.tokens.push(token);
    else
      atoms.push({
        tokens: [token],
        phraseStart: phraseEnds === undefined || phraseEnds[offset] === 1,
      });
    offset += token.written.length;
    previous = token;
  }
  const joinerWidth = joiner === '' ? 0 : textWidth(joiner, script);
  const unitOf = (group: readonly Token[], weak: boolean): Unit => {
    const text = joinTokens(group, joiner);
    return { tokens: group, text, width: textWidth(text, script), weak };
  };
  const units: Unit[] = [];
  for (let i = 0; i < atoms.length;) {
    let j = i + 1;
    while (j < atoms.length && !atoms[j]!.phraseStart) j++;
    if (j - i === 1) {
      units.push(unitOf(atoms[i]!.tokens, false));
      i = j;
      continue;
    }
    const parts: Unit[] = [];
    const joined: Token[] = [];
    for (let k = i; k < j; k++) {
      const part = unitOf(atoms[k]!.tokens, k > i);
      parts.push(part);
      for (const token of part.tokens) joined.push(token);
    }
    // The phrase is its atoms joined: its text theirs, its width theirs added (no second pass).
    const width = lineWidth(parts, 0, parts.length, joinerWidth);
    if (width <= maxLine)
      units.push({
        tokens: joined,
        text: joinUnits(parts, joiner),
        width,
        weak: false,
        atoms: parts,
      });
    else for (const part of parts) units.push(part);
    i = j;
  }
  return units;
}

/** The units of a turn joined as the transcript joins them. */
function joinUnits(units: readonly Unit[], joiner: string): string {
  let text = '';
  for (const unit of units) {
    if (text !== '' && joiner !== '' && !isPunctuation(unit.tokens[0]!)) text += joiner;
    text += unit.text;
  }
  return text;
}

/** A line's width: its units' widths, and a joiner before each but the first (not punctuation). */
function lineWidth(units: readonly Unit[], from: number, to: number, joinerWidth: number): number {
  let width = 0;
  for (let i = from; i < to; i++) {
    const unit = units[i]!;
    width += unit.width;
    if (i > from && joinerWidth > 0 && !isPunctuation(unit.tokens[0]!)) width += joinerWidth;
  }
  return width;
}

/**
 * Whether `units` fit in at most `maxLines` lines of at most `maxLine` each: lines filled one
 * after another need the fewest lines there are (a unit wider than a line counts as fitting on a
 * line of its own). Cheap, for the question asked at every unit a cue might take.
 */
function fitsLines(
  units: readonly Unit[],
  joinerWidth: number,
  rules: SubtitleRules,
  reserve: number,
  next?: Unit,
): boolean {
  let lines = 0;
  let width = 0;
  let count = 0;
  for (let i = 0; i < units.length + (next ? 1 : 0); i++) {
    const unit = units[i] ?? next!;
    const joined = count > 0 && joinerWidth > 0 && !isPunctuation(unit.tokens[0]!);
    const wider = width + (joined ? joinerWidth : 0) + unit.width;
    if (count > 0 && wider + reserve <= rules.maxLine) {
      width = wider;
      count++;
      continue;
    }
    if (++lines > rules.maxLines) return false;
    width = unit.width;
    count = 1;
  }
  return true;
}

/**
 * The best way to lay `units` into at most `maxLines` lines of at most `maxLine` each: the
 * fewest lines, then the narrowest widest line, then phrase breaks over word breaks, then the
 * first line the longer. Undefined when they cannot fit (a unit wider than a line counts as
 * fitting on a line of its own). Widths add up (a text's width is its characters'), so a line's
 * width is its units' and its joiners', never measured again from its text.
 */
function layout(
  units: readonly Unit[],
  joiner: string,
  script: Script,
  rules: SubtitleRules,
  reserve = 0,
): Unit[][] | undefined {
  const joinerWidth = joiner === '' ? 0 : textWidth(joiner, script);
  if (!fitsLines(units, joinerWidth, rules, reserve)) return undefined;
  // A long run of short units has many layouts: past a dozen, fill lines greedily instead.
  if (units.length > 24) {
    const lines: Unit[][] = [];
    let from = 0;
    for (let to = 1; to <= units.length; to++) {
      const next = to < units.length ? lineWidth(units, from, to + 1, joinerWidth) + reserve : 0;
      if (to === units.length || next > rules.maxLine) {
        lines.push(units.slice(from, to));
        from = to;
      }
    }
    return lines;
  }
  const widthOf = (from: number, to: number) => lineWidth(units, from, to, joinerWidth) + reserve;
  const fits = (from: number, to: number) => to - from === 1 || widthOf(from, to) <= rules.maxLine;
  let best: { breaks: number[]; score: number[] } | undefined;
  const better = (a: number[], b: number[]) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
    return false;
  };
  // A candidate's score, compared in order: its lines, its widest line (in half widths), its
  // breaks that are not between phrases, a first line shorter than the second, and how much.
  const score = [0, 0, 0, 0, 0];
  // `breaks` holds where each line but the first starts.
  const search = (from: number, breaks: number[]) => {
    if (from === units.length) {
      // Measured in place (a layout is asked of every cue, and most have a few candidates).
      const lines = breaks.length + 1;
      let widest = -Infinity;
      let first = 0;
      let second = 0;
      let weakBreaks = 0;
      for (let line = 0; line < lines; line++) {
        const start = line === 0 ? 0 : breaks[line - 1]!;
        const width = widthOf(start, line < breaks.length ? breaks[line]! : units.length);
        if (line === 0) first = width;
        else if (line === 1) second = width;
        if (width > widest) widest = width;
        if (line > 0 && units[start]!.weak) weakBreaks++;
      }
      score[0] = lines;
      score[1] = Math.round(widest * 2);
      score[2] = weakBreaks;
      score[3] = lines > 1 && first < second ? 1 : 0;
      score[4] = Math.round(Math.abs(first - second) * 2);
      if (!best || better(score, best.score)) best = { breaks: [...breaks], score: [...score] };
      return;
    }
    if (breaks.length + 1 === rules.maxLines) {
      if (fits(from, units.length)) search(units.length, breaks);
      return;
    }
    for (let to = from + 1; to <= units.length; to++) {
      if (!fits(from, to)) break;
      if (to < units.length) breaks.push(to);
      search(to, breaks);
      if (to < units.length) breaks.pop();
    }
  };
  search(0, []);
  if (!best) return undefined;
  const starts = [0, ...best.breaks];
  return starts.map((start, i) => units.slice(start, starts[i + 1] ?? units.length));
}

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
