/**
 * The realtime transport alone (service/realtime/transport.ts, docs/api.md §9 "Interop notes"):
 * a real http.Server on a real port with attachRealtime and an accept function of this file's
 * own that records what it is given and answers each message, so that framing, the handshake,
 * faults, backpressure and timeouts are checked without the session layer. Clients: `ws` (a
 * standard, masking client) and raw sockets with the habits of the official Python client
 * (unmasked frames, no Sec-WebSocket-Version).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { REALTIME_LIMITS } from '../../../shared/api/realtime-protocol';
import {
  attachRealtime,
  type RealtimeFault,
  type RealtimeHandlers,
  type RealtimePeer,
} from '../../../service/realtime/transport';
import { clientFrame, rawSocket, readFrames, type ServerFrame } from '../../support/raw-websocket';
import { until } from '../../support/until';

const LIMIT = REALTIME_LIMITS.maxMessageBytes;

/** What the test's accept function saw of one connection. */
interface Seen {
  readonly peer: RealtimePeer;
  readonly texts: string[];
  readonly binaries: Buffer[];
  readonly faults: RealtimeFault[];
  closed: number;
  /** Handler calls made while the test held the peer paused. */
  whilePaused: number;
  paused: boolean;
  /** Pause on the first message and stay paused until the test resumes. */
  pauseOnFirst: boolean;
}

const seen: Seen[] = [];
let nextPauseOnFirst = false;

function accept(peer: RealtimePeer): RealtimeHandlers {
  const s: Seen = {
    peer,
    texts: [],
    binaries: [],
    faults: [],
    closed: 0,
    whilePaused: 0,
    paused: false,
    pauseOnFirst: nextPauseOnFirst,
  };
  nextPauseOnFirst = false;
  seen.push(s);
  const got = () => {
    if (s.paused) s.whilePaused++;
    if (s.pauseOnFirst && !s.paused && s.texts.length + s.binaries.length === 1) {
      s.paused = true;
      peer.pause();
    }
  };
  return {
    text: (message) => {
      s.texts.push(message);
      got();
      if (message === 'close please') return peer.close();
      peer.sendText(`text ${message}`);
    },
    binary: (message) => {
      s.binaries.push(message);
      got();
      if (!s.pauseOnFirst)
        peer.sendText(
          `binary ${message.length} ${createHash('sha1').update(message).digest('hex')}`,
        );
    },
    lastWords: (fault) => {
      s.faults.push(fault);
      return fault.kind === 'too-large'
        ? `p received too large audio data (over ${fault.limit} bytes)`
        : `fault ${fault.detail}`;
    },
    stalled: () => peer.close(),
    closed: () => {
      s.closed++;
    },
  };
}

let server: Server;
let port: number;
/** The HTTP requests the server answered, to show its own timeouts are live. */
beforeAll(async () => {
  // The HTTP side's timeouts, made short: they must cut slow HTTP requests and never an
  // upgraded socket (server.ts has requestTimeout 30 min and headersTimeout 60 s).
  server = createServer(
    {
      requestTimeout: 400,
      headersTimeout: 300,
      keepAliveTimeout: 200,
      connectionsCheckingInterval: 25,
    },
    (req, res) => {
      req.resume();
      req.on('end', () => res.end('ok'));
    },
  );
  attachRealtime(server, accept, {
    maxMessageBytes: LIMIT,
    maxBufferedBytes: 1024 * 1024,
    stallMs: 30_000,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Every frame any raw client received, checked after each test. */
const received: ServerFrame[][] = [];
/** Every client socket, destroyed after each test (an upgraded socket holds server.close()). */
const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const frames of received.splice(0))
    for (const frame of frames) {
      // Whole frames only, never masked, no reserved bits, no pings; a close frame is empty.
      expect(frame).toMatchObject({ fin: true, masked: false, rsv: 0 });
      expect([0x1, 0x8, 0xa]).toContain(frame.opcode);
      if (frame.opcode === 0x8) expect(frame.payload.length).toBe(0);
    }
});

const url = (path = '/v1/') => `ws://127.0.0.1:${port}${path}`;

async function raw(path = '/v1/', mask = false) {
  const before = seen.length;
  const socket = await rawSocket(url(path), { mask });
  received.push(socket.frames);
  sockets.push(socket.tcp);
  const s = await until(
    () => seen[before],
    (x) => x !== undefined,
    { timeoutMs: 5_000, everyMs: 5 },
  );
  return { socket, s: s!, texts: () => socket.frames.filter((f) => f.opcode === 1) };
}

async function answersHttp(): Promise<boolean> {
  const response = await fetch(`http://127.0.0.1:${port}/health`);
  return (await response.text()) === 'ok';
}

/** Bytes on a plain TCP socket, gathered, with a promise of its close. */
function tcp(): Promise<{ socket: Socket; bytes: () => Buffer; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    const chunks: Buffer[] = [];
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', () => {});
    socket.once('connect', () => resolve({ socket, bytes: () => Buffer.concat(chunks), closed }));
    socket.once('error', reject);
  });
}

