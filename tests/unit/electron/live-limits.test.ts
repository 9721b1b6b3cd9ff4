// The limits on live links hold for Electron's registrar as for the web host: the
// preload's port pairs go to the real core's live sessions (electron/main/ipc-registrar.ts
// registerLive, as main.ts wires it). At most 3 links are open at once: a fourth is told a
// session holds the live link and both its ports are closed at once; a link that never says
// `start` is closed 10 s after it opened (10 s of a fake clock: the unit tier waits on no real
// time).
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { Core } from '../../../core/core';
import { START_WITHIN_MS } from '../../../core/live/live-session';
import { MAX_LIVE_LINKS } from '../../../core/live/live-sessions';
import { registerLive, type LivePort } from '../../../electron/main/ipc-registrar';
import { liveEventSchema, type LiveEvent } from '../../../shared/ipc/live';
import { LIVE_OPEN_MESSAGE } from '../../../shared/ipc/names';
import { sessionKeyStore } from '../../support/proxied-core';
import { removeDir, tempDir } from '../../support/service-process';
import { until } from '../../support/until';

let dir: string;
let core: Core;

beforeAll(async () => {
  dir = await tempDir('kikitori-live-limits-');
  core = await Core.open({ dataDir: dir, keyStore: sessionKeyStore(), localService: false });
});
afterAll(async () => {
  await core.stop();
  await removeDir(dir);
});

/** A MessagePortMain over one end of a Node MessageChannel (what registerLive uses of it). */
function mainPort(port: MessagePort): LivePort & { closed: () => boolean } {
  let closed = false;
  return {
    on(event: 'message' | 'close', listener: never) {
      port.on(
        event,
        event === 'message'
          ? (data: unknown) => (listener as (m: { data: unknown }) => void)({ data })
          : listener,
      );
      return this;
    },
    postMessage: (message) => port.postMessage(message),
    start: () => undefined,
    close() {
      closed = true;
      port.close();
    },
    closed: () => closed,
  };
}

describe('the Electron live link’s limits', () => {
  it(`opens at most ${MAX_LIVE_LINKS} links, and closes one without start after 10 s`, async () => {
    // The 10 s are the fake clock's: the unit tier waits on no real time. It also moves with
    // real time, so the ports' messages and `until` go on as they would.
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    let handler: ((event: unknown) => void) | undefined;
    const ipcMain = {
      on: (channel: string, listener: (event: unknown) => void) => {
        if (channel === LIVE_OPEN_MESSAGE) handler = listener;
      },
    } as unknown as Parameters<typeof registerLive>[0];
    registerLive(ipcMain, (link) => core.live.open(link));
    const links = Array.from({ length: MAX_LIVE_LINKS + 1 }, () => {
      const control = new MessageChannel();
      const audio = new MessageChannel();
      const events: LiveEvent[] = [];
      control.port1.on('message', (data: string) =>
        events.push(liveEventSchema.parse(JSON.parse(data))),
      );
      const ports = [mainPort(control.port2), mainPort(audio.port2)];
      handler!({ senderFrame: { url: 'app://kikitori/index.html', parent: null }, ports });
      return { ports, events, window: [control.port1, audio.port1] };
    });
    const openedAt = Date.now();
    const codes = (l: (typeof links)[number]) =>
      l.events.flatMap((e) => (e.type === 'error' ? [e.error.code] : []));
    const last = links.at(-1)!;
    await until(
      () => codes(last),
      (c) => c.length > 0,
      { timeoutMs: 5_000, everyMs: 5 },
    );
    expect(codes(last)).toEqual(['live-running']);
    expect(last.ports.map((p) => p.closed())).toEqual([true, true]);
    const first = links.slice(0, -1);
    for (const l of first) expect(l.ports.map((p) => p.closed())).toEqual([false, false]);
    await vi.advanceTimersByTimeAsync(START_WITHIN_MS - 1_000);
    for (const l of first) expect(l.ports.map((p) => p.closed())).toEqual([false, false]);
    await vi.advanceTimersByTimeAsync(1_000);
    await until(() => first.every((l) => l.ports.every((p) => p.closed())), Boolean, {
      timeoutMs: 5_000,
    });
    expect(Date.now() - openedAt).toBeGreaterThanOrEqual(START_WITHIN_MS - 500);
    await until(() => first.every((l) => codes(l).length > 0), Boolean, { timeoutMs: 5_000 });
    for (const l of first) expect(codes(l)).toEqual(['live-protocol']);
    for (const l of links) for (const p of l.window) p.close();
  });
});
