/**
 * Settings → Programs: the keys made for programs and the folders they may transcribe.
 */
import { z } from 'zod';
import { programKeyNameSchema, programsViewSchema } from '../../domain/program-key';
import { type ChannelTable, folderPath } from './common';

export const programsChannels = {
  /** Settings → Programs: the programs' keys (never a key), the base URL, the allowed folders. */
  'programs:list': { input: z.object({}), output: programsViewSchema },
  /** A new key for a program: the key is in this answer only, the app keeps its hash. */
  'programs:create': {
    input: z.object({ name: programKeyNameSchema }),
    output: z.object({ name: z.string(), key: z.string() }),
  },
  /** Revokes the key of this name: the program's next request is refused. */
  'programs:revoke': {
    input: z.object({ name: z.string().min(1) }),
    output: z.object({ revoked: z.boolean() }),
  },
  /**
   * Lets `kikitori mcp --allow-transcribe` transcribe the files inside a folder. Without `path`
   * the system's folder picker asks (Electron; cancelling changes nothing); the window under
   * Electron may not type one.
   */
  'programs:addFolder': {
    input: z.object({ path: folderPath.optional() }),
    output: programsViewSchema,
  },
  'programs:removeFolder': {
    input: z.object({ path: z.string().min(1) }),
    output: programsViewSchema,
  },
} as const satisfies ChannelTable;