const frameOpcodes = (frames: ServerFrame[]) => frames.map((f) => f.opcode);

describe('the handshake', () => {
  it('takes the Python client’s handshake (no Sec-WebSocket-Version) with a correct Sec-WebSocket-Accept, and the bytes sent right after it', async () => {
    const { socket, bytes, closed } = await tcp();
    const key = randomBytes(16).toString('base64');
    const expectedAccept = createHash('sha1')
      .update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`)
      .digest('base64');
    // One write: the first frame travels in the upgrade's `head`.
    socket.write(
      Buffer.concat([
        Buffer.from(
          `GET /v1/ HTTP/1.1\r\nUser-Agent: Wrp-like\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: upgrade\r\nSec-WebSocket-Key: ${key}\r\n\r\n`,
        ),
        clientFrame(0x1, Buffer.from('in the head')),
      ]),
    );
    const text = await until(
      () => bytes(),
      (b) => b.includes('text in the head'),
      { timeoutMs: 5_000, everyMs: 5 },
    );
    const end = text.indexOf('\r\n\r\n');
    const head = text.subarray(0, end).toString('latin1');
    expect(head).toMatch(/^HTTP\/1\.1 101 /);
    expect(head).toMatch(
      new RegExp(
        `\r\nSec-WebSocket-Accept: ${expectedAccept.replace(/[+/]/g, '\\$&')}(\r\n|$)`,
        'i',
      ),
    );
    const { frames } = readFrames(text.subarray(end + 4));
    expect(frames.map((f) => f.payload.toString())).toEqual(['text in the head']);
    socket.end();
    await closed;
  });

  it('serves /v1 and /v1/nolog with and without the slash, ignoring the query', async () => {
    for (const [path, logged] of [
      ['/v1/', true],
      ['/v1', true],
      ['/v1/?x=1', true],
      ['/v1/nolog/', false],
      ['/v1/nolog', false],
      ['/v1/nolog/?a=b&c', false],
    ] as const) {
      const { socket, s } = await raw(path);
      expect(s.peer.logged, path).toBe(logged);
      expect(s.peer.remoteAddress).toBe('127.0.0.1');
      socket.destroy();
    }
  });

  it('refuses every other path at the upgrade with a JSON error, then closes', async () => {
    for (const path of ['/', '/v2/', '/v1/recognize', '/v1/nolog/x', '/v1//', '/V1/']) {
      const before = seen.length;
      const { socket, bytes, closed } = await tcp();
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n\r\n`,
      );
      await closed;
      const text = bytes().toString();
      expect(text, path).toMatch(/^HTTP\/1\.1 404 /);
      const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { code: string };
      expect(body.code).toBe('>');
      expect(seen.length).toBe(before);
    }
    await expect(rawSocket(url('/v1/engines'))).rejects.toThrow(/404/);
  });

  it('refuses a version other than 13 with 426 and the version it speaks', async () => {
    const { socket, bytes, closed } = await tcp();
    socket.write(
      `GET /v1/ HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 8\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n\r\n`,
    );
    await closed;
    expect(bytes().toString()).toMatch(/^HTTP\/1\.1 426 [^]*\r\nSec-WebSocket-Version: 13\r\n/);
  });
});

