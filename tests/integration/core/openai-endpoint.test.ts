/**
 * The OpenAI-compatible endpoint on a core whose cloud connection labels speakers, against the
 * cloud's answer as recorded (tests/support/diarized.ts) from a test server shaped like
 * docs/api.md §3–§4: OpenAI's own client gets verbose_json whose segments carry the speakers and
 * whose words carry the service's times in seconds; the cloud key reaches the service and
 * nothing else. And the limits: a file sent in chunks is stopped at the size limit as it is
 * stored, and a key with a request running gets 429 for the next.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import OpenAI, { toFile } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Core, PROGRAM } from '../../../core/core';
import { SessionKeyStore } from '../../../core/key-store/key-store';
import { startOpenAiServer, type OpenAiServer } from '../../../core/programs/openai/server';
import { AppFailure, appError } from '../../../shared/domain/errors';
import { DIARIZED_JOB_BODY, DIARIZED_SYNC_BODY, labellingCloud } from '../../support/diarized';
import { removeDir, tempDir } from '../../support/service-process';
import { until } from '../../support/until';
import { wavOf } from '../../support/wav-header';

const CLOUD_KEY = 'cloud-key-0123456789abcdef';
let cloud: Server;
let dataDir: string;
let core: Core;
let server: OpenAiServer;
let client: OpenAI;
let key: string;
const seenKeys: string[] = [];
/** While set, the service holds its answers. */
let hold: Promise<void> | undefined;

async function call<T>(channel: string, input: unknown = {}): Promise<T> {
  const result = await core.dispatch(channel, input, PROGRAM);
  if (!result.ok) throw new AppFailure(result.error);
  return result.data as T;
}

const meeting = async () => toFile(wavOf(Buffer.alloc(64_000)), 'meeting.wav');

