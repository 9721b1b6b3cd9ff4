/**
 * Hostile WebSocket sessions for the realtime fuzzer (tests/integration/service/fuzz-websocket.
 * test.ts): a handshake (good, or broken in one of many ways) and then a sequence of frames
 * mixing the command grammar of docs/api.md §9 (`s` lines with random formats, engines, keys and
 * quoting; `e`; `p` packets of random audio), text that is no command, and frames broken at the
 * framing level (reserved bits, unknown opcodes, fragments out of order, control frames over 125
 * bytes, lengths that lie, masked and unmasked). Composable: `frameArb` is one frame,
 * `sessionArb` a whole connection.
 */
import fc from 'fast-check';
import { clientFrame } from './raw-websocket';

/** Stands for the service's real key in generated text; replaced when the case is sent. */
export const KEY = '\u0000KEY\u0000';

export interface FuzzFrame {
  readonly label: string;
  /** Bytes on the wire, with KEY still in them (see `wire`). */
  readonly bytes: Buffer;
}

export interface FuzzSession {
  readonly label: string;
  readonly handshake: string;
  /** Whether the handshake is one the service must upgrade. */
  readonly upgrades: boolean;
  readonly frames: readonly FuzzFrame[];
}

const maskArb = fc.option(
  fc.uint8Array({ minLength: 4, maxLength: 4 }).map((m) => Buffer.from(m)),
  {
    nil: undefined,
  },
);

const formats = fc.constantFrom(
  '16K',
  'LSB16K',
  'MSB16K',
  'LSB44K',
  '8K',
  'MULAW',
  'ALAW',
  'OPUS',
  '',
  'lsb16k',
);
const engines = fc.constantFrom(
  '-a-general-en',
  '-a-general',
  '\u0001',
  '-a-general-en\u0001',
  'x=y',
  '',
);
const keyValue = fc.oneof(
  fc.constant(KEY),
  fc.string({ maxLength: 12 }),
  fc.constantFrom('', '"', '""', 'a b', '"a b"', '\u3042', '\ud800'),
);
const paramKeys = fc.constantFrom(
  'authorization',
  'profileId',
  'profileWords',
  'keepFillerToken',
  'resultUpdatedInterval',
  'segmenterProperties',
  'extension',
  'resultType',
  'x',
  '',
  'a=b',
);

/** An `s` line: mostly well-formed, with random values and quoting. */
export const startLineArb: fc.Arbitrary<string> = fc
  .tuple(
    formats,
    engines,
    fc.array(fc.tuple(paramKeys, keyValue, fc.boolean()), { maxLength: 5 }),
    fc.boolean(),
    fc.constantFrom(' ', '  ', ' \t'),
  )
  .map(([format, engine, params, withKey, space]) => {
    const parts = ['s', format, engine];
    if (withKey) parts.push(`authorization=${KEY}`);
    for (const [key, value, quote] of params) {
      parts.push(quote ? `${key}="${value.replaceAll('"', '""')}"` : `${key}=${value}`);
    }
    return parts.join(space);
  });

const textCommandArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: startLineArb },
  { weight: 3, arbitrary: fc.constantFrom('e', 'e ', 'e x', 'p', 's', 'S 10', 'A {}', '') },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
);

/** Audio: speech-like noise in LSB16K, random bytes, a WAV header, or nothing. */
const audioArb: fc.Arbitrary<Buffer> = fc.oneof(
  fc.uint8Array({ maxLength: 2048 }).map((b) => Buffer.from(b)),
  fc.integer({ min: 1, max: 1024 }).map((n) => Buffer.alloc(n * 2)),
  fc.constant(
    Buffer.concat([
      Buffer.from('RIFF\u0024\u0000\u0000\u0000WAVEfmt ', 'latin1'),
      Buffer.from([16, 0, 0, 0, 1, 0, 1, 0, 0x80, 0x3e, 0, 0, 0, 0x7d, 0, 0, 2, 0, 16, 0]),
      Buffer.from('data\u0000\u0000\u0000\u0000', 'latin1'),
    ]),
  ),
);

