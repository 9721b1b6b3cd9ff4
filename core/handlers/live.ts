/** The computer's sound as a Live input: made when a session picks it, let go after. */
import type { ComputerSound } from '../live/sources/computer-sound';
import { attempt, type HandlerSet } from './types';

export type LiveChannel = 'live:computerSound';

export function liveHandlers(deps: {
  readonly computerSound: ComputerSound;
}): HandlerSet<LiveChannel> {
  const { computerSound } = deps;
  return {
    'live:computerSound': ({ on }) =>
      attempt(async () => {
        if (on) return computerSound.open();
        await computerSound.close();
        return {};
      }),
  };
}
