/**
 * The realtime interface under a hostile local process (docs/architecture.md §4 "Limits against
 * a hostile local process"): raw sockets on loopback against the real service process, sending
 * volumes a hostile process would in bounded loops, with the service's resident memory read from
 * /proc/<pid>/status while they run.
 * 1. A client that leaves the bound of replies unread for the stall limit is closed.
 * 2. After the decoder has ended (a WAV's data length), `p` is refused and never logged.
 * 3. A million one-byte packets cost what they weigh.
 * 4. All connections are capped; the account's 8 recognitions hold across its keys.
 * What a client that never starts a session may do (the cap on connections and the 10 s limit) is
 * realtime-no-session.test.ts: a file of its own, so the two run side by side.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIMITS, LOCAL_ENGINE } from '../../shared/api';
import {
  GROWTH_BOUND,
  inMiB,
  MiB,
  openSockets,
  pidOf,
  pump,
  repeatedFrame,
  ResidentWatch,
  upgraded,
  wsUrl,
} from '../support/hostile-websocket';
import { useService } from '../support/hooks';
import { clientFrame, rawSocket, type RawSocket } from '../support/raw-websocket';
import { multipart, rawRequest, type RunningService } from '../support/service-process';
import { until } from '../support/until';
import { wavHeader } from '../support/wav-header';
import { WrpClient } from '../support/wrp-client';

const CANT_FEED = "p can't feed audio data to recognizer server";

/** A `p` packet of `audio` bytes of silence, as one unmasked frame. */
const packet = (audio: number) =>
  clientFrame(0x2, Buffer.concat([Buffer.from('p'), Buffer.alloc(audio)]));

/** Files of the service's log folder with their sizes. */
async function logFiles(service: RunningService): Promise<Map<string, number>> {
  const dir = join(service.dataDir, 'logs');
  const names = await readdir(dir).catch(() => [] as string[]);
  const sizes = await Promise.all(names.map(async (name) => (await stat(join(dir, name))).size));
  return new Map(names.map((name, i) => [name, sizes[i]!]));
}

describe('with a key (points 2, 3 and 4)', () => {
  const service = useService();

  it('p after a WAV’s data length is refused and never logged (256 MB sent after it)', async () => {
    const before = await logFiles(service);
    const client = await WrpClient.connect(wsUrl(service, '/v1/'), rawSocket);
    const tcp = (client.socket as RawSocket).tcp;
    expect(await client.start('16K', LOCAL_ENGINE, { authorization: service.key })).toBeNull();
    // A WAV whose data chunk says 2 bytes, and its 2 bytes: the decoder ends there.
    client.feed(Buffer.concat([wavHeader(2), Buffer.alloc(2)]));
    const watch = await ResidentWatch.start(pidOf(service));
    const batch = Buffer.concat(Array.from({ length: 16 }, () => packet(4096)));
    const sent = await pump(tcp, batch, 256 * MiB, { stallMs: 30_000 });
    const memory = await watch.stop();
    expect(sent.stalled).toBe(false);
    await client.waitFor((m) => m.text === CANT_FEED);
    expect(await client.end()).toBeNull();
    const refusals = client.messages.filter((m) => m.text === CANT_FEED).length;
    const logged = [...(await logFiles(service))].filter(([name]) => !before.has(name));
    console.log(
      `after the WAV's end: ${inMiB(sent.written)} sent, ${refusals} refusals; log files ${JSON.stringify(logged)}; service RSS ${inMiB(memory.before)} → highest ${inMiB(memory.highest)} (+${inMiB(memory.growth)})`,
    );
    // Every packet but the one the decoder's end fell in, or one more in flight, was refused.
    expect(refusals).toBeGreaterThanOrEqual((sent.written / batch.length) * 16 - 128);
    expect(logged).toHaveLength(1);
    // The log holds the decoded audio (header and 2 bytes) and at most one packet more.
    expect(logged[0]![1]).toBeLessThanOrEqual(44 + 2 + 4096);
    expect(memory.growth).toBeLessThanOrEqual(GROWTH_BOUND);
    client.close();
  }, 180_000);

  for (const path of ['/v1/', '/v1/nolog/'])
    it(`1,000,000 one-byte p packets on ${path} cost what they weigh`, async () => {
      const before = await logFiles(service);
      const client = await WrpClient.connect(wsUrl(service, path), rawSocket);
      const tcp = (client.socket as RawSocket).tcp;
      expect(await client.start('LSB16K', LOCAL_ENGINE, { authorization: service.key })).toBeNull();
      const watch = await ResidentWatch.start(pidOf(service));
      const sent = await pump(tcp, repeatedFrame(0x2, Buffer.from([0x70, 0]), 10_000), 4_000_000, {
        stallMs: 60_000,
      });
      expect(sent).toEqual({ written: 4_000_000, stalled: false });
      expect(await client.end()).toBeNull();
      const memory = await watch.stop();
      const logged = [...(await logFiles(service))].filter(([name]) => !before.has(name));
      console.log(
        `1,000,000 one-byte packets on ${path}: service RSS ${inMiB(memory.before)} → highest ${inMiB(memory.highest)} (+${inMiB(memory.growth)}), ${inMiB(memory.after)} after; log ${JSON.stringify(logged)}`,
      );
      expect(client.messages.filter((m) => m.text.startsWith('p '))).toEqual([]);
      expect(memory.growth).toBeLessThanOrEqual(GROWTH_BOUND);
      // Every byte decoded, and logged exactly as sent on /v1/.
      expect(logged).toEqual(
        path === '/v1/' ? [[expect.stringMatching(/\.audio$/), 1_000_000]] : [],
      );
      client.close();
    }, 180_000);

  it('the account’s 8 concurrent recognitions hold across all its keys, realtime and HTTP', async () => {
    const issue = async () => {
      const answer = await rawRequest(service.url, {
        path: '/issue_service_authorization',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: Buffer.from(
          new URLSearchParams({ sid: service.sid, spw: service.spw, epi: '1h' }).toString(),
        ),
      });
      expect(answer.status).toBe(200);
      return answer.body.trim();
    };
    const [second, third] = [await issue(), await issue()];
    const clients: WrpClient[] = [];
    try {
      for (let i = 0; i < LIMITS.maxConcurrentPerKey; i++) {
        const client = await WrpClient.connect(wsUrl(service, '/v1/nolog/'));
        clients.push(client);
        expect(
          await client.start('LSB16K', LOCAL_ENGINE, { authorization: service.key }),
        ).toBeNull();
      }
      const other = await WrpClient.connect(wsUrl(service, '/v1/nolog/'));
      clients.push(other);
      expect(await other.start('LSB16K', LOCAL_ENGINE, { authorization: second })).toMatch(
        /^too many concurrent recognitions for this APPKEY's account \(at most 8 at once/,
      );
      const { body, contentType } = multipart([
        { name: 'u', value: third },
        { name: 'd', value: LOCAL_ENGINE },
        {
          name: 'a',
          value: Buffer.concat([wavHeader(32_000), Buffer.alloc(32_000)]),
          filename: 'a.wav',
        },
      ]);
      const sync = await rawRequest(service.url, {
        path: '/v1/nolog/recognize',
        headers: { 'Content-Type': contentType },
        body,
      });
      expect(sync.status).toBe(429);
      // One recognition ends: the other key gets its place.
      expect(await clients[0]!.end()).toBeNull();
      expect(await other.start('LSB16K', LOCAL_ENGINE, { authorization: second })).toBeNull();
    } finally {
      for (const client of clients) client.close();
    }
  });
});

