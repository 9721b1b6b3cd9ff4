import { readFile, readdir, stat } from 'node:fs/promises';
import { request } from 'node:http';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { syncResponseSchema } from '../../../shared/api';
import { DEFAULT_FIXTURES_DIR, loadFixtures } from '../../fixtures/build';
import { logRow, multipart, rawRequest } from '../../support/service-process';
import { useService } from '../../support/hooks';
import { until } from '../../support/until';
import { corpusWordErrorRate, wordErrorRate } from '../../support/wer';

const manifest = await loadFixtures();
const fixture = (path: string) => readFile(join(DEFAULT_FIXTURES_DIR, path));
const CLIP = 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav'; // "he might even have been made amiable himself"
const CLIP_TEXT = /He might even have been made/;

const service = useService();

async function recognize(
  parts: Parameters<typeof multipart>[0],
  path = '/v1/nolog/recognize',
  headers: Record<string, string> = {},
) {
  const { body, contentType } = multipart(parts);
  return rawRequest(service.url, {
    path,
    headers: { 'Content-Type': contentType, ...headers },
    body,
  });
}

/**
 * A request of the key without audio: admitted and released in one step when a slot is free
 * (200, code >), refused with 429 when all eight are held. So it never takes a slot from a
 * request in flight, and tells when uploads have been admitted or have let go.
 */
async function admissionProbe(): Promise<number> {
  const res = await recognize([
    { name: 'u', value: service.key },
    { name: 'd', value: '-a-general-en' },
  ]);
  return res.status;
}

const allAdmitted = () => until(admissionProbe, (status) => status === 429, { timeoutMs: 60_000 });

async function snapshot(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string) => {
    for (const entry of await readdir(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) await walk(path);
      else {
        const info = await stat(path);
        out.push(`${path} ${info.size} ${info.mtimeMs}`);
      }
    }
  };
  await walk(dir);
  return out.sort();
}

