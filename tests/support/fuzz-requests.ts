/**
 * fast-check arbitraries of hostile HTTP exchanges with the local service: broken and truncated
 * multipart, odd chunk sizes, huge and truncated headers, slow senders (bounded pauses), garbage
 * `d`, random paths and methods. Each case says whether its bytes form a complete request, so
 * the fuzzer knows when an answer is owed.
 */
import fc from 'fast-check';
import type { Step } from './raw-http';
import { wavHeader } from './wav-header';

export interface FuzzCase {
  readonly label: string;
  readonly steps: Step[];
  /** The bytes form one complete request: an answer is owed. */
  readonly complete: boolean;
  /** The sender ends its side after the last step (always, for an incomplete request). */
  readonly halfClose: boolean;
}

const RECOGNITION_PATHS = [
  '/v1/recognize',
  '/v1/nolog/recognize',
  '/v1/recognitions',
  '/v2/recognitions',
];
const OTHER_PATHS = [
  '/v1/engines',
  '/v2/recognitions/0123456789abcdef01234567',
  '/v1/recognitions/%zz',
  '/profilewords/-a-general-en/',
  '/profilewords/-a-general-en/p1',
  '/profilewords/%E3%81/p%',
  '/classnames/-a-general-en',
  '/issue_service_authorization',
  '/',
  '//v1//recognize',
  '/v1/recognize/../engines',
  '*',
];

const bytes = (max: number) => fc.uint8Array({ maxLength: max }).map((a) => Buffer.from(a));
const text = (max: number) => fc.string({ unit: 'binary', maxLength: max });

/** `d` strings: valid, nearly valid, and garbage. */
const dValue = fc.oneof(
  fc.constantFrom(
    '-a-general-en',
    'grammarFileNames=-a-general-en',
    '-a-general-en keepFillerToken=1',
    '-a-general-en loggingOptOut=True compatibleWithSync=True',
    '-a-general-en profileWords=a%20b|c%20d%20e',
    '-a-general-en profileId=:p1',
    '-a-general-en segmenterProperties=%zz',
    '-a-general-en speakerDiarization=True diarizationMaxSpeaker=999',
    '-a-general',
    '-a-general-en -a-general-en',
    'x="unterminated',
    '=novalue',
    '__proto__=x -a-general-en',
  ),
  text(80),
  fc
    .array(fc.tuple(fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.-]{0,12}$/), text(20)), {
      maxLength: 5,
    })
    .map((pairs) =>
      ['-a-general-en', ...pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`)].join(' '),
    ),
);

/** Audio: empty, garbage, short PCM, a WAV header that lies, or the magic of other formats. */
const audio = fc.oneof(
  bytes(64),
  bytes(4000),
  fc
    .tuple(
      fc.integer({ min: 0, max: 2 ** 32 - 1 }),
      fc.constantFrom(8000, 16000, 0, 96000, 7),
      bytes(2000),
    )
    .map(([size, rate, rest]) => Buffer.concat([wavHeader(size, rate), rest])),
  fc
    .tuple(fc.integer({ min: 0, max: 65535 }), fc.integer({ min: 0, max: 64 }), bytes(800))
    .map(([format, bits, rest]) =>
      Buffer.concat([wavHeader(rest.length, 16000, format, bits), rest]),
    ),
  fc
    .tuple(
      fc.constantFrom('fLaC', 'OggS', 'ID3', '\xff\xfb', 'RIFF', '\x00\x00\x00\x20ftyp'),
      bytes(1500),
    )
    .map(([magic, rest]) => Buffer.concat([Buffer.from(magic, 'latin1'), rest])),
);

interface Keys {
  readonly valid: string;
}

const key = (keys: Keys) =>
  fc.oneof(fc.constant(keys.valid), fc.constant(''), text(50), fc.constant(`${keys.valid}x`));

/** The body split into chunks of random sizes (1 byte to 8 KiB). */
function split(body: Buffer, sizes: number[]): Buffer[] {
  const out: Buffer[] = [];
  let at = 0;
  let i = 0;
  while (at < body.length) {
    const size = Math.max(1, sizes.length ? sizes[i++ % sizes.length]! : body.length);
    out.push(body.subarray(at, at + size));
    at += size;
  }
  return out;
}

const framing = fc.record({
  chunked: fc.boolean(),
  sizes: fc.array(fc.integer({ min: 1, max: 8192 }), { minLength: 1, maxLength: 6 }),
  /** Content-Length off by this many bytes (0: right). */
  lengthError: fc.oneof(
    { weight: 6, arbitrary: fc.constant(0) },
    { weight: 1, arbitrary: fc.integer({ min: -50, max: 50 }) },
  ),
  /** Cut the whole request at this fraction (1: not cut). */
  cut: fc.oneof(
    { weight: 5, arbitrary: fc.constant(1) },
    { weight: 1, arbitrary: fc.double({ min: 0, max: 1, noNaN: true }) },
  ),
  badChunkSize: fc.oneof(
    { weight: 12, arbitrary: fc.constant(false) },
    { weight: 1, arbitrary: fc.constant(true) },
  ),
  pauses: fc.oneof(
    { weight: 8, arbitrary: fc.constant([] as number[]) },
    { weight: 1, arbitrary: fc.array(fc.integer({ min: 1, max: 25 }), { maxLength: 3 }) },
  ),
  halfClose: fc.boolean(),
  extraHeaders: fc.array(
    fc.tuple(fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,15}$/), fc.stringMatching(/^[ -~]{0,40}$/)),
    { maxLength: 3 },
  ),
});

type Framing = typeof framing extends fc.Arbitrary<infer T> ? T : never;

/** A complete or broken HTTP/1.1 request around a body, sent in random pieces. */
function assemble(
  label: string,
  method: string,
  path: string,
  headers: Array<[string, string]>,
  body: Buffer,
  f: Framing,
): FuzzCase {
  const head: Array<[string, string]> = [
    ['Host', '127.0.0.1'],
    ['Connection', 'close'],
    ...headers,
  ];
  for (const [name, value] of f.extraHeaders) {
    // Framing headers stay the generator's: the case must know whether it is complete.
    if (!/^(content-length|transfer-encoding|connection|host)$/i.test(name))
      head.push([name, value]);
  }
  let payload: Buffer;
  let lengthLies = false;
  if (f.chunked) {
    head.push(['Transfer-Encoding', 'chunked']);
    const pieces = split(body, f.sizes).flatMap((piece) => [
      Buffer.from(`${f.badChunkSize ? 'zz' : piece.length.toString(16)}\r\n`),
      piece,
      Buffer.from('\r\n'),
    ]);
    payload = Buffer.concat([...pieces, Buffer.from('0\r\n\r\n')]);
  } else {
    const declared = Math.max(0, body.length + f.lengthError);
    lengthLies = declared !== body.length;
    head.push(['Content-Length', String(declared)]);
    payload = body;
  }
  const whole = Buffer.concat([
    Buffer.from(
      `${method} ${path} HTTP/1.1\r\n${head.map(([n, v]) => `${n}: ${v}\r\n`).join('')}\r\n`,
    ),
    payload,
  ]);
  const cutAt = f.cut >= 1 ? whole.length : Math.floor(whole.length * f.cut);
  const sent = whole.subarray(0, cutAt);
  const complete = cutAt === whole.length && !lengthLies && !(f.chunked && f.badChunkSize);
  const steps: Step[] = [];
  const pieces = split(sent, f.sizes);
  pieces.forEach((piece, i) => {
    steps.push(piece);
    const pause = f.pauses[i];
    if (pause !== undefined && i < pieces.length - 1) steps.push({ pauseMs: pause });
  });
  return { label, steps, complete, halfClose: f.halfClose || !complete };
}

function multipartBody(
  parts: Array<{ name: string; value: Buffer; filename?: string; type?: string }>,
  boundary: string,
  closing: boolean,
): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.type) head += `Content-Type: ${part.type}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), part.value, Buffer.from('\r\n'));
  }
  if (closing) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