describe('short limits (points 1 and 4)', () => {
  const service = useService({
    env: {
      KIKITORI_WRP_STALL_MS: '1500',
      KIKITORI_WRP_MAX_CONNECTIONS: '4',
      KIKITORI_WRP_MAX_UNAUTHENTICATED: '2',
    },
  });

  it('a client that leaves the bound unread for the stall limit is closed', async () => {
    const before = await openSockets(pidOf(service));
    const client = await WrpClient.connect(wsUrl(service, '/v1/nolog/'), rawSocket);
    expect(await client.start('LSB16K', LOCAL_ENGINE, { authorization: service.key })).toBeNull();
    const tcp = (client.socket as RawSocket).tcp;
    tcp.pause();
    // A session runs, so neither the 10 s nor the 60 s no-data limit is what closes it: `s`
    // with no format (and trailing spaces), refused with 110 bytes; 524,288 at most.
    const line = Buffer.from(`s${' '.repeat(29)}`);
    await pump(tcp, repeatedFrame(0x1, line, 2_048), 16 * MiB, { stallMs: 60_000 });
    const stalled = Date.now();
    await until(
      () => openSockets(pidOf(service)),
      (open) => open <= before,
      { timeoutMs: 20_000, everyMs: 100 },
    );
    console.log(`a stalled client: its socket closed ${Date.now() - stalled} ms after it sent all`);
    tcp.destroy();
  }, 60_000);

  it('upgrades get 503 past the caps on waiting connections and on all connections', async () => {
    const url = wsUrl(service, '/v1/nolog/');
    const open: WrpClient[] = [];
    const connect = async () => {
      const client = await WrpClient.connect(url, rawSocket);
      open.push(client);
      return client;
    };
    const refusal = async () => {
      const answer = await upgraded(service.port, '/v1/nolog/');
      expect(answer.status).toBe('HTTP/1.1 503 Service Unavailable');
      return (JSON.parse(answer.body) as { message: string }).message;
    };
    try {
      const [a, b] = [await connect(), await connect()];
      expect(await refusal()).toMatch(/2 realtime connections waiting for an accepted s/);
      expect(await a.start('LSB16K', LOCAL_ENGINE, { authorization: service.key })).toBeNull();
      await connect();
      expect(await b.start('LSB16K', LOCAL_ENGINE, { authorization: service.key })).toBeNull();
      await connect();
      expect(await refusal()).toMatch(/4 realtime connections open/);
    } finally {
      for (const client of open) client.close();
    }
  });
});
