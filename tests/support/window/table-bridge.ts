/**
 * A small injected fake of the host for renderer unit tests: answers channels from a table of
 * handlers and records every call. The real host is exercised by the Playwright specs.
 */
import type { Bridge } from '../../../renderer/src/host/bridge';
import type { Connection } from '../../../shared/domain/connection';
import type { Channel, ChannelInput, ChannelOutput, Result } from '../../../shared/ipc/contract';

/** The built-in local connection as the host lists it, its key saved as `k`. */
export const LOCAL_CONNECTION: Connection = {
  id: 'local',
  name: 'Local (offline)',
  kind: 'local',
  baseUrl: 'http://127.0.0.1:1',
  asyncUrl: 'http://127.0.0.1:1',
  keyRef: 'k',
  logging: false,
  engine: '-a-general-en',
  profileId: null,
  settings: {},
};

export type Handlers = {
  [C in Channel]?: (input: ChannelInput<C>) => Result<ChannelOutput<C>> | ChannelOutput<C>;
};

export function fakeBridge(handlers: Handlers): Bridge & {
  calls: Array<{ channel: Channel; input: unknown }>;
} {
  const calls: Array<{ channel: Channel; input: unknown }> = [];
  return {
    mode: 'browser',
    calls,
    async call(channel, input) {
      calls.push({ channel, input });
      const handler = handlers[channel] as ((i: unknown) => unknown) | undefined;
      if (!handler) throw new Error(`no fake for ${channel}`);
      const out = handler(input);
      return (
        out && typeof out === 'object' && 'ok' in out ? out : { ok: true, data: out }
      ) as Result<ChannelOutput<typeof channel>>;
    },
    on: () => () => {},
    chosenFile: async () => ({ ok: true, data: '' }),
    mediaUrl: async (id) => id,
    onReachable: () => () => {},
    onSessionEnded: () => () => {},
    openLive: () => {
      throw new Error('this fake bridge has no live link');
    },
  };
}
