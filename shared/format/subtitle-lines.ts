/**
 * A subtitle's words laid into lines. A block's words are cut into units that are never broken
 * (a phrase, or words glued together by the line-breaking rules), and units are laid into lines:
 * the fewest lines, then the narrowest widest line, then phrase breaks over word breaks. A word
 * wider than a line is never split: it gets a line of its own. Widths add up (a text's width is
 * its characters'), so a line's width is its units' and its joiners', never measured again.
 */
import type { Token } from '../api/recognition';
import { type Block, isPunctuation, joinTokens } from './speakers';
import {
  mayEndLine,
  mayStartLine,
  type PhraseSegmenter,
  type Script,
  textWidth,
} from './subtitle-text';

/** The rules a layout follows: a line's width, and how many lines a cue has. */
export interface LineRules {
  readonly maxLine: number;
  readonly maxLines: number;
}

/** A run of words that is never broken: a phrase, or a word glued to its neighbours by kinsoku. */
export interface Unit {
  readonly tokens: readonly Token[];
  readonly text: string;
  readonly width: number;
  /** Breaking before this unit is only a word boundary, not a phrase boundary. */
  readonly weak: boolean;
  /** A phrase's atoms, when it has several (to break it where it cannot fit whole). */
  readonly atoms?: readonly Unit[];
}

/**
 * A block's words cut into units. Atoms are words glued together where no break may fall
 * (punctuation, kinsoku); atoms join into a phrase where the segmenter sees no phrase end, unless
 * the phrase would be wider than a line, when its atoms stay apart (breaks between them weak).
 */
export function unitsOf(
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
export function joinUnits(units: readonly Unit[], joiner: string): string {
  let text = '';
  for (const unit of units) {
    if (text !== '' && joiner !== '' && !isPunctuation(unit.tokens[0]!)) text += joiner;
    text += unit.text;
  }
  return text;
}

/** A line's width: its units' widths, and a joiner before each but the first (not punctuation). */
export function lineWidth(
  units: readonly Unit[],
  from: number,
  to: number,
  joinerWidth: number,
): number {
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
export function fitsLines(
  units: readonly Unit[],
  joinerWidth: number,
  rules: LineRules,
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
export function layout(
  units: readonly Unit[],
  joiner: string,
  script: Script,
  rules: LineRules,
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
