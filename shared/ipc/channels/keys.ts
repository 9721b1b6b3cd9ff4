/**
 * The API keys in the keychain: listed, added, revealed, removed, and issued by a service.
 */
import { z } from 'zod';
import { appErrorSchema } from '../../domain/errors';
import { keyEntrySchema } from '../../domain/key';
import { type ChannelTable, connectionRef } from './common';

export const keysChannels = {
  'keys:list': {
    input: z.object({}),
    output: z.object({
      keys: z.array(keyEntrySchema),
      storage: z.enum(['keychain', 'session']),
      notice: appErrorSchema.optional(),
    }),
  },
  'keys:add': {
    input: connectionRef.extend({
      label: z.string().trim().min(1).max(100),
      key: z.string().trim().min(8),
      /** false: file the key without making it the connection's key. */
      use: z.boolean().optional(),
      /** When an issued key stops working (ms since the epoch), if it is known. */
      expiresAt: z.number().int().positive().optional(),
    }),
    output: z.object({ key: keyEntrySchema }),
  },
  'keys:remove': {
    input: z.object({ id: z.string() }),
    output: z.object({ removed: z.boolean() }),
  },
  'keys:reveal': { input: z.object({ id: z.string() }), output: z.object({ key: z.string() }) },
  'keys:issue': {
    input: connectionRef.extend({
      epi: z.string().min(1),
      ipa: z.string().optional(),
      /** Authenticate with this issuable key from the keychain instead of the connection's. */
      authKey: z.string().optional(),
      /** Or with a service ID and password, typed for this one request and never stored. */
      sid: z.string().min(1).optional(),
      spw: z.string().min(1).optional(),
    }),
    output: z.object({ key: z.string() }),
  },
} as const satisfies ChannelTable;