describe('sync recognition over HTTP (real service, real engine, real audio)', () => {
  it('scores a WER of at most 0.30 on the LibriVox clips, with the documented body', async () => {
    const clips = manifest.fixtures.filter((f) => f.kind === 'librivox');
    const pairs = [];
    for (const clip of clips) {
      const res = await recognize([
        { name: 'u', value: service.key },
        { name: 'd', value: '-a-general-en' },
        { name: 'a', value: await fixture(clip.path), filename: 'clip.wav', type: 'audio/wav' },
      ]);
      expect(res.status).toBe(200);
      expect(res.headers['x-session-id']).toMatch(/^[0-9a-f]{24}$/);
      const body = syncResponseSchema.parse(res.json());
      expect(body.code).toBe('');
      expect(Object.keys(res.json())).toEqual([
        'results',
        'utteranceid',
        'text',
        'code',
        'message',
      ]);
      expect(Object.keys(res.json<{ results: object[] }>().results[0]!)).toEqual([
        'tokens',
        'confidence',
        'starttime',
        'endtime',
        'tags',
        'rulename',
        'text',
      ]);
      expect(
        Object.keys(res.json<{ results: Array<{ tokens: object[] }> }>().results[0]!.tokens[0]!),
      ).toEqual(['written', 'confidence', 'starttime', 'endtime', 'spoken']);
      expect(body.utteranceid).toContain(String(res.headers['x-session-id']));
      pairs.push({ reference: clip.text!, hypothesis: body.text });
    }
    const score = corpusWordErrorRate(pairs);
    expect(score.referenceWords).toBe(71);
    expect(score.wer).toBeLessThanOrEqual(0.3);
  });

  const accepted = manifest.fixtures.filter((f) => f.kind === 'format' && f.recognisable);
  it.each(accepted.map((f) => [f.path, f] as const))('recognises %s', async (_path, f) => {
    const res = await recognize([
      { name: 'u', value: service.key },
      { name: 'd', value: '-a-general-en' },
      ...(f.c ? [{ name: 'c', value: f.c }] : []),
      { name: 'a', value: await fixture(f.path), filename: 'audio' },
    ]);
    const body = res.json<{ code: string; text: string }>();
    expect(body.code).toBe('');
    // "he was not an ill disposed young man": the engine gets the frame of it in every format.
    expect(body.text).toMatch(/^He was not .* young man\.$/);
    expect(wordErrorRate(f.text!, body.text).wer).toBeLessThanOrEqual(0.5);
  });

  it('answers 8 kHz audio, M4A and garbage with code + and a reason', async () => {
    for (const [path, c] of [
      ['formats/wav-mulaw-8k.wav'],
      ['formats/raw-mulaw-8k.raw', 'MULAW'],
      ['formats/aac-16k.m4a'],
      ['garbage/random.bin'],
      ['garbage/truncated.wav'],
    ] as const) {
      const res = await recognize([
        { name: 'u', value: service.key },
        { name: 'd', value: '-a-general-en' },
        ...(c ? [{ name: 'c', value: c }] : []),
        { name: 'a', value: await fixture(path), filename: 'x' },
      ]);
      expect(res.status).toBe(200);
      const body = res.json<{ code: string; message: string; results: unknown[] }>();
      expect(body.code, path).toBe('+');
      expect(body.message).toMatch(/^received unsupported audio format \(.+\)$/);
      expect(body.results).toEqual([{ tokens: [], tags: [], rulename: '', text: '' }]);
    }
  });

  it('takes the key from u, from Bearer and from authorization in d; a bad key gets code -', async () => {
    const audio = await fixture(CLIP);
    const viaBearer = await recognize(
      [
        { name: 'd', value: '-a-general-en' },
        { name: 'a', value: audio, filename: 'a.wav' },
      ],
      undefined,
      { Authorization: `Bearer ${service.key}` },
    );
    expect(viaBearer.json<{ text: string }>().text).toMatch(CLIP_TEXT);
    const viaD = await recognize([
      { name: 'd', value: `-a-general-en authorization=${encodeURIComponent(service.key)}` },
      { name: 'a', value: audio, filename: 'a.wav' },
    ]);
    expect(viaD.json<{ text: string }>().text).toMatch(CLIP_TEXT);
    const bad = await recognize([
      { name: 'u', value: 'not-a-key' },
      { name: 'd', value: '-a-general-en' },
      { name: 'a', value: audio, filename: 'a.wav' },
    ]);
    expect(bad.json()).toEqual({
      results: [{ tokens: [], tags: [], rulename: '', text: '' }],
      text: '',
      code: '-',
      message: 'received illegal service authorization',
    });
  });

  it('ignores parts after the audio, so a u after a fails authentication', async () => {
    const res = await recognize([
      { name: 'd', value: '-a-general-en' },
      { name: 'a', value: await fixture(CLIP), filename: 'a.wav' },
      { name: 'u', value: service.key },
    ]);
    expect(res.json<{ code: string }>().code).toBe('-');
  });

  it('lets the query win over multipart, and takes a raw body with every parameter in the query', async () => {
    const audio = await fixture(CLIP);
    const wins = await recognize(
      [
        { name: 'u', value: service.key },
        { name: 'd', value: '-no-such-engine' },
        { name: 'a', value: audio, filename: 'a.wav' },
      ],
      `/v1/nolog/recognize?d=${encodeURIComponent('-a-general-en')}`,
    );
    expect(wins.json<{ text: string }>().text).toMatch(CLIP_TEXT);
    const raw = await rawRequest(service.url, {
      path: `/v1/nolog/recognize?u=${encodeURIComponent(service.key)}&d=-a-general-en&c=LSB16K`,
      headers: { 'Content-Type': 'application/octet-stream' },
      body: audio.subarray(44),
    });
    expect(raw.json<{ text: string }>().text).toMatch(CLIP_TEXT);
  });

  it('reads chunked bodies, a preamble, any boundary, and an audio part with no filename or type', async () => {
    const { body, contentType } = multipart(
      [
        { name: 'u', value: service.key },
        { name: 'd', value: '-a-general-en' },
        { name: 'a', value: await fixture(CLIP) },
      ],
      { boundary: "odd'boundary(+_,-./:=?)", preamble: 'This is the preamble; ignore it.' },
    );
    const chunks = Array.from({ length: Math.ceil(body.length / 1000) }, (_, i) =>
      body.subarray(i * 1000, (i + 1) * 1000),
    );
    const res = await rawRequest(service.url, {
      path: '/v1/nolog/recognize',
      headers: { 'Content-Type': contentType.replace(/boundary=(.*)$/, 'boundary="$1"') },
      body: chunks,
      chunked: true,
    });
    expect(res.json<{ text: string }>().text).toMatch(CLIP_TEXT);
  });

  it('answers bad d, a missing d, no audio and an unknown engine with the right code and a reason', async () => {
    const audio = await fixture(CLIP);
    const ask = async (d: string | undefined) =>
      (
        await recognize([
          { name: 'u', value: service.key },
          ...(d === undefined ? [] : [{ name: 'd', value: d }]),
          { name: 'a', value: audio, filename: 'a.wav' },
        ])
      ).json<{ code: string; message: string }>();
    expect(await ask('-a-general-en loggingOptOut=maybe')).toMatchObject({
      code: '>',
      message: expect.stringMatching(/loggingOptOut in d must be True or False/),
    });
    expect(await ask(undefined)).toMatchObject({
      code: '>',
      message: expect.stringMatching(/d is missing/),
    });
    expect(await ask('-a-general')).toMatchObject({
      code: '?',
      message: 'unknown engine -a-general: this service has -a-general-en',
    });
    const noAudio = await recognize([
      { name: 'u', value: service.key },
      { name: 'd', value: '-a-general-en' },
    ]);
    expect(noAudio.json()).toMatchObject({ code: '>', message: expect.stringMatching(/no audio/) });
  });

  it('keeps fillers and silences only with keepFillerToken=1, and answers silence with code o', async () => {
    // This clip has a pause mid-sentence and breath noise at its end.
    const audio = await fixture('librivox/sense_and_sensibility_01_austen_64kb-0870.wav');
    const plain = await recognize([
      { name: 'u', value: service.key },
      { name: 'd', value: '-a-general-en' },
      { name: 'a', value: audio, filename: 'a.wav' },
    ]);
    const kept = await recognize([
      { name: 'u', value: service.key },
      { name: 'd', value: '-a-general-en keepFillerToken=1' },
      { name: 'a', value: audio, filename: 'a.wav' },
    ]);
    const words = (r: typeof plain) =>
      r
        .json<{ results: Array<{ tokens: Array<{ written: string }> }> }>()
        .results.flatMap((u) => u.tokens.map((t) => t.written));
    expect(words(plain).some((w) => /^<|^\[/.test(w))).toBe(false);
    expect(words(kept).some((w) => /^<sil>$|^\[/.test(w))).toBe(true);
    const silence = Buffer.alloc(16000 * 2);
    const quiet = await rawRequest(service.url, {
      path: `/v1/nolog/recognize?u=${encodeURIComponent(service.key)}&d=-a-general-en&c=LSB16K`,
      body: silence,
    });
    expect(quiet.json()).toMatchObject({
      code: 'o',
      message: 'recognition result is rejected because confidence is below the threshold',
      text: '',
    });
  });

  it('/v1/nolog/recognize writes nothing to disk; /v1/recognize keeps the audio and result in the log store', async () => {
    const audio = await fixture(CLIP);
    const before = await snapshot(service.dataDir);
    const nolog = await recognize(
      [
        { name: 'u', value: service.key },
        { name: 'd', value: '-a-general-en' },
        { name: 'a', value: audio, filename: 'a.wav' },
      ],
      '/v1/nolog/recognize',
    );
    expect(nolog.json<{ code: string }>().code).toBe('');
    expect(await snapshot(service.dataDir)).toEqual(before);

    const logged = await recognize(
      [
        { name: 'u', value: service.key },
        { name: 'd', value: '-a-general-en' },
        { name: 'a', value: audio, filename: 'a.wav' },
      ],
      '/v1/recognize',
    );
    const sessionId = String(logged.headers['x-session-id']);
    const kept = await readFile(join(service.dataDir, 'logs', `${sessionId}.audio`));
    expect(kept.equals(audio)).toBe(true);
    const row = (await logRow(service.dataDir, sessionId))!;
    expect(row.kind).toBe('sync');
    expect(JSON.parse(row.result_json).text).toBe(logged.json<{ text: string }>().text);
  });

  it('answers audio over 16,777,215 bytes with 413 and code %', async () => {
    const res = await rawRequest(service.url, {
      path: `/v1/nolog/recognize?u=${encodeURIComponent(service.key)}&d=-a-general-en&c=LSB16K`,
      body: Array.from({ length: 17 }, () => Buffer.alloc(1024 * 1024)),
      chunked: true,
    });
    expect(res.status).toBe(413);
    expect(res.json()).toMatchObject({
      code: '%',
      message: expect.stringMatching(/^received too large audio data/),
    });
  });

  it('takes exactly 16,777,215 bytes of audio', async () => {
    const res = await rawRequest(service.url, {
      path: `/v1/nolog/recognize?u=${encodeURIComponent(service.key)}&d=-a-general-en&c=LSB16K`,
      body: Buffer.alloc(16_777_215),
    });
    expect(res.status).toBe(200);
    expect(res.json<{ code: string }>().code).toBe('o');
  });

  it('answers a request line over 8,192 bytes with 414 and code >', async () => {
    const res = await rawRequest(service.url, {
      path: `/v1/nolog/recognize?d=${'x'.repeat(8200)}`,
      body: Buffer.alloc(10),
    });
    expect(res.status).toBe(414);
    expect(res.json()).toMatchObject({ code: '>' });
  });

  it('answers 8 parallel requests of one key and refuses a ninth with 429', async () => {
    const audio = await fixture(CLIP);
    const { body, contentType } = multipart([
      { name: 'u', value: service.key },
      { name: 'd', value: '-a-general-en' },
      { name: 'a', value: audio, filename: 'a.wav' },
    ]);
    // Each of the 8 sends everything but its last bytes, so all 8 are admitted and in flight together.
    const split = body.length - 100;
    const inFlight = Array.from({ length: 8 }, () => {
      let finish!: () => void;
      const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = request(
          `${service.url}/v1/nolog/recognize`,
          {
            method: 'POST',
            headers: { 'Content-Type': contentType, 'Content-Length': body.length },
          },
          (res) => {
            let text = '';
            res.on('data', (c: Buffer) => (text += c.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          },
        );
        req.on('error', reject);
        req.write(body.subarray(0, split));
        finish = () => req.end(body.subarray(split));
      });
      return { response, finish: () => finish() };
    });
    await allAdmitted();
    const ninth = await recognize([
      { name: 'u', value: service.key },
      { name: 'd', value: '-a-general-en' },
      { name: 'a', value: audio, filename: 'a.wav' },
    ]);
    expect(ninth.status).toBe(429);
    expect(ninth.json()).toMatchObject({ code: '?', message: 'too many concurrent requests' });
    for (const r of inFlight) r.finish();
    const answers = await Promise.all(inFlight.map((r) => r.response));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.text).text).toMatch(CLIP_TEXT);
    }
  });

  it('survives malformed requests and keeps serving', async () => {
    const key = encodeURIComponent(service.key);
    const broken = await rawRequest(service.url, {
      path: '/v1/nolog/recognize',
      headers: { 'Content-Type': 'multipart/form-data; boundary=zzz' },
      body: Buffer.from(
        '--zzz\r\nContent-Disposition: form-data; name="d"\r\n\r\n-a-general-en\r\n--zzz\r\nContent-Disposi',
      ),
    });
    expect(broken.status).toBe(400);
    expect(broken.json()).toMatchObject({ code: '>' });
    const noBoundary = await rawRequest(service.url, {
      path: '/v1/nolog/recognize',
      headers: { 'Content-Type': 'multipart/form-data' },
      body: Buffer.from('x'),
    });
    expect(noBoundary.json()).toMatchObject({ code: '>' });
    const garbageD = await rawRequest(service.url, {
      path: `/v1/nolog/recognize?u=${key}&d=%E3%81%zz`,
      body: Buffer.from('RIFF'),
    });
    expect(garbageD.status).toBe(200);
    expect(garbageD.json()).toMatchObject({ code: '>' });
    const wrongMethod = await rawRequest(service.url, { method: 'GET', path: '/v1/recognize' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.json()).toEqual({ code: '>', message: 'GET method is not allowed' });
    const hugeHeader = await rawRequest(service.url, {
      method: 'GET',
      path: '/v1/engines',
      headers: { 'X-Big': 'y'.repeat(70_000) },
    }).catch((e: Error) => e);
    if (!(hugeHeader instanceof Error)) expect(hugeHeader.status).toBe(431);
    const unknown = await rawRequest(service.url, { method: 'GET', path: '/nothing/here' });
    expect(unknown.status).toBe(404);
    // Still alive and correct.
    const ok = await recognize([
      { name: 'u', value: service.key },
      { name: 'd', value: '-a-general-en' },
      { name: 'a', value: await fixture(CLIP), filename: 'a.wav' },
    ]);
    expect(ok.json<{ text: string }>().text).toMatch(CLIP_TEXT);
    expect(service.process.exitCode).toBeNull();
  });

  it('lists its engines', async () => {
    const res = await rawRequest(service.url, { method: 'GET', path: '/v1/engines' });
    expect(res.json()).toEqual({ engines: [{ name: '-a-general-en', language: 'en' }] });
  });
});

