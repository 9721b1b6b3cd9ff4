/**
 * The live recognizer's send loop on its own (core/live/audio-flow.ts), over a real WebSocket on
 * loopback whose server answers pings only when the test says: audio beyond the bound waits for
 * a pong, each pong lets more go, and a pong that never comes is a stall.
 */
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { AUDIO_PACKET_PREFIX } from '../../../shared/api';
import { AudioFlow } from '../../../core/live/audio-flow';
import { ReplayBuffer } from '../../../core/live/replay';
import { until } from '../../support/until';

const IN_FLIGHT = 16 * 1024;
let closers: Array<() => void> = [];
afterEach(() => {
  for (const close of closers) close();
  closers = [];
});

/** A server that counts the audio bytes it received and keeps the pings it has not answered. */
async function link() {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, autoPong: false });
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  const received = { bytes: 0, pings: [] as Buffer[] };
  const serverSide = new Promise<WebSocket>((resolve) =>
    server.on('connection', (ws) => {
      ws.on('message', (data: Buffer) => {
        expect(data[0]).toBe(AUDIO_PACKET_PREFIX);
        received.bytes += data.length - 1;
      });
      ws.on('ping', (data: Buffer) => received.pings.push(data));
      resolve(ws);
    }),
  );
  const client = new WebSocket(`ws://127.0.0.1:${port}/`);
  await once(client, 'open');
  const peer = await serverSide;
  closers.push(() => {
    client.terminate();
    server.close();
  });
  /** Answers the oldest ping not answered yet. */
  const pong = () => peer.pong(received.pings.shift());
  return { client, received, pong };
}

function flowOn(client: WebSocket, stallTimeoutMs = 60_000) {
  const buffer = new ReplayBuffer(10 * 1024 * 1024);
  const stalls: string[] = [];
  const flow = new AudioFlow(
    client,
    buffer,
    { replyTimeoutMs: 60_000, stallTimeoutMs, maxInFlightBytes: IN_FLIGHT },
    () => true,
    (detail) => stalls.push(detail),
  );
  // As the recognizer wires its sessions' sockets.
  client.on('pong', (data: Buffer) => flow.onPong(data.toString()));
  flow.begin();
  flow.sendPing();
  return { buffer, flow, stalls };
}

describe('the live send loop', () => {
  it('holds audio beyond the bound until the service has read what came before', async () => {
    const { client, received, pong } = await link();
    const { buffer, flow } = flowOn(client);
    // The first ping, with nothing in flight: answered, the server is known to answer pings.
    await until(
      () => received.pings.length,
      (n) => n === 1,
    );
    pong();
    buffer.append(new Uint8Array(200_000));
    flow.pump();
    // No pong for the audio: at most the bound (and the packet that crossed it) goes out.
    await until(
      () => received.bytes,
      (bytes) => bytes >= IN_FLIGHT,
    );
    expect(flow.sentTo).toBeLessThan(IN_FLIGHT + 8 * 1024);
    const held = flow.sentTo;
    flow.pump();
    expect(flow.sentTo).toBe(held);
    // Each pong lets more go, until everything has (the heartbeat, as the recognizer beats
    // every 2 s, sends a ping when none is out).
    let flushed = false;
    void flow.flushed().then((done) => (flushed = done));
    await until(
      () => {
        flow.heartbeat();
        if (received.pings.length > 0) pong();
        return received.bytes;
      },
      (bytes) => bytes === 200_000,
    );
    expect(flow.sentTo).toBe(200_000);
    await until(
      () => flushed,
      (done) => done,
    );
  });

  it('takes a pong that does not come as a stall', async () => {
    const { client, received, pong } = await link();
    const { flow, stalls } = flowOn(client, 200);
    await until(
      () => received.pings.length,
      (n) => n === 1,
    );
    pong();
    // The heartbeat: a new ping once the pong came, which the service never answers.
    await until(
      () => {
        flow.heartbeat();
        return stalls;
      },
      (told) => told.length > 0,
      { timeoutMs: 10_000 },
    );
    expect(received.pings.length).toBe(1);
    expect(stalls[0]).toMatch(/^no answer for \d+ s$/);
  });
});
