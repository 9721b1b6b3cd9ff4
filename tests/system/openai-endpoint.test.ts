/**
 * The OpenAI-compatible endpoint, with real processes: browser mode (the web host, its core and
 * the real local service) serves it, and OpenAI's own npm client talks to it as a program would,
 * with a key made for programs: every response format, word times, a stream through the live
 * path, a wrong key, a file over the limit, and a page in Debian's Chromium that gets nothing.
 */
import { openAsBlob } from 'node:fs';
import { open, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import OpenAI, { toFile } from 'openai';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../shared/domain/job';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { useWebHost } from '../support/hooks';
import { tempDir } from '../support/service-process';

const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');
/** What the clip says ("he might even have been made amiable himself"): words the engine hears. */
const HEARD = /\b(might|made|amiable|himself)\b/i;

const web = useWebHost('kikitori-openai-');
let baseURL = '';
let key = '';
let client: OpenAI;

const clip = async () => toFile(await readFile(CLIP), 'clip.wav', { type: 'audio/wav' });
const jobs = async () => (await web.host.call<{ jobs: Job[] }>('jobs:list')).jobs;

beforeAll(async () => {
  ({ key } = await web.host.call<{ key: string }>('programs:create', { name: 'Notes app' }));
  const instance = JSON.parse(await readFile(join(web.dataDir, 'instance.json'), 'utf8')) as {
    data: { openaiBaseUrl?: string };
  };
  baseURL = instance.data.openaiBaseUrl ?? '';
  client = new OpenAI({ apiKey: key, baseURL, maxRetries: 0, timeout: 120_000 });
});

describe('the OpenAI-compatible endpoint of browser mode', () => {
  it('is named in instance.json and in Settings → Programs, on 127.0.0.1, ending in /v1', async () => {
    expect(baseURL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const programs = await web.host.call<{ baseUrl?: string; keys: { name: string }[] }>(
      'programs:list',
    );
    expect(programs.baseUrl).toBe(baseURL);
    expect(programs.keys.map((k) => k.name)).toEqual(['Notes app']);
    // Only the key's hash is kept.
    expect(await readFile(join(web.dataDir, 'program-keys.json'), 'utf8')).not.toContain(key);
  });

  it('lists a model per connection and engine, and whisper-1', async () => {
    const ids = [];
    for await (const model of client.models.list()) ids.push(model.id);
    expect(ids).toEqual(expect.arrayContaining(['local', 'local/a-general-en', 'whisper-1']));
  });

  it('answers json, text, srt and vtt from a job marked as the program’s', async () => {
    const json = await client.audio.transcriptions.create({
      file: await clip(),
      model: 'whisper-1',
    });
    expect(json.text).toMatch(HEARD);
    const text = await client.audio.transcriptions.create({
      file: await clip(),
      model: 'local',
      response_format: 'text',
      temperature: 0.2,
      prompt: 'a novel',
    });
    expect(text.trim()).toBe(json.text);
    const srt = await client.audio.transcriptions.create({
      file: await clip(),
      model: 'local',
      response_format: 'srt',
    });
    expect(srt).toMatch(/^1\r?\n00:00:\d\d,\d{3} --> 00:00:\d\d,\d{3}\r?\n/);
    const vtt = await client.audio.transcriptions.create({
      file: await clip(),
      model: 'local',
      response_format: 'vtt',
    });
    expect(vtt).toMatch(/^WEBVTT\r?\n\r?\n/);
    expect(vtt).toMatch(/00:00:\d\d\.\d{3} --> 00:00:\d\d\.\d{3}/);
    const mine = (await jobs()).filter((job) => job.program?.name === 'Notes app');
    expect(mine).toHaveLength(4);
    expect(mine.every((job) => job.status === 'completed' && job.connection === 'local')).toBe(
      true,
    );
    // The key's last use is noted.
    const programs = await web.host.call<{ keys: { lastUsedAt?: number }[] }>('programs:list');
    expect(programs.keys[0]!.lastUsedAt).toBeGreaterThan(0);
  });

  it('answers verbose_json with segments and the service’s word times in seconds', async () => {
    const verbose = await client.audio.transcriptions.create({
      file: await clip(),
      model: 'local',
      language: 'en',
      response_format: 'verbose_json',
      timestamp_granularities: ['word', 'segment'],
    });
    expect(verbose.language).toBe('en');
    expect(verbose.duration).toBeGreaterThan(3);
    expect(verbose.duration).toBeLessThan(3.5);
    expect(verbose.text).toMatch(HEARD);
    expect(verbose.segments!.length).toBeGreaterThan(0);
    expect(verbose.segments![0]!.text).toMatch(HEARD);
    const words = verbose.words!;
    expect(words.length).toBeGreaterThan(3);
    for (const word of words) {
      expect(word.end).toBeGreaterThanOrEqual(word.start);
      expect(word.end).toBeLessThan(3.5);
    }
    // In order, as the service timed them.
    expect(words.map((w) => w.start)).toEqual([...words.map((w) => w.start)].sort((a, b) => a - b));
    expect(words.map((w) => w.word).join(' ')).toMatch(HEARD);
  });

  it('streams the live path’s final results as transcript.text.delta, then transcript.text.done', async () => {
    const stream = await client.audio.transcriptions.create({
      file: await clip(),
      model: 'local',
      stream: true,
    });
    const events: { type: string; delta?: string; text?: string }[] = [];
    for await (const event of stream) events.push(event);
    const done = events.at(-1)!;
    expect(done.type).toBe('transcript.text.done');
    expect(done.text).toMatch(HEARD);
    const deltas = events.slice(0, -1);
    expect(deltas.length).toBeGreaterThan(0);
    expect(deltas.every((e) => e.type === 'transcript.text.delta')).toBe(true);
    expect(deltas.map((e) => e.delta).join('')).toBe(done.text);
    const live = (await jobs()).find((job) => job.mode === 'live');
    expect(live).toMatchObject({ program: { name: 'Notes app' }, status: 'completed' });
  });

  it('refuses a wrong key (401), an unknown model (400) and a file over the limit (413)', async () => {
    const wrong = new OpenAI({ apiKey: 'kkp-not-a-key', baseURL, maxRetries: 0 });
    await expect(
      wrong.audio.transcriptions.create({ file: await clip(), model: 'local' }),
    ).rejects.toMatchObject({ status: 401, code: 'invalid_api_key' });
    await expect(wrong.models.list()).rejects.toMatchObject({ status: 401 });
    await expect(
      client.audio.transcriptions.create({ file: await clip(), model: 'no-such-model' }),
    ).rejects.toMatchObject({ status: 400, code: 'model_not_found' });
    // 2 GiB and 1 MiB, sparse on disk, sent from the file as it is read: refused by its length
    // before any of it is read (a body sent in chunks is counted as it is stored: its own test).
    const dir = await tempDir('kikitori-large-');
    const large = join(dir, 'large.wav');
    const handle = await open(large, 'w');
    await handle.truncate(2 * 1024 ** 3 + 1024 ** 2);
    await handle.close();
    const before = (await jobs()).length;
    await expect(
      client.audio.transcriptions.create({
        // A File over the file on disk: the client streams it, never reading it whole.
        file: new File([await openAsBlob(large)], 'large.wav', { type: 'audio/wav' }),
        model: 'local',
      }),
    ).rejects.toMatchObject({ status: 413 });
    expect((await jobs()).length).toBe(before);
    await rm(dir, { recursive: true, force: true });
  });

  it('gives a web page nothing: no CORS, and a request that says its Origin is refused', async () => {
    // A page of another origin on this machine, with nothing stopping its requests but the endpoint.
    const site = createServer((_req, res) => res.end('<!doctype html><title>a page</title>'));
    await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS],
    });
    try {
      const page = await browser.newPage();
      await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
      const before = (await jobs()).length;
      const outcome = await page.evaluate(
        async ({ url, apiKey, wav }) => {
          const form = () => {
            const body = new FormData();
            body.append('file', new Blob([new Uint8Array(wav)], { type: 'audio/wav' }), 'a.wav');
            body.append('model', 'local');
            return body;
          };
          const tries: string[] = [];
          // With the key: a preflight, which is not answered with CORS.
          await fetch(`${url}/audio/transcriptions`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${apiKey}` },
            body: form(),
          }).then(
            (res) => tries.push(`read ${res.status}`),
            () => tries.push('blocked'),
          );
          // Without one, as a form may post: sent, but refused for its Origin.
          await fetch(`${url}/audio/transcriptions`, {
            method: 'POST',
            mode: 'no-cors',
            body: form(),
          })
            .then((res) => tries.push(`opaque ${res.type}`))
            .catch(() => tries.push('blocked'));
          return tries;
        },
        { url: baseURL, apiKey: key, wav: [...(await readFile(CLIP))] },
      );
      expect(outcome).toEqual(['blocked', 'opaque opaque']);
      expect((await jobs()).length).toBe(before);
    } finally {
      await browser.close();
      site.closeAllConnections();
      site.close();
    }
    const res = await fetch(`${baseURL}/models`, {
      headers: { Authorization: `Bearer ${key}`, Origin: 'http://127.0.0.1:1' },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(await res.json()).toMatchObject({ error: { code: 'forbidden' } });
  });
});