describe('requests cut off mid-upload', () => {
  it('release their concurrency slot: after 16 aborted uploads the key still works', async () => {
    const { connect } = await import('node:net');
    const target = new URL(service.url);
    const audio = await readFile(join(DEFAULT_FIXTURES_DIR, CLIP));
    const { body, contentType } = multipart([
      { name: 'u', value: service.key },
      { name: 'd', value: '-a-general-en' },
      { name: 'a', value: audio, filename: 'a.wav' },
    ]);
    for (let round = 0; round < 2; round++) {
      // Eight uploads past the start of the audio part (so each is admitted and holds a slot)...
      const sockets = await Promise.all(
        Array.from(
          { length: 8 },
          () =>
            new Promise<Socket>((resolve, reject) => {
              const socket = connect(Number(target.port), target.hostname, () => {
                socket.write(
                  `POST /v1/nolog/recognize HTTP/1.1\r\nHost: ${target.host}\r\nContent-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n\r\n`,
                );
                socket.write(body.subarray(0, body.length / 2), () => resolve(socket));
              });
              socket.on('error', reject);
            }),
        ),
      );
      await allAdmitted();
      // ...then gone: every slot must come free.
      for (const socket of sockets) socket.destroy();
      await until(admissionProbe, (status) => status !== 429, { timeoutMs: 60_000 });
    }
    const res = await recognize([
      { name: 'u', value: service.key },
      { name: 'd', value: '-a-general-en' },
      { name: 'a', value: audio, filename: 'a.wav' },
    ]);
    expect(res.status).toBe(200);
    expect(res.json<{ text: string }>().text).toMatch(CLIP_TEXT);
  });
});
