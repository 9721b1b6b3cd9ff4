/**
 * What a person last chose in the export dialog (formats, content, subtitle rules for each
 * script), remembered in this browser: a preference of the window's, never data.
 */
import { exportSettingsSchema, subtitleRulesSchema } from '../../../shared/format/export-settings';
import { EXPORT_CHOICES, type ExportChoice } from '../../../shared/format/export-choices';
import type { Script, SubtitleRules } from '../../../shared/format/subtitles';
import { z } from 'zod';

const KEY = 'kikitori.export';

export interface ExportPrefs {
  readonly formats: readonly ExportChoice[];
  readonly fillers: 'show' | 'drop';
  readonly speakers: boolean;
  readonly times: boolean;
  readonly readings: boolean;
  /** Rules a person changed, by script; the rest are the script's defaults. */
  readonly subtitles: Readonly<Partial<Record<Script, Partial<SubtitleRules>>>>;
}

export const EXPORT_PREFS_DEFAULT: ExportPrefs = {
  formats: ['txt'],
  fillers: 'show',
  speakers: true,
  times: true,
  readings: true,
  subtitles: {},
};

const storedSchema = z.object({
  formats: z.array(z.enum(EXPORT_CHOICES)).min(1),
  fillers: exportSettingsSchema.shape.fillers,
  speakers: z.boolean(),
  times: z.boolean(),
  readings: z.boolean(),
  subtitles: z.object({
    cjk: subtitleRulesSchema.partial().optional(),
    spaced: subtitleRulesSchema.partial().optional(),
  }),
});

export function storedExportPrefs(): ExportPrefs {
  try {
    const parsed = storedSchema.safeParse(JSON.parse(localStorage.getItem(KEY) ?? 'null'));
    if (!parsed.success) return EXPORT_PREFS_DEFAULT;
    const { cjk, spaced } = parsed.data.subtitles;
    return {
      ...parsed.data,
      formats: [...new Set(parsed.data.formats)],
      subtitles: { ...(cjk && { cjk }), ...(spaced && { spaced }) },
    };
  } catch {
    return EXPORT_PREFS_DEFAULT;
  }
}

export function rememberExportPrefs(prefs: ExportPrefs): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(prefs));
  } catch {
    // The choice lasts for this page only.
  }
}
