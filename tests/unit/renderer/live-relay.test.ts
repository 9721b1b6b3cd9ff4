// Browser mode's live link as the Worker runs it (renderer/src/host/live-relay.ts), against a real
// WebSocket server (ws) and Node's MessageChannel for the audio port: the link's own text goes
// first, then the worklet's audio and commands in their order, events come back as they are,
// and either side closing ends it once.
import type { AddressInfo } from 'node:net';
import { MessageChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { relay, type WorkerNews } from '../../../renderer/src/host/live-relay';
import { until } from '../../support/until';

interface Server {
  url: string;
  received: (string | number)[];
  socket: () => WebSocket | undefined;
  close: () => Promise<void>;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function server(): Promise<Server> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => wss.once('listening', resolve));
  const received: (string | number)[] = [];
  let socket: WebSocket | undefined;
  wss.on('connection', (ws) => {
    socket = ws;
    ws.on('message', (data: RawData, isBinary: boolean) =>
      received.push(isBinary ? (data as Buffer).length : (data as Buffer).toString('utf8')),
    );
  });
  const s: Server = {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/live`,
    received,
    socket: () => socket,
    close: () =>
      new Promise((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
  servers.push(s);
  return s;
}

function open(url: string) {
  const news: WorkerNews[] = [];
  const handle = relay(
    (n) => void news.push(n),
    (address) => new WebSocket(address),
  );
  const audio = new MessageChannel();
  handle({ type: 'open', url, audio: audio.port2 as unknown as MessagePort });
  return { handle, news, audio: audio.port1 };
}

const pcm = () => new ArrayBuffer(3200);

describe('the live relay (browser mode’s Worker)', () => {
  it('sends the link’s text first, then the audio port’s messages in order, and passes events back', async () => {
    const s = await server();
    const { handle, news, audio } = open(s.url);
    // All of this before the socket is open: it waits, in order.
    handle({ type: 'send', text: '{"type":"start"}' });
    audio.postMessage(pcm());
    audio.postMessage('{"type":"pause"}');
    audio.postMessage('{"type":"resume"}');
    audio.postMessage(pcm());
    await until(
      () => s.received.length,
      (n) => n === 5,
      { timeoutMs: 5000, everyMs: 10 },
    );
    expect(s.received).toEqual([
      '{"type":"start"}',
      3200,
      '{"type":"pause"}',
      '{"type":"resume"}',
      3200,
    ]);
    expect(news[0]).toEqual({ type: 'opened' });
    s.socket()!.send('{"type":"state","state":"listening"}');
    await until(
      () => news.length,
      (n) => n === 2,
      { timeoutMs: 5000, everyMs: 10 },
    );
    expect(news[1]).toEqual({ type: 'message', text: '{"type":"state","state":"listening"}' });
    handle({ type: 'close' });
    await until(
      () => news.at(-1)?.type,
      (type) => type === 'closed',
      { timeoutMs: 5000, everyMs: 10 },
    );
    audio.close();
  });

  it('says closed once when the host closes the socket', async () => {
    const s = await server();
    const { news, audio } = open(s.url);
    await until(s.socket, (socket) => socket !== undefined, { timeoutMs: 5000, everyMs: 10 });
    s.socket()!.close(1000);
    await until(
      () => news.filter((n) => n.type === 'closed').length,
      (n) => n === 1,
      { timeoutMs: 5000, everyMs: 10 },
    );
    // Anything after it goes nowhere, and is said nowhere.
    audio.postMessage(pcm());
    expect(news.filter((n) => n.type === 'closed')).toHaveLength(1);
    audio.close();
  });

  it('says closed, never opened, when the host is not there', async () => {
    const s = await server();
    const url = s.url;
    await s.close();
    servers.length = 0;
    const { news, audio } = open(url);
    await until(
      () => news.map((n) => n.type),
      (types) => types.includes('closed'),
      { timeoutMs: 5000, everyMs: 10 },
    );
    expect(news.map((n) => n.type)).toEqual(['closed']);
    audio.close();
  });
});
