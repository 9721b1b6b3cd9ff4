/**
 * The realtime interface under a hostile local process that never starts a session
 * (docs/architecture.md §4 "Limits against a hostile local process"): raw sockets on loopback
 * against the real service process, in bounded loops, with the service's resident memory and
 * sockets read from /proc while they run.
 * - Connections that never start a session are capped, and closed after 10 s whatever they send.
 * - A client that never reads earns at most the bound of replies (1 MiB): the service reads it no
 *   further, and pongs are coalesced.
 * The other probes of a hostile process are in realtime-hostile.test.ts (apart, so that the two
 * files run side by side: these wait out the 10 s limit).
 */
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  GROWTH_BOUND,
  inMiB,
  MiB,
  openSockets,
  pidOf,
  pump,
  repeatedFrame,
  ResidentWatch,
  unreadByService,
  upgraded,
  wsUrl,
} from '../support/hostile-websocket';
import { useService } from '../support/hooks';
import { rawSocket, readFrames } from '../support/raw-websocket';
import { until } from '../support/until';
import { WrpClient } from '../support/wrp-client';

/** Reads a raw socket's frames from now on: the text of each, and how many of any kind. */
function collect(socket: Socket): { texts: string[]; frames: () => number } {
  const texts: string[] = [];
  let count = 0;
  let rest = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    const parsed = readFrames(Buffer.concat([rest, chunk]));
    rest = Buffer.from(parsed.rest);
    count += parsed.frames.length;
    for (const frame of parsed.frames)
      if (frame.opcode === 0x1) texts.push(frame.payload.toString('utf8'));
  });
  socket.resume();
  return { texts, frames: () => count };
}

describe('no key (the stall limit and the cap on connections)', () => {
  const service = useService();

  it('connections that never start a session are capped: past 64 the upgrade gets 503', async () => {
    const sockets: Socket[] = [];
    try {
      for (let i = 0; i < 64; i++) {
        const { socket, status } = await upgraded(service.port, '/v1/nolog/');
        expect(status).toMatch(/^HTTP\/1\.1 101 /);
        sockets.push(socket);
      }
      const refused = await upgraded(service.port, '/v1/');
      expect(refused.status).toBe('HTTP/1.1 503 Service Unavailable');
      expect(JSON.parse(refused.body)).toEqual({
        code: '>',
        message: expect.stringMatching(/64 realtime connections waiting for an accepted s/),
      });
      // One of them goes: one more is taken.
      sockets.pop()!.destroy();
      const again = await until(
        () => upgraded(service.port, '/v1/nolog/'),
        (answer) => {
          if (answer.status.includes(' 101 ')) return true;
          answer.socket.destroy();
          return false;
        },
        { timeoutMs: 10_000 },
      );
      sockets.push(again.socket);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  });

  it('a connection with no accepted s is closed after 10 s, though it sends a refused frame every 0.5 s', async () => {
    const client = await WrpClient.connect(wsUrl(service, '/v1/nolog/'), rawSocket);
    const opened = Date.now();
    // Bounded: 60 refused `e` (30 s), or until the service closes the connection.
    for (let i = 0; i < 60 && !client.closed; i++) {
      client.socket.sendText('e');
      await Promise.race([
        client.socket.closed,
        new Promise((resolve) => setTimeout(resolve, 500)),
      ]);
    }
    const lasted = Date.now() - opened;
    console.log(`unauthenticated connection closed after ${lasted} ms`);
    expect(client.closed).toBe(true);
    expect(lasted).toBeGreaterThanOrEqual(9_500);
    expect(lasted).toBeLessThan(20_000);
    expect(client.messages.at(-1)?.text).toBe('e timeout occurred');
    expect(
      client.messages.filter((m) => m.text.startsWith('e received illegal command')).length,
    ).toBeGreaterThan(10);
  }, 60_000);

  it('refusals to a client that never reads (8 MB of p before s): at most 1 MiB of them is held, and the connection goes at 10 s', async () => {
    const before = await openSockets(pidOf(service));
    const watch = await ResidentWatch.start(pidOf(service));
    const { socket } = await upgraded(service.port, '/v1/nolog/', { read: false });
    // 16,384 packets of one byte per batch, each earning a 48-byte refusal; 2,097,152 in all
    // (the kernel's buffers on loopback take them, the service reading them or not).
    const sent = await pump(socket, repeatedFrame(0x2, Buffer.from([0x70, 0]), 16_384), 8 * MiB, {
      stallMs: 60_000,
    });
    const unread = await unreadByService(service.port, socket.localPort!);
    // It never started a session: the service closes it (10 s, then 5 s for the client's end).
    await until(
      () => openSockets(pidOf(service)),
      (open) => open <= before,
      { timeoutMs: 30_000, everyMs: 100 },
    );
    const memory = await watch.stop();
    console.log(
      `p before s, never read: ${inMiB(sent.written)} sent, ${inMiB(unread)} of it unread by the service when the last was sent; service RSS ${inMiB(memory.before)} → highest ${inMiB(memory.highest)} (+${inMiB(memory.growth)}), ${inMiB(memory.after)} after the close`,
    );
    expect(memory.growth).toBeLessThanOrEqual(GROWTH_BOUND);
    socket.destroy();
  }, 120_000);

  it('a ping flood from a client that never reads: pongs are coalesced (16 MB of pings sent)', async () => {
    const watch = await ResidentWatch.start(pidOf(service));
    const { socket } = await upgraded(service.port, '/v1/nolog/', { read: false });
    // Pings of 8 bytes (10-byte frames), 1,677,721 at most.
    const pings = repeatedFrame(0x9, Buffer.from('pingpong'), 6_554);
    const sent = await pump(socket, pings, 16 * MiB);
    const memory = await watch.stop();
    console.log(
      `ping flood, never read: ${inMiB(sent.written)} sent (stalled: ${sent.stalled}); service RSS ${inMiB(memory.before)} → highest ${inMiB(memory.highest)} (+${inMiB(memory.growth)}), ${inMiB(memory.after)} after`,
    );
    expect(memory.growth).toBeLessThanOrEqual(GROWTH_BOUND);
    // Pongs still come to a client that reads.
    const got = collect(socket);
    await until(got.frames, (n) => n >= 1, { timeoutMs: 10_000 });
    socket.destroy();
  }, 120_000);
});
