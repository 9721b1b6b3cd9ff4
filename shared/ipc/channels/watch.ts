/**
 * The app's watched folders (core/watch/).
 */
import { z } from 'zod';
import { appErrorSchema } from '../../domain/errors';
import { exportChoicesSchema } from '../../format/export-settings';
import { type ChannelTable, folderPath } from './common';

/** A folder the app watches while it runs (Settings, core/watch/watched-folders.ts). */
export const watchedFolderSchema = z.object({
  id: z.string(),
  path: z.string(),
  /** The export formats written for each file (core/export/render.ts). */
  formats: exportChoicesSchema,
  /** Where they are written; none: next to the source. */
  out: z.string().optional(),
  /** Files in its subfolders too. */
  recursive: z.boolean(),
  enabled: z.boolean(),
  /** The language of the documents' fixed words (the window's when the folder was added). */
  lang: z.enum(['ja', 'en']).optional(),
});
export type WatchedFolder = z.infer<typeof watchedFolderSchema>;

/** How a watched folder is doing: watched, off, or not watched for a reason said in a sentence. */
export const watchStatusSchema = z.object({
  state: z.enum(['off', 'watching', 'problem']),
  problem: appErrorSchema.optional(),
});
export const watchedFolderViewSchema = watchedFolderSchema.extend({ status: watchStatusSchema });
export type WatchedFolderView = z.infer<typeof watchedFolderViewSchema>;

/**
 * The list as it stood at `revision` (higher after each change): the window hears it both in
 * answers and in events, which need not arrive in order, and keeps the highest.
 */
export const watchedFoldersSchema = z.object({
  folders: z.array(watchedFolderViewSchema),
  revision: z.number().int().nonnegative(),
});

export const watchChannels = {
  /** The app's watched folders, each with how it is doing. */
  'watch:list': {
    input: z.object({}),
    output: watchedFoldersSchema,
  },
  /**
   * Watches a folder while the app runs. Without `path` the system's folder picker asks
   * (Electron; cancelling answers no folder); the window under Electron may not type one. A path
   * is checked by the core (a full path to a folder it may read; `watch-refused`), and so is
   * `out` (`watch-output`); a folder another Kikitori watches is `watch-held`, naming it.
   */
  'watch:add': {
    input: z.object({
      path: folderPath.optional(),
      formats: exportChoicesSchema.default(['txt']),
      out: folderPath.optional(),
      recursive: z.boolean().default(false),
      enabled: z.boolean().default(true),
      lang: z.enum(['ja', 'en']).optional(),
    }),
    output: z.object({ folder: watchedFolderViewSchema.optional() }),
  },
  /**
   * Changes a watched folder. `out: null` writes next to the source again; `pickOut` asks for
   * the output folder with the system's picker (Electron; cancelling changes nothing).
   */
  'watch:update': {
    input: z.object({
      id: z.string(),
      formats: exportChoicesSchema.optional(),
      out: folderPath.nullable().optional(),
      pickOut: z.boolean().optional(),
      recursive: z.boolean().optional(),
      enabled: z.boolean().optional(),
    }),
    output: z.object({ folder: watchedFolderViewSchema }),
  },
  'watch:remove': {
    input: z.object({ id: z.string() }),
    output: z.object({ removed: z.boolean() }),
  },
} as const satisfies ChannelTable;