/** One frame, well-formed or not. */
export const frameArb: fc.Arbitrary<FuzzFrame> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.tuple(textCommandArb, maskArb).map(([text, mask]) => ({
      label: 'text',
      bytes: clientFrame(0x1, Buffer.from(text), { mask }),
    })),
  },
  {
    weight: 4,
    arbitrary: fc.tuple(audioArb, maskArb).map(([audio, mask]) => ({
      label: 'p',
      bytes: clientFrame(0x2, Buffer.concat([Buffer.from('p'), audio]), { mask }),
    })),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(textCommandArb, maskArb).map(([text, mask]) => ({
      label: 'binary command',
      bytes: clientFrame(0x2, Buffer.from(text), { mask }),
    })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.uint8Array({ maxLength: 200 }),
        fc.integer({ min: 0, max: 15 }),
        fc.boolean(),
        maskArb,
      )
      .map(([payload, opcode, fin, mask]) => ({
        label: `opcode ${opcode}${fin ? '' : ' unfinished'}`,
        bytes: clientFrame(opcode, Buffer.from(payload), { fin, mask }),
      })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.uint8Array({ maxLength: 64 }), fc.integer({ min: 1, max: 7 }))
      .map(([payload, rsv]) => {
        const frame = clientFrame(0x1, Buffer.from(payload));
        frame[0] = frame[0]! | (rsv << 4);
        return { label: 'reserved bits', bytes: frame };
      }),
  },
  {
    weight: 1,
    // A header whose length lies: huge (64-bit), or more than follows.
    arbitrary: fc
      .tuple(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), fc.uint8Array({ maxLength: 32 }))
      .map(([length, tail]) => {
        const head = Buffer.alloc(10);
        head[0] = 0x82;
        head[1] = 127;
        head.writeBigUInt64BE(length, 2);
        return { label: 'lying length', bytes: Buffer.concat([head, Buffer.from(tail)]) };
      }),
  },
  {
    weight: 1,
    arbitrary: fc.uint8Array({ minLength: 1, maxLength: 64 }).map((b) => ({
      label: 'garbage bytes',
      bytes: Buffer.from(b),
    })),
  },
);

const goodHandshake = (path: string, version: boolean) =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n${version ? 'Sec-WebSocket-Version: 13\r\n' : ''}\r\n`;

const handshakeArb: fc.Arbitrary<{ text: string; upgrades: boolean; label: string }> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .tuple(fc.constantFrom('/v1/', '/v1/nolog/', '/v1', '/v1/nolog', '/v1/?x=1'), fc.boolean())
      .map(([path, version]) => ({
        text: goodHandshake(path, version),
        upgrades: true,
        label: path,
      })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(
        goodHandshake('/v2/', true),
        goodHandshake('/', true),
        goodHandshake('/v1/recognize', true),
        goodHandshake('/v1/', true).replace('Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n', ''),
        goodHandshake('/v1/', true).replace('Version: 13', 'Version: 8'),
        goodHandshake('/v1/', true).replace('Upgrade: websocket', 'Upgrade: h2c'),
        'GET /v1/ HTTP/1.1\r\nUpgrade: websocket\r\n\r\n',
      )
      .map((text) => ({ text, upgrades: false, label: 'bad handshake' })),
  },
);

export const sessionArb: fc.Arbitrary<FuzzSession> = fc
  .tuple(handshakeArb, fc.array(frameArb, { maxLength: 8 }))
  .map(([handshake, frames]) => ({
    label: `${handshake.label} ${frames.map((f) => f.label).join(',')}`,
    handshake: handshake.text,
    upgrades: handshake.upgrades,
    frames,
  }));

/** The bytes to send, with the real key in place of KEY. */
export function wire(bytes: Buffer, key: string): Buffer {
  const marker = Buffer.from(KEY);
  const parts: Buffer[] = [];
  let at = 0;
  for (let found = bytes.indexOf(marker); found >= 0; found = bytes.indexOf(marker, at)) {
    parts.push(bytes.subarray(at, found), Buffer.from(key));
    at = found + marker.length;
  }
  parts.push(bytes.subarray(at));
  const out = Buffer.concat(parts);
  if (out.length === bytes.length) return out;
  // The payload length changed: re-frame a simple (unmasked, short) frame; others stay as they are.
  const opcode = bytes[0]! & 0x0f;
  const masked = (bytes[1]! & 0x80) !== 0;
  const length = bytes[1]! & 0x7f;
  if (masked || length >= 126) return out;
  return clientFrame(opcode, out.subarray(2), { fin: (bytes[0]! & 0x80) !== 0 });
}