describe('messages', () => {
  it('a standard masked client (ws) exchanges text and binary', async () => {
    const ws = new WebSocket(url('/v1/nolog/'));
    const messages: string[] = [];
    ws.on('message', (data, isBinary) => {
      expect(isBinary).toBe(false);
      messages.push((data as Buffer).toString('utf8'));
    });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const audio = randomBytes(70_000);
    ws.send('s 16K -a-general-en');
    ws.send(audio);
    ws.send('日本語 é');
    await until(
      () => messages.length,
      (n) => n === 3,
      { timeoutMs: 5_000, everyMs: 5 },
    );
    expect(messages).toEqual([
      'text s 16K -a-general-en',
      `binary 70000 ${createHash('sha1').update(audio).digest('hex')}`,
      'text 日本語 é',
    ]);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.close(1000);
    // An empty close frame is 1005 (no status) to a standard client.
    expect(await closed).toBe(1005);
    await until(
      () => seen.at(-1)!.closed,
      (n) => n === 1,
      { timeoutMs: 5_000, everyMs: 5 },
    );
  });

  for (const mask of [false, true])
    it(`a raw client (${mask ? 'masked' : 'unmasked, as the Python client'}) exchanges text and binary, sizes at each length encoding`, async () => {
      const { socket, s, texts } = await raw('/v1/', mask);
      const sizes = [0, 1, 125, 126, 65_535, 65_536, 300_000, LIMIT];
      socket.sendText('s 16K -a-general-en');
      for (const size of sizes) socket.sendBinary(Buffer.alloc(size, size % 251));
      socket.sendText('e');
      await until(
        () => texts().length,
        (n) => n === sizes.length + 2,
        { timeoutMs: 10_000, everyMs: 5 },
      );
      expect(s.binaries.map((b) => b.length)).toEqual(sizes);
      expect(texts().at(-1)!.payload.toString()).toBe('text e');
      expect(s.faults).toEqual([]);
      socket.close();
      await socket.closed;
      expect(s.closed).toBe(1);
    });

  it('reassembles fragments (with a ping between them, answered with its payload) into one message', async () => {
    const { socket, s } = await raw();
    socket.sendRaw(clientFrame(0x1, Buffer.from('s 16K '), { fin: false }));
    socket.sendRaw(clientFrame(0x9, Buffer.from('are you there')));
    socket.sendRaw(clientFrame(0x0, Buffer.from('-a-general-en '), { fin: false }));
    socket.sendRaw(clientFrame(0x0, Buffer.from('authorization=k'), { mask: randomBytes(4) }));
    socket.sendRaw(clientFrame(0x2, Buffer.from('p'), { fin: false }));
    socket.sendRaw(clientFrame(0x0, Buffer.alloc(1000, 7)));
    // The pong and the answers to the two messages.
    await until(
      () => socket.frames.length,
      (n) => n === 3,
      { timeoutMs: 5_000, everyMs: 5 },
    );
    expect(s.texts).toEqual(['s 16K -a-general-en authorization=k']);
    expect(s.binaries[0]!.length).toBe(1001);
    const pong = socket.frames.find((f) => f.opcode === 0xa);
    expect(pong?.payload.toString()).toBe('are you there');
    expect(frameOpcodes(socket.frames)).toEqual([0xa, 0x1, 0x1]);
    socket.destroy();
  });

  it('the session’s close(): an empty close frame, the end of the socket, closed() once', async () => {
    const { socket, s } = await raw();
    socket.sendText('close please');
    await socket.closed;
    expect(frameOpcodes(socket.frames)).toEqual([0x8]);
    await until(
      () => s.closed,
      (n) => n === 1,
      { timeoutMs: 5_000, everyMs: 5 },
    );
    s.peer.close();
    s.peer.sendText('after the close');
    expect(s.closed).toBe(1);
  });

  it('a close frame from the client with a status code is answered with an empty one', async () => {
    const { socket, s } = await raw();
    const payload = Buffer.concat([Buffer.from([0x03, 0xe8]), Buffer.from('bye')]);
    socket.sendRaw(clientFrame(0x8, payload, { mask: randomBytes(4) }));
    await socket.closed;
    expect(frameOpcodes(socket.frames)).toEqual([0x8]);
    expect(s.faults).toEqual([]);
    expect(s.closed).toBe(1);
  });
});

