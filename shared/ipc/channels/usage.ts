/**
 * The audio each connection sent, per month, and its plan (core/usage/).
 */
import { z } from 'zod';
import { connectionUsageSchema, monthSchema, usagePlanSchema } from '../../domain/usage';
import type { ChannelTable } from './common';

export const usageChannels = {
  /**
   * The audio each connection sent (shared/domain/usage.ts): `month` (this one by default, in the
   * person's time zone) and the `months - 1` before it, newest first.
   */
  'usage:summary': {
    input: z.object({
      month: monthSchema.optional(),
      months: z.number().int().min(1).max(36).optional(),
    }),
    output: z.object({ month: monthSchema, connections: z.array(connectionUsageSchema) }),
  },
  /** A connection's rates and budget. */
  'usage:setPlan': {
    input: z.object({ connection: z.string().min(1), plan: usagePlanSchema }),
    output: z.object({ plan: usagePlanSchema }),
  },
} as const satisfies ChannelTable;
