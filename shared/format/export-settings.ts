/**
 * What a person chooses for an export, as it crosses the IPC boundary and the command line's
 * flags: one value the core's renderer (core/export/render.ts) takes whole, so the window, the
 * command line and watched folders make the same files from the same choices.
 */
import { z } from 'zod';
import { EXPORT_CHOICES, SUBTITLE_LIMITS } from './export-choices';
import type { SubtitleRules } from './subtitles';

const bounded = (key: keyof SubtitleRules) =>
  z.number().min(SUBTITLE_LIMITS[key][0]).max(SUBTITLE_LIMITS[key][1]);

/** Subtitle rules a person changed; the rest are the transcript's script's defaults. */
export const subtitleRulesSchema = z.object({
  maxLine: bounded('maxLine').multipleOf(0.5),
  maxLines: bounded('maxLines').int(),
  maxCueMs: bounded('maxCueMs').int(),
  minCueMs: bounded('minCueMs').int(),
  minGapMs: bounded('minGapMs').int(),
});

export const exportSettingsSchema = z.object({
  /** The language of a document's fixed words and speakers' default names. */
  lang: z.enum(['ja', 'en']).default('en'),
  fillers: z.enum(['show', 'drop']).default('show'),
  speakers: z.boolean().default(true),
  times: z.boolean().default(true),
  /** Readings over the words (HTML's default); the CSV has them as a column either way. */
  readings: z.boolean().optional(),
  subtitles: subtitleRulesSchema.partial().optional(),
  /** Names for speakers' labels (`speaker0` → "Tanaka"), over those given in the viewer. */
  speakerNames: z.record(z.string().min(1).max(100), z.string().trim().min(1).max(200)).optional(),
  /** The time zone a document's date is written in (the system's when not given). */
  timeZone: z.string().max(64).optional(),
});
export type ExportSettings = z.output<typeof exportSettingsSchema>;
export type ExportSettingsInput = z.input<typeof exportSettingsSchema>;

export const exportChoicesSchema = z
  .array(z.enum(EXPORT_CHOICES))
  .min(1)
  .max(EXPORT_CHOICES.length)
  .refine((formats) => new Set(formats).size === formats.length, 'each format once');
