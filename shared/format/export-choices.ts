/**
 * The export formats' names and the subtitle rules' bounds, apart from the exporters that make
 * them (./exporters.ts, ./subtitles.ts): the window's first screen keeps the person's export
 * choices (store/export-prefs.ts) and so needs these few values, never the exporters' code.
 */
import type { SubtitleRules } from './subtitles';

/** Formats made from text here; `docx` is drawn by the core from the same minutes. */
export const TEXT_FORMATS = ['txt', 'srt', 'vtt', 'json', 'csv', 'md', 'html'] as const;
export type TextFormat = (typeof TEXT_FORMATS)[number];
export const EXPORT_FORMATS = [...TEXT_FORMATS, 'docx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** What the viewer offers: each format of the edited transcript, and the service's own JSON. */
export const EXPORT_CHOICES = [...EXPORT_FORMATS, 'json-original'] as const;
export type ExportChoice = (typeof EXPORT_CHOICES)[number];

/** The bounds a person may set (the export dialog and the command line check against them). */
export const SUBTITLE_LIMITS: Readonly<Record<keyof SubtitleRules, [number, number]>> = {
  maxLine: [4, 200],
  maxLines: [1, 4],
  maxCueMs: [500, 60_000],
  minCueMs: [0, 10_000],
  minGapMs: [0, 2_000],
};
