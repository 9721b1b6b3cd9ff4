/**
 * Calls noticed (core/calls/): what is going on, the settings, the answer to a notice.
 */
import { z } from 'zod';
import { callSettingsPatchSchema, callSettingsSchema, callViewSchema } from '../../domain/calls';
import { appErrorSchema } from '../../domain/errors';
import type { ChannelTable } from './common';

/** Whether calls are noticed here, with what the person chose (core/calls/call-watcher.ts). */
export const callsStatusSchema = z.object({
  settings: callSettingsSchema,
  /** The platform's streams are being watched. */
  watching: z.boolean(),
  /** Why calls cannot be noticed (no sound server, no way on this system). */
  problem: appErrorSchema.optional(),
});

export const callsChannels = {
  /** The calls going on and the last ended, with the settings (Settings → Calls). */
  'calls:list': {
    input: z.object({}),
    output: callsStatusSchema.extend({ calls: z.array(callViewSchema) }),
  },
  /** Changes what is done about calls; answers the settings as they now are. */
  'calls:settings': {
    input: callSettingsPatchSchema,
    output: callsStatusSchema,
  },
  /**
   * The answer to a call's notice: `start` takes the call to record it (the caller then opens a
   * live session naming it; `live-running` while Live runs), `not-now` declines it, `never`
   * declines every call of its application. `call-gone` for a call no longer waiting.
   */
  'calls:answer': {
    input: z.object({
      id: z.string().min(1).max(100),
      answer: z.enum(['start', 'not-now', 'never']),
    }),
    output: z.object({ call: callViewSchema }),
  },
  /**
   * A window is about to open `streams` inputs for Live: the recording streams that appear next
   * are its own, never a call (browser mode, where no process tie shows them to be Kikitori's).
   */
  'calls:expectOwn': {
    input: z.object({ streams: z.number().int().min(0).max(4) }),
    output: z.object({}),
  },
} as const satisfies ChannelTable;
