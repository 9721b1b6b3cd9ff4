/**
 * The bundled local service: how it is doing, and a restart.
 */
import { z } from 'zod';
import { appErrorSchema } from '../../domain/errors';
import type { ChannelTable } from './common';

export const serviceStatusSchema = z.object({
  state: z.enum(['starting', 'running', 'restarting', 'stopped', 'unavailable']),
  url: z.string().optional(),
  /** What went wrong, as an error each language renders (code 'local-service' and its reason). */
  problem: appErrorSchema.optional(),
  /** When the service is restarted after it stopped: the wait before the next start. */
  retryInMs: z.number().optional(),
});

export const serviceChannels = {
  'service:status': {
    input: z.object({}),
    output: serviceStatusSchema.extend({ dataDir: z.string().optional() }),
  },
  'service:restart': { input: z.object({}), output: serviceStatusSchema },
} as const satisfies ChannelTable;