beforeAll(async () => {
  cloud = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('latin1');
      seenKeys.push(req.headers.authorization ?? /name="u"\r\n\r\n([^\r]*)/.exec(body)?.[1] ?? '');
      const answer = (text: string) => {
        res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
        res.end(text);
      };
      void (hold ?? Promise.resolve()).then(() => {
        if (req.method === 'POST' && req.url?.startsWith('/v1/recognize'))
          return answer(DIARIZED_SYNC_BODY);
        if (req.method === 'POST' && req.url?.includes('/recognitions'))
          return answer('{"sessionid":"017c25ec12c00a304474a999","text":"..."}');
        answer(DIARIZED_JOB_BODY);
      });
    });
  });
  await new Promise<void>((resolve) => cloud.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(cloud.address() as AddressInfo).port}`;
  dataDir = await tempDir('kikitori-openai-core-');
  core = await Core.open({
    dataDir,
    keyStore: new SessionKeyStore(appError('keychain-unavailable', {}, 'tests')),
    localService: false,
    clientOptions: { attempts: 1 },
    pollMinMs: 20,
    pollMaxMs: 50,
  });
  await call('connections:save', { connection: { ...labellingCloud(base), keyRef: null } });
  await call('keys:add', { label: 'cloud', key: CLOUD_KEY, connection: 'cloud' });
  await call('connections:setActive', { id: 'cloud' });
  ({ key } = await call<{ key: string }>('programs:create', { name: 'Minutes bot' }));
  server = await startOpenAiServer(core, { port: 0, maxBytes: 100_000, perKey: 1 });
  client = new OpenAI({ apiKey: key, baseURL: server.baseUrl, maxRetries: 0 });
});

afterAll(async () => {
  await server?.close();
  await core?.stop();
  await new Promise((resolve) => cloud?.close(resolve));
  await removeDir(dataDir);
});

describe('the endpoint on the recorded cloud answer with speaker labels', () => {
  it('answers verbose_json with each speaker’s segments and the service’s word times', async () => {
    const verbose = await client.audio.transcriptions.create({
      file: await meeting(),
      model: 'whisper-1',
      response_format: 'verbose_json',
      timestamp_granularities: ['word', 'segment'],
    });
    expect(verbose.text).toBe('Good morning. Hi there. Welcome back Thanks');
    expect(
      verbose.segments!.map((s) => [s.text, s.start, s.end, (s as { speaker?: string }).speaker]),
    ).toEqual([
      ['Good morning.', 0.57, 1.4, 'speaker0'],
      ['Hi there.', 1.7, 2.3, 'speaker1'],
      ['Welcome back', 2.6, 3.5, 'speaker0'],
      ['Thanks', 4, 4.5, 'speaker0'],
    ]);
    expect(verbose.words!.slice(0, 3)).toEqual([
      { word: 'Good', start: 0.57, end: 0.9, speaker: 'speaker0' },
      { word: 'morning', start: 0.9, end: 1.4, speaker: 'speaker0' },
      { word: 'Hi', start: 1.7, end: 1.9, speaker: 'speaker1' },
    ]);
    // The cloud key went to the service alone; the program saw its own key only.
    expect(seenKeys.length).toBeGreaterThan(0);
    expect(seenKeys.every((seen) => seen.includes(CLOUD_KEY))).toBe(true);
    expect(JSON.stringify(verbose)).not.toContain(CLOUD_KEY);
    const { jobs } = await call<{ jobs: { program?: { name: string }; connection: string }[] }>(
      'jobs:list',
    );
    expect(jobs).toEqual([
      expect.objectContaining({ connection: 'cloud', program: { name: 'Minutes bot' } }),
    ]);
  });

  it('cuts srt as the app’s export does, a dash before each speaker’s line', async () => {
    const srt = await client.audio.transcriptions.create({
      file: await meeting(),
      model: 'amivoice-cloud',
      response_format: 'srt',
    });
    expect(srt).toMatch(
      /^1\r?\n00:00:00,570 --> 00:00:02,300\r?\n- Good morning\.\r?\n- Hi there\.\r?\n/,
    );
  });
});

describe('the endpoint’s limits', () => {
  it('stops a file sent in chunks at the size limit as it stores it, and keeps none of it', async () => {
    const res = await fetch(`${server.baseUrl}/audio/transcriptions`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${key}`,
        'Content-Type': 'multipart/form-data; boundary=b',
      },
      // A stream has no length: the server counts what it stores.
      body: new ReadableStream({
        start(controller) {
          const enc = new TextEncoder();
          controller.enqueue(
            enc.encode(
              '--b\r\nContent-Disposition: form-data; name="model"\r\n\r\nwhisper-1\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="big.wav"\r\nContent-Type: audio/wav\r\n\r\n',
            ),
          );
          for (let i = 0; i < 20; i++) controller.enqueue(new Uint8Array(10_000));
          controller.enqueue(enc.encode('\r\n--b--\r\n'));
          controller.close();
        },
      }),
      duplex: 'half',
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { code: 'file_too_large' } });
    await until(
      () => readdir(join(dataDir, 'program-uploads')).catch(() => []),
      (left) => left.length === 2,
    );
  });

  it('answers 429 to a key that has a request running', async () => {
    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    const jobs = async () => (await call<{ jobs: unknown[] }>('jobs:list')).jobs.length;
    const before = await jobs();
    const first = client.audio.transcriptions.create({ file: await meeting(), model: 'whisper-1' });
    // Its job is made: the request waits for it, held by the service.
    await until(jobs, (count) => count === before + 1);
    await expect(
      client.audio.transcriptions.create({ file: await meeting(), model: 'whisper-1' }),
    ).rejects.toMatchObject({ status: 429 });
    release();
    hold = undefined;
    expect((await first).text).toBe('Good morning. Hi there. Welcome back Thanks');
  });

  it('refuses word times asked for without verbose_json, as OpenAI does', async () => {
    await expect(
      client.audio.transcriptions.create({
        file: await meeting(),
        model: 'whisper-1',
        timestamp_granularities: ['word'],
      }),
    ).rejects.toMatchObject({ status: 400, code: 'invalid_timestamp_granularities' });
  });
});
