// @vitest-environment happy-dom
/**
 * Under Electron the page's end of the live audio channel comes from the preload as a window
 * message (renderer/src/host/bridge.ts audioPortFromPreload): taken only from this window itself,
 * with the link's id; anything else is left alone, and a port that never comes is given up.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { audioPortFromPreload } from '../../../renderer/src/host/bridge';
import { LIVE_AUDIO_PORT_MESSAGE } from '../../../shared/ipc/names';

const post = (data: unknown, source: unknown, port: MessagePort) =>
  window.dispatchEvent(
    new MessageEvent('message', { data, source: source as Window, ports: [port] }),
  );

afterEach(() => {
  vi.useRealTimers();
});

describe('the audio port from the preload', () => {
  it('takes the port of the message with its id from this window, and nothing else', async () => {
    const wanted = new MessageChannel().port1;
    const other = new MessageChannel().port1;
    const given = audioPortFromPreload(window, 'id-1');
    post({ type: LIVE_AUDIO_PORT_MESSAGE, id: 'id-2' }, window, other);
    post({ type: 'something-else', id: 'id-1' }, window, other);
    post({ type: LIVE_AUDIO_PORT_MESSAGE, id: 'id-1' }, null, other);
    post({ type: LIVE_AUDIO_PORT_MESSAGE, id: 'id-1' }, window, wanted);
    expect(await given).toBe(wanted);
  });

  it('gives up after five seconds', async () => {
    vi.useFakeTimers();
    const given = audioPortFromPreload(window, 'id-1');
    vi.advanceTimersByTime(5_000);
    expect(await given).toBeUndefined();
  });
});
