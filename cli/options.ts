/**
 * The command line's option values, parsed and checked: the export formats, the export settings
 * (speakers' names, fillers, times, readings, the subtitle rules within
 * SUBTITLE_LIMITS) and a job state. A bad value is a `BadArgument` whose sentence is the
 * command line's own, in the person's language; main.ts turns it into exit code 2.
 */
import type { Lang } from '../shared/domain/errors';
import { JOB_STATES } from '../shared/domain/job';
import type { ExportSettings } from '../shared/format/export-settings';
import { EXPORT_CHOICES, type ExportChoice } from '../shared/format/exporters';
import { SUBTITLE_LIMITS, type SubtitleRules } from '../shared/format/subtitles';
import { say, type TextKey } from './text';

/** An argument the command line cannot use: exit code 2, with this sentence. */
export class BadArgument extends Error {
  constructor(readonly sentence: string) {
    super(sentence);
  }
}

/** What the command could not do, said in its own words: exit code 1 (a job that is not there). */
export class CommandFailure extends Error {
  constructor(readonly sentence: string) {
    super(sentence);
  }
}

const bad = (lang: Lang, key: TextKey, params: Record<string, string | number>) =>
  new BadArgument(say(lang, key, params));

/** `txt,srt, vtt` → the formats, each once, in the order given. */
export function parseFormats(lang: Lang, value: string): ExportChoice[] {
  const formats: ExportChoice[] = [];
  for (const part of value.split(',')) {
    const name = part.trim().toLowerCase();
    if (!(EXPORT_CHOICES as readonly string[]).includes(name))
      throw bad(lang, 'arg.format', { value: part.trim(), list: EXPORT_CHOICES.join(', ') });
    if (!formats.includes(name as ExportChoice)) formats.push(name as ExportChoice);
  }
  return formats;
}

/** `speaker0=Tanaka` → [label, name]; the name may hold `=`. */
export function parseSpeakerName(lang: Lang, value: string): [string, string] {
  const at = value.indexOf('=');
  const label = at > 0 ? value.slice(0, at).trim() : '';
  const name = at > 0 ? value.slice(at + 1).trim() : '';
  if (!label || !name || label.length > 100 || name.length > 200)
    throw bad(lang, 'arg.speakerName', { value });
  return [label, name];
}

/** The flag of each subtitle rule. */
export const SUBTITLE_FLAGS: Readonly<Record<keyof SubtitleRules, string>> = {
  maxLine: '--max-line',
  maxLines: '--max-lines',
  maxCueMs: '--max-cue-ms',
  minCueMs: '--min-cue-ms',
  minGapMs: '--min-gap-ms',
};

/** A subtitle rule's value, within its bounds (a line's width by halves, the rest whole). */
export function parseRule(lang: Lang, rule: keyof SubtitleRules, value: string): number {
  const flag = SUBTITLE_FLAGS[rule];
  const [min, max] = SUBTITLE_LIMITS[rule];
  const n = value.trim() === '' ? NaN : Number(value);
  if (!Number.isFinite(n) || n < min || n > max)
    throw bad(lang, 'arg.number', { flag, min, max, value });
  const step = rule === 'maxLine' ? 0.5 : 1;
  if (Math.round(n / step) * step !== n) throw bad(lang, 'arg.halfStep', { flag, value });
  return n;
}

export function parseStatus(lang: Lang, value: string): (typeof JOB_STATES)[number] {
  if (!(JOB_STATES as readonly string[]).includes(value))
    throw bad(lang, 'arg.status', { value, list: JOB_STATES.join(', ') });
  return value as (typeof JOB_STATES)[number];
}

/** What the export flags say, as commander hands them over. */
export interface ExportFlags {
  readonly speakerName?: readonly [string, string][];
  readonly fillers?: boolean;
  readonly times?: boolean;
  readonly readings?: boolean;
  readonly maxLine?: number;
  readonly maxLines?: number;
  readonly maxCueMs?: number;
  readonly minCueMs?: number;
  readonly minGapMs?: number;
}

/** The export settings the flags choose, in the person's language (a document's fixed words). */
export function exportSettingsOf(lang: Lang, flags: ExportFlags): ExportSettings {
  const subtitles: Partial<Record<keyof SubtitleRules, number>> = {};
  for (const rule of Object.keys(SUBTITLE_FLAGS) as (keyof SubtitleRules)[]) {
    const value = flags[rule];
    if (value !== undefined) subtitles[rule] = value;
  }
  return {
    lang,
    fillers: flags.fillers === false ? 'drop' : 'show',
    speakers: true,
    times: flags.times !== false,
    ...(flags.readings ? { readings: true } : {}),
    ...(Object.keys(subtitles).length > 0 ? { subtitles } : {}),
    ...(flags.speakerName?.length ? { speakerNames: Object.fromEntries(flags.speakerName) } : {}),
  };
}

/** `2025-02` as given, or the sentence saying what a month is. */
export function parseMonth(lang: Lang, value: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(value.trim());
  const month = Number(match?.[2]);
  if (!match || month < 1 || month > 12) throw bad(lang, 'arg.month', { value });
  return value.trim();
}
