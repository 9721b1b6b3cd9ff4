/**
 * What Live needs of the core beside its live link (shared/ipc/live.ts).
 */
import { z } from 'zod';
import type { ChannelTable } from './common';

export const liveChannels = {
  /**
   * The computer's sound as a Live input (core/live/sources/computer-sound.ts): `on` makes the source
   * (Linux: a PulseAudio remap of the speakers' monitor) and answers the label the window finds
   * it by among its inputs; `on: false` lets it go. `computer-sound-unavailable` where it cannot.
   */
  'live:computerSound': {
    input: z.object({ on: z.boolean() }),
    output: z.object({ label: z.string().optional() }),
  },
} as const satisfies ChannelTable;
