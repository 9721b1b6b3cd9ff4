/**
 * Exports rendered by the core (core/export/), and text the window saves.
 */
import { z } from 'zod';
import {
  exportChoicesSchema,
  exportSettingsSchema,
  subtitleRulesSchema,
} from '../../format/export-settings';
import { IME_FORMATS } from '../../domain/ime-dictionary/ime-file';
import { WORD_TABLE_FORMATS } from '../../domain/word-table';
import { renderedFilesSchema } from '../wire';
import type { ChannelTable } from './common';

/** A word table to import: 100,000 words of up to 256 characters fit well within this. */
const WORD_TABLE_MAX_CHARS = 64 * 1024 * 1024;

/**
 * What the window saves from text it made: a word table, or a profile as an input method's
 * dictionary export (its text; the core writes it in that format's encoding). Transcripts are
 * the core's, export:job.
 */
export const SAVE_FORMATS = [...WORD_TABLE_FORMATS, ...IME_FORMATS] as const;
export type SaveFormat = (typeof SAVE_FORMATS)[number];

/** Several jobs exported at once: in order, each once, with the rules for each script. */
const jobsExportSchema = z.object({
  ids: z
    .array(z.string().min(1))
    .min(1)
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, 'each job once'),
  formats: exportChoicesSchema,
  settings: exportSettingsSchema.prefault({}),
  /** Subtitle rules a person changed, by script: each job takes its own script's. */
  rules: z
    .object({ cjk: subtitleRulesSchema.partial(), spaced: subtitleRulesSchema.partial() })
    .partial()
    .optional(),
});

export const exportChannels = {
  /**
   * Electron only: asks where to save with the system's save dialog and writes the file there.
   * The browser downloads instead, so the web host refuses this channel.
   */
  'export:save': {
    input: z.object({
      /** The suggested name; the person picks the folder and may change it. */
      fileName: z
        .string()
        .trim()
        .min(1)
        .max(255)
        .refine((name) => !/[/\\]/.test(name), 'a file name, not a path'),
      text: z.string().max(WORD_TABLE_MAX_CHARS),
      format: z.enum(SAVE_FORMATS),
    }),
    output: z.object({ saved: z.boolean(), path: z.string().optional() }),
  },
  /**
   * A job's transcript rendered by the core (core/export/render.ts) in each format asked for, as
   * bytes (../wire.ts: base64 on a JSON wire): the browser downloads them, a program writes
   * them (core/programs/job-files.ts).
   */
  'export:render': {
    input: z.object({
      id: z.string().min(1),
      formats: exportChoicesSchema,
      settings: exportSettingsSchema.prefault({}),
    }),
    output: renderedFilesSchema,
  },
  /**
   * Electron only: a job's transcript rendered by the core and saved where the person chooses:
   * one format through the save dialog, several into a folder they pick, never over a file.
   */
  'export:job': {
    input: z.object({
      id: z.string().min(1),
      formats: exportChoicesSchema,
      settings: exportSettingsSchema.prefault({}),
    }),
    output: z.object({ saved: z.boolean(), paths: z.array(z.string()) }),
  },
  /**
   * Electron only: several jobs (from Jobs) rendered by the core into a folder the person picks,
   * each file named after its job, never over a file.
   */
  'export:jobs': {
    input: jobsExportSchema,
    output: z.object({ saved: z.boolean(), paths: z.array(z.string()) }),
  },
  /** The same files as one zip (its bytes in base64): the browser downloads it. */
  'export:bundle': {
    input: jobsExportSchema,
    output: z.object({ base64: z.string(), files: z.array(z.string()) }),
  },
} as const satisfies ChannelTable;
