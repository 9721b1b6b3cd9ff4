/**
 * The connections: which services the app speaks to, and which one it uses.
 */
import { z } from 'zod';
import { connectionSchema } from '../../domain/connection';
import { appErrorSchema } from '../../domain/errors';
import type { ChannelTable } from './common';

export const connectionsChannels = {
  'connections:list': {
    input: z.object({}),
    output: z.object({ connections: z.array(connectionSchema), active: z.string() }),
  },
  'connections:save': {
    input: z.object({ connection: connectionSchema }),
    output: z.object({ connection: connectionSchema }),
  },
  /** Checks an (unsaved) connection: its engine list, and whether its key is accepted. */
  'connections:test': {
    input: z.object({ connection: connectionSchema }),
    output: z.object({
      engines: z.array(z.string()),
      key: z.enum(['accepted', 'refused', 'none']),
      keyProblem: appErrorSchema.optional(),
    }),
  },
  'connections:setActive': {
    input: z.object({ id: z.string() }),
    output: z.object({ active: z.string() }),
  },
  /**
   * Removes a connection added by the person (not a built-in). Its key stays in the keychain,
   * listed under API keys; if it was the active one, the local connection becomes active.
   */
  'connections:remove': {
    input: z.object({ id: z.string() }),
    output: z.object({ active: z.string() }),
  },
} as const satisfies ChannelTable;