function recognitionMultipart(keys: Keys): fc.Arbitrary<FuzzCase> {
  return fc
    .record({
      path: fc.constantFrom(...RECOGNITION_PATHS),
      u: fc.option(key(keys)),
      d: fc.option(dValue, { freq: 6 }),
      c: fc.option(
        fc.constantFrom('LSB16K', 'MSB16K', 'LSB8K', 'MULAW', 'ALAW', '16K', 'nonsense', ''),
      ),
      a: fc.option(audio, { freq: 8 }),
      filename: fc.option(fc.constantFrom('a.wav', '', '"', '../x')),
      type: fc.option(fc.constantFrom('audio/wav', 'text/plain', 'application/octet-stream; x')),
      extraParts: fc.array(fc.tuple(fc.stringMatching(/^[a-z]{1,3}$/), bytes(40)), {
        maxLength: 3,
      }),
      order: fc.boolean(),
      boundary: fc.oneof(fc.constant('zz'), fc.stringMatching(/^[0-9A-Za-z'()+_,./:=?-]{1,70}$/)),
      quoteBoundary: fc.boolean(),
      closing: fc.boolean(),
      preamble: fc.option(text(30)),
      query: fc.option(
        fc.constantFrom('?d=-a-general-en', '?u=x', '?d=%zz', '?c=LSB16K&d=-a-general'),
      ),
      framing,
    })
    .map((r) => {
      const parts: Array<{ name: string; value: Buffer; filename?: string; type?: string }> = [];
      if (r.u !== null) parts.push({ name: 'u', value: Buffer.from(r.u) });
      if (r.d !== null) parts.push({ name: 'd', value: Buffer.from(r.d) });
      if (r.c !== null) parts.push({ name: 'c', value: Buffer.from(r.c) });
      for (const [name, value] of r.extraParts) parts.push({ name, value });
      if (r.a !== null)
        parts.push({
          name: 'a',
          value: r.a,
          ...(r.filename !== null ? { filename: r.filename } : {}),
          ...(r.type !== null ? { type: r.type } : {}),
        });
      if (!r.order) parts.reverse();
      const body = Buffer.concat([
        Buffer.from(r.preamble !== null ? `${r.preamble}\r\n` : ''),
        multipartBody(parts, r.boundary, r.closing),
      ]);
      const boundary = r.quoteBoundary ? `"${r.boundary}"` : r.boundary;
      return assemble(
        `multipart ${r.path}`,
        'POST',
        `${r.path}${r.query ?? ''}`,
        [['Content-Type', `multipart/form-data; boundary=${boundary}`]],
        body,
        r.framing,
      );
    });
}

function recognitionRaw(keys: Keys): fc.Arbitrary<FuzzCase> {
  return fc
    .record({
      path: fc.constantFrom(...RECOGNITION_PATHS),
      u: key(keys),
      d: dValue,
      c: fc.constantFrom('LSB16K', 'MSB44K', 'LSB8K', 'MULAW', 'x', ''),
      body: audio,
      type: fc.constantFrom(
        'application/octet-stream',
        'audio/wav',
        'multipart/form-data',
        'text/plain',
      ),
      framing,
    })
    .map((r) =>
      assemble(
        `raw ${r.path}`,
        'POST',
        `${r.path}?u=${encodeURIComponent(r.u)}&d=${encodeURIComponent(r.d)}&c=${r.c}`,
        [['Content-Type', r.type]],
        r.body,
        r.framing,
      ),
    );
}

function otherRequests(keys: Keys): fc.Arbitrary<FuzzCase> {
  return fc
    .record({
      method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'BREW'),
      path: fc.oneof(
        fc.constantFrom(...OTHER_PATHS, ...RECOGNITION_PATHS),
        fc.stringMatching(/^\/[!-~]{0,60}$/),
      ),
      bearer: fc.option(key(keys)),
      type: fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain'),
      body: fc.oneof(
        fc.constant(Buffer.alloc(0)),
        text(200).map((s) => Buffer.from(s, 'latin1')),
        fc.json().map((s) => Buffer.from(s)),
        fc.constant(Buffer.from('{"profilewords":[{"written":"a","spoken":"b"}]}')),
        fc.constant(Buffer.from('sid=x&spw=y&epi=99999999999999999999w&ipa=1.2.3.4/33')),
      ),
      framing,
    })
    .map((r) =>
      assemble(
        `${r.method} ${r.path}`,
        r.method,
        r.path,
        [
          ['Content-Type', r.type],
          ...(r.bearer !== null
            ? ([['Authorization', `Bearer ${r.bearer}`]] as Array<[string, string]>)
            : []),
        ],
        r.body,
        r.framing,
      ),
    );
}

/** Broken HTTP itself: huge or truncated headers, bad request lines, garbage. */
const brokenHttp: fc.Arbitrary<FuzzCase> = fc
  .oneof(
    fc.integer({ min: 1, max: 80 }).map((kib) => ({
      label: `http header-of-${kib}-KiB`,
      bytes: Buffer.from(
        `GET /v1/engines HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Big: ${'a'.repeat(kib * 1024)}\r\n\r\n`,
      ),
      complete: kib < 60,
    })),
    fc.integer({ min: 1, max: 300 }).map((n) => ({
      label: `http ${n}-headers`,
      bytes: Buffer.from(
        `GET /v1/engines HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${Array.from({ length: n }, (_, i) => `X-${i}: ${i}\r\n`).join('')}\r\n`,
      ),
      complete: true,
    })),
    text(300).map((t) => ({
      label: 'http garbage',
      bytes: Buffer.from(t, 'latin1'),
      complete: false,
    })),
    fc
      .tuple(
        fc.constantFrom('GET', 'POST', 'G\x00T', ''),
        fc.stringMatching(/^[ -~]{0,40}$/),
        fc.constantFrom('HTTP/1.1', 'HTTP/1.0', 'HTTP/9.9', 'HTTP/1.1 x', ''),
      )
      .map(([m, p, v]) => ({
        label: 'http request-line',
        bytes: Buffer.from(`${m} ${p} ${v}\r\nHost: x\r\nConnection: close\r\n\r\n`, 'latin1'),
        complete: false,
      })),
    fc.double({ min: 0, max: 1, noNaN: true }).map((cut) => {
      const whole = Buffer.from(
        'POST /v1/recognize HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=zz\r\nContent-Length: 10\r\n\r\n',
      );
      return {
        label: 'http truncated-head',
        bytes: whole.subarray(0, Math.floor(whole.length * cut)),
        complete: false,
      };
    }),
  )
  .map((c) => ({ label: c.label, steps: [c.bytes], complete: c.complete, halfClose: true }));

export function fuzzCase(keys: Keys): fc.Arbitrary<FuzzCase> {
  return fc.oneof(
    { weight: 5, arbitrary: recognitionMultipart(keys) },
    { weight: 2, arbitrary: recognitionRaw(keys) },
    { weight: 2, arbitrary: otherRequests(keys) },
    { weight: 1, arbitrary: brokenHttp },
  );
}
