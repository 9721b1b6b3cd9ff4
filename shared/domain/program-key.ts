/**
 * Keys for programs (Settings → Programs, `kikitori program-key`): each program the person lets
 * in (a note-taking plugin, a dictation tool) gets a key of its own, sent as `Authorization:
 * Bearer` to the app's OpenAI-compatible endpoint (core/programs/openai/). The app keeps only each key's
 * hash, with its name and when it was made and last used; the key itself is shown once.
 */
import { z } from 'zod';

/** The longest name a program's key may have, in characters. */
export const PROGRAM_KEY_NAME_MAX = 64;

/** A key's name: what the person calls the program, one line (it marks the program's jobs). */
export const programKeyNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(PROGRAM_KEY_NAME_MAX)
  // eslint-disable-next-line no-control-regex -- one line: control characters are refused
  .regex(/^[^\u0000-\u001f\u007f]*$/, 'one line, without control characters');

/** A key as it is listed: never the key, nor its hash. */
export const programKeyViewSchema = z.object({
  name: z.string(),
  createdAt: z.number(),
  lastUsedAt: z.number().optional(),
});
export type ProgramKeyView = z.infer<typeof programKeyViewSchema>;

/** What Settings → Programs shows: the keys, where programs send requests, the allowed folders. */
export const programsViewSchema = z.object({
  keys: z.array(programKeyViewSchema),
  /** The OpenAI-compatible base URL (ending in `/v1`) while the app serves it. */
  baseUrl: z.string().optional(),
  /** Folders whose files `kikitori mcp --allow-transcribe` may transcribe. */
  folders: z.array(z.string()),
});
export type ProgramsView = z.infer<typeof programsViewSchema>;

/** A job a program sent (the OpenAI-compatible endpoint): the name of the key it used. */
export const programOriginSchema = z.object({ name: z.string() });