describe('faults', () => {
  it('a frame header over the limit: the text arrives whole, then an empty close frame, and nothing of the payload is waited for', async () => {
    const { socket, s, texts } = await raw();
    socket.sendText('s 16K -a-general-en');
    // A 64-bit length one over the limit, and no payload at all: the refusal cannot wait for it.
    const header = Buffer.from([0x82, 127, 0, 0, 0, 0, 0, 0, 0, 0]);
    header.writeBigUInt64BE(BigInt(LIMIT + 1), 2);
    socket.sendRaw(header);
    await socket.closed;
    expect(texts().map((f) => f.payload.toString())).toEqual([
      'text s 16K -a-general-en',
      `p received too large audio data (over ${LIMIT} bytes)`,
    ]);
    expect(frameOpcodes(socket.frames)).toEqual([0x1, 0x1, 0x8]);
    expect(s.faults).toEqual([{ kind: 'too-large', limit: LIMIT }]);
    expect(s.closed).toBe(1);
    expect(await answersHttp()).toBe(true);
  });

  it('fragments that add up to more than the limit are refused at the fragment that crosses it', async () => {
    const { socket, s, texts } = await raw();
    socket.sendRaw(clientFrame(0x2, Buffer.alloc(600_000), { fin: false }));
    const second = Buffer.from([0x00, 127, 0, 0, 0, 0, 0, 0, 0, 0]);
    second.writeBigUInt64BE(BigInt(LIMIT - 600_000 + 1), 2);
    socket.sendRaw(second);
    await socket.closed;
    expect(texts().map((f) => f.payload.toString())).toEqual([
      `p received too large audio data (over ${LIMIT} bytes)`,
    ]);
    expect(s.binaries).toEqual([]);
    expect(s.faults[0]?.kind).toBe('too-large');
  });

  it('a 2^63 length and a control frame over 125 bytes end the connection without a status code', async () => {
    for (const bad of [
      Buffer.from([0x82, 127, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
      Buffer.from([0x89, 126, 0x00, 0x7e]),
      Buffer.from([0xc1, 0x01, 0x41]),
      clientFrame(0x0, Buffer.from('continuation without a start')),
      clientFrame(0x3, Buffer.from('reserved opcode')),
      clientFrame(0x1, Buffer.from([0xff, 0xfe])),
    ]) {
      const { socket, s } = await raw();
      socket.sendRaw(bad);
      await socket.closed;
      expect(socket.frames.at(-1)?.opcode, bad.toString('hex')).toBe(0x8);
      expect(s.faults.length, bad.toString('hex')).toBe(1);
      expect(s.closed).toBe(1);
    }
    expect(await answersHttp()).toBe(true);
  });

  for (const how of ['FIN', 'RST'] as const)
    it(`a client that vanishes mid-frame (${how}) is reported closed once`, async () => {
      const { socket, s } = await raw();
      socket.sendText('s 16K -a-general-en');
      socket.sendRaw(clientFrame(0x2, Buffer.alloc(10_000)).subarray(0, 5_000));
      await until(
        () => s.texts.length,
        (n) => n === 1,
        { timeoutMs: 5_000, everyMs: 5 },
      );
      if (how === 'RST') socket.tcp.resetAndDestroy();
      else socket.tcp.end();
      await until(
        () => s.closed,
        (n) => n === 1,
        { timeoutMs: 5_000, everyMs: 5 },
      );
      s.peer.sendText('nobody listens');
      s.peer.close();
      expect(s.binaries).toEqual([]);
      expect(s.closed).toBe(1);
    });
});

describe('flow', () => {
  // Large packets (one or a few per socket read), and small ones (hundreds in one read: those
  // after the one that paused must wait too).
  for (const [frames, size] of [
    [512, 64 * 1024],
    [200_000, 160],
  ] as const)
    it(`pause() stops reading (${frames} packets of ${size} bytes): a fast sender’s bytes back up in the kernel and nothing is delivered until resume()`, async () => {
      nextPauseOnFirst = true;
      const { socket, s } = await raw();
      const wire: Buffer[] = [];
      for (let i = 0; i < frames; i++) {
        const payload = Buffer.alloc(size);
        payload.writeUInt32BE(i, 0);
        wire.push(clientFrame(0x2, payload));
      }
      const all = Buffer.concat(wire);
      const sent = all.length;
      // In 64 KiB writes, so that the sender's writableLength says what is still unsent.
      for (let at = 0; at < all.length; at += 65_536) socket.sendRaw(all.subarray(at, at + 65_536));
      // The client's own buffer stops draining once the server's and the kernel's are full.
      let last = -1;
      await until(
        () => {
          const pending = socket.tcp.writableLength;
          const still = pending === last;
          last = pending;
          return still && pending > 0;
        },
        (still) => still,
        { timeoutMs: 10_000, everyMs: 200 },
      );
      const backedUp = socket.tcp.writableLength;
      console.log(
        `paused: ${s.binaries.length} message(s) delivered, ${s.whilePaused} after pause(); ${(backedUp / 2 ** 20).toFixed(1)} of ${(sent / 2 ** 20).toFixed(1)} MiB still in the sender`,
      );
      expect(s.whilePaused).toBe(0);
      expect(s.binaries.length).toBe(1);
      expect(backedUp).toBeGreaterThan(sent / 2);
      s.paused = false;
      s.peer.resume();
      await until(
        () => s.binaries.length,
        (n) => n === frames,
        { timeoutMs: 20_000, everyMs: 20 },
      );
      expect(s.binaries.map((b) => b.readUInt32BE(0))).toEqual([...Array(frames).keys()]);
      socket.destroy();
    });

  it('bufferedBytes counts what a reader that does not read leaves waiting', async () => {
    const { socket, s } = await raw();
    socket.tcp.pause();
    const text = 'x'.repeat(60_000);
    await until(
      () => {
        s.peer.sendText(text);
        return s.peer.bufferedBytes;
      },
      (n) => n > 1_000_000,
      { timeoutMs: 10_000, everyMs: 1 },
    );
    socket.tcp.resume();
    await until(
      () => s.peer.bufferedBytes,
      (n) => n === 0,
      { timeoutMs: 10_000, everyMs: 5 },
    );
    socket.destroy();
  });

  it('an upgraded socket outlives the HTTP timeouts that cut a slow HTTP request', async () => {
    const { socket, s, texts } = await raw();
    const opened = Date.now();
    // The control: an HTTP request that never finishes is cut by requestTimeout (400 ms here).
    const slow = await tcp();
    slow.socket.write('POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nab');
    await slow.closed;
    expect(slow.bytes().toString()).toMatch(/^HTTP\/1\.1 408 /);
    // Twice the request timeout later, the WebSocket still carries messages both ways.
    const again = await tcp();
    again.socket.write('POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nab');
    await again.closed;
    expect(Date.now() - opened).toBeGreaterThan(800);
    socket.sendText('still here');
    await until(
      () => texts().length,
      (n) => n === 1,
      { timeoutMs: 5_000, everyMs: 5 },
    );
    expect(s.closed).toBe(0);
    socket.destroy();
  });
});
