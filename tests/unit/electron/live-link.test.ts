// The Electron host's live link (electron/main/ipc-registrar.ts registerLive): the preload's two
// ports, the link's and the audio's, as Electron's MessagePortMain gives them (a message is
// `{data}`, nothing arrives before start()), made of Node's MessageChannel. A session opens only
// for the app's own top-level page; the audio port is read from the link's first message on, so
// nothing the worklet wrote overtakes `start`; the link's close ends the session.
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import type { LiveInbound } from '../../../core/live/live-session';
import { registerLive, type LivePort } from '../../../electron/main/ipc-registrar';
import type { LiveLink } from '../../../shared/ipc/live';
import { LIVE_OPEN_MESSAGE } from '../../../shared/ipc/names';
import { until } from '../../support/until';

/** A MessagePortMain over one end of a Node MessageChannel. */
function mainPort(port: MessagePort): LivePort & { closed: () => boolean } {
  let started = false;
  let closed = false;
  const waiting: unknown[] = [];
  const listeners: Array<(message: { data: unknown }) => void> = [];
  port.on('message', (data: unknown) => {
    if (started) listeners.forEach((l) => l({ data }));
    else waiting.push(data);
  });
  return {
    on(event: 'message' | 'close', listener: never) {
      if (event === 'message') listeners.push(listener);
      else port.on('close', listener);
      return this;
    },
    postMessage: (message) => port.postMessage(message),
    start() {
      started = true;
      for (const data of waiting.splice(0)) listeners.forEach((l) => l({ data }));
    },
    close() {
      closed = true;
      port.close();
    },
    closed: () => closed,
  };
}

function setUp(url = 'app://kikitori/index.html', parent: unknown = null) {
  let handler: ((event: unknown) => void) | undefined;
  const ipcMain = {
    on: (channel: string, listener: (event: unknown) => void) => {
      if (channel === LIVE_OPEN_MESSAGE) handler = listener;
    },
  } as unknown as Parameters<typeof registerLive>[0];
  const inbound: Array<string | number> = [];
  let link: LiveLink | undefined;
  registerLive(ipcMain, (given) => {
    link = given;
    const recorder: LiveInbound = {
      text: (data) => void inbound.push(data),
      audio: (chunk) => void inbound.push(chunk.byteLength),
      closed: () => void inbound.push('closed'),
    };
    return recorder;
  });
  const control = new MessageChannel();
  const audio = new MessageChannel();
  const ports = [mainPort(control.port2), mainPort(audio.port2)];
  handler!({ senderFrame: { url, parent }, ports });
  return {
    window: { control: control.port1, audio: audio.port1 },
    ports,
    inbound,
    link: () => link,
  };
}

describe('the Electron live link', () => {
  it('reads the audio port only after the link’s start, in order; events go back as JSON', async () => {
    const { window, inbound, link } = setUp();
    const events: unknown[] = [];
    window.control.on('message', (data: string) => events.push(JSON.parse(data)));
    // The worklet may write before the link says start: it waits.
    window.audio.postMessage(new ArrayBuffer(3200));
    window.audio.postMessage('{"type":"pause"}');
    await new Promise((resolve) => setImmediate(resolve));
    expect(inbound).toEqual([]);
    window.control.postMessage('{"type":"start"}');
    window.audio.postMessage(new Uint8Array(new ArrayBuffer(64), 32, 16));
    await until(
      () => inbound.length,
      (n) => n === 4,
      { timeoutMs: 5000, everyMs: 5 },
    );
    expect(inbound).toEqual(['{"type":"start"}', 3200, '{"type":"pause"}', 16]);
    link()!.send({ type: 'state', state: 'listening' });
    await until(
      () => events.length,
      (n) => n === 1,
      { timeoutMs: 5000, everyMs: 5 },
    );
    expect(events).toEqual([{ type: 'state', state: 'listening' }]);
    window.control.close();
    window.audio.close();
  });

  it('ends the session when the link’s port closes, and closes both when the core ends it', async () => {
    const a = setUp();
    a.window.control.postMessage('{"type":"start"}');
    a.window.control.close();
    await until(
      () => a.inbound.at(-1),
      (last) => last === 'closed',
      { timeoutMs: 5000, everyMs: 5 },
    );
    a.window.audio.close();
    const b = setUp();
    b.link()!.close();
    expect(b.ports.map((p) => p.closed())).toEqual([true, true]);
  });

  it('lets go of any port beyond the two it uses', () => {
    let handler: ((event: unknown) => void) | undefined;
    const ipcMain = {
      on: (_channel: string, listener: (event: unknown) => void) => (handler = listener),
    } as unknown as Parameters<typeof registerLive>[0];
    registerLive(ipcMain, () => ({ text() {}, audio() {}, closed() {} }));
    const channels = [new MessageChannel(), new MessageChannel(), new MessageChannel()];
    const ports = channels.map((c) => mainPort(c.port2));
    handler!({ senderFrame: { url: 'app://kikitori/index.html', parent: null }, ports });
    expect(ports.map((p) => p.closed())).toEqual([false, false, true]);
    for (const c of channels) {
      c.port1.close();
      c.port2.close();
    }
  });

  it('opens nothing for another page or a frame inside it, and closes both ports', () => {
    for (const [url, parent] of [
      ['https://example.com/', null],
      ['app://kikitori/index.html', { url: 'app://kikitori/index.html' }],
    ] as const) {
      const { ports, link, window } = setUp(url, parent);
      expect(link()).toBeUndefined();
      expect(ports.map((p) => p.closed())).toEqual([true, true]);
      window.control.close();
      window.audio.close();
    }
  });
});
