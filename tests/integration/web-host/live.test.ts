/**
 * Browser mode's live link (web-host/live.ts) end to end below the window: a WebSocket to the web
 * host's `/live`, the real core's live session, the real local service's realtime interface, real
 * ffmpeg and the real journal. Who may open the link (the rules of /rpc), a session from start to
 * job, one session at a time, a window that goes away, and a window that breaks the protocol.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Core } from '../../../core/core';
import type { LiveEvent } from '../../../shared/ipc/live';
import { liveEventSchema } from '../../../shared/ipc/live';
import { startWebHost, type WebHost } from '../../../web-host/server';
import { DEFAULT_FIXTURES_DIR, loadFixtures } from '../../fixtures/build';
import { useService } from '../../support/hooks';
import { openLiveCore } from '../../support/live-core';
import { pageTicket } from '../../support/page-ticket';
import { removeDir, tempDir } from '../../support/service-process';
import { until } from '../../support/until';
import { pcmOfWav } from '../../support/wav-header';
import { wordErrorRate } from '../../support/wer';

const TOKEN = 'live-link-test-token-0123456789abcdef';
const service = useService();
let dataDir: string;
let core: Core;
let host: WebHost;

beforeAll(async () => {
  dataDir = await tempDir('kikitori-live-link-');
  core = await openLiveCore(dataDir, service);
  host = await startWebHost({ core, port: 0, token: TOKEN });
});
afterAll(async () => {
  await host?.close();
  await core?.stop();
  if (dataDir) await removeDir(dataDir);
});

/** A live link as a program opens it (its token), collecting the events. */
class Link {
  readonly events: LiveEvent[] = [];
  readonly ws: WebSocket;
  readonly opened: Promise<void>;
  readonly closed: Promise<void>;
  constructor(
    headers: Record<string, string> = { Authorization: `Bearer ${TOKEN}` },
    path = '/live',
  ) {
    this.ws = new WebSocket(`${host.url.replace('http', 'ws')}${path}`, { headers });
    this.ws.on('message', (data, binary) => {
      if (binary) throw new Error('the host sent binary');
      this.events.push(liveEventSchema.parse(JSON.parse((data as Buffer).toString('utf8'))));
    });
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('unexpected-response', (_req, res) =>
        reject(new Error(`refused with ${res.statusCode}`)),
      );
      this.ws.once('error', reject);
    });
    // Refusals are awaited later (expect(...).rejects); not an unhandled rejection meanwhile.
    this.opened.catch(() => undefined);
    this.closed = new Promise((resolve) => this.ws.once('close', () => resolve()));
  }
  send(message: unknown): void {
    this.ws.send(JSON.stringify(message));
  }
  state(state: string) {
    return this.events.find((e) => e.type === 'state' && e.state === state);
  }
  finals() {
    return this.events.flatMap((e) => (e.type === 'final' ? [e.utterance] : []));
  }
}

async function clip(): Promise<{ pcm: Buffer; text: string }> {
  const fixture = (await loadFixtures()).fixtures.find(
    (f) => f.kind === 'librivox' && f.path.endsWith('0930.wav'),
  )!;
  const pcm = pcmOfWav(await readFile(join(DEFAULT_FIXTURES_DIR, fixture.path)));
  // Room after the speech, so that the endpointer hears it end.
  return { pcm: Buffer.concat([pcm, Buffer.alloc(32_000)]), text: fixture.text! };
}

/** Sends PCM in 100 ms chunks, `speed` times real time (paced by a timer per chunk). */
async function sendAudio(link: Link, pcm: Buffer, speed = 4): Promise<void> {
  for (let at = 0; at < pcm.length; at += 3200) {
    link.ws.send(pcm.subarray(at, at + 3200), { binary: true });
    await new Promise((resolve) => setTimeout(resolve, 100 / speed));
  }
}

describe('who may open the live link', () => {
  it('refuses no credentials, a wrong token, a foreign Host, and a ticket for another path', async () => {
    const ticketFor = (path: string) => pageTicket(host.url, TOKEN, path);
    const refused = [
      new Link({}),
      new Link({ Authorization: 'Bearer wrong' }),
      new Link({}, '/live?token=wrong'),
      new Link({ Authorization: `Bearer ${TOKEN}`, Host: `evil.example:${host.port}` }),
      new Link({ Origin: host.url }, `/live?ticket=${await ticketFor('/events')}`),
      new Link({ Origin: 'http://evil.example' }, `/live?ticket=${await ticketFor('/live')}`),
      new Link({}, `/live?ticket=${await ticketFor('/live')}`),
    ];
    for (const link of refused) await expect(link.opened).rejects.toThrow(/403/);
    // A program's token may come in the address too (a page opened with #token=).
    const program = new Link({}, `/live?token=${TOKEN}`);
    await program.opened;
    program.ws.close();
    await program.closed;
    // The page's way in: its own Origin and a ticket for /live.
    const page = new Link({ Origin: host.url }, `/live?ticket=${await ticketFor('/live')}`);
    await page.opened;
    page.ws.close();
    await page.closed;
  });
});

describe('a live session through the web host', () => {
  it('records and recognizes the audio, and Stop makes a completed live job with the transcript and its audio', async () => {
    const { pcm, text } = await clip();
    const link = new Link();
    await link.opened;
    link.send({ type: 'start' });
    await until(() => link.state('listening'), Boolean);
    const jobId = (link.state('listening') as { jobId?: string }).jobId!;
    expect(jobId).toBeTruthy();
    await sendAudio(link, pcm);
    await until(
      () => link.finals().length,
      (n) => n > 0,
    );
    link.send({ type: 'stop' });
    await until(() => link.state('stopped'), Boolean, { timeoutMs: 60_000 });
    await link.closed;

    const stopped = link.state('stopped') as { job?: { id: string } };
    expect(stopped.job?.id).toBe(jobId);
    const got = await core.invoke('jobs:get', { id: jobId });
    if (!got.ok) throw new Error(got.error.code);
    expect(got.data.job).toMatchObject({ mode: 'live', status: 'completed', connection: 'direct' });
    expect(got.data.job.cutOff).toBeFalsy();
    const heard = got.data.transcript!.utterances.map((u) => u.text).join(' ');
    expect(wordErrorRate(text, heard).wer, heard).toBeLessThan(0.5);
    // Times are in the recording: within its length, in order.
    const seconds = pcm.length / 32_000;
    const times = got.data.transcript!.utterances.flatMap((u) =>
      u.tokens.map((t) => t.starttime ?? 0),
    );
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Math.max(...times)).toBeLessThanOrEqual(seconds * 1000);
    // The recording: every sample sent, as FLAC.
    const { stdout } = await promisify(execFile)('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_name,sample_rate,channels:format=duration',
      '-of',
      'json',
      got.data.job.file.path,
    ]);
    const probe = JSON.parse(stdout) as {
      streams: { codec_name: string; sample_rate: string; channels: number }[];
      format: { duration: string };
    };
    expect(probe.streams[0]).toMatchObject({
      codec_name: 'flac',
      sample_rate: '16000',
      channels: 1,
    });
    expect(Number(probe.format.duration)).toBeCloseTo(seconds, 0);
  });

  it('with the sources kept apart, also keeps a 2-channel FLAC of them beside the mix, removed with the job', async () => {
    // The microphone speaks a LibriVox clip, then the computer plays another (each with 1 s of
    // silence after it, for the endpointer), as two people take turns in a meeting.
    const { pcm: spoken, text } = await clip();
    const other = (await loadFixtures()).fixtures.find(
      (f) => f.kind === 'librivox' && f.path.endsWith('0880.wav'),
    )!;
    const played = Buffer.concat([
      pcmOfWav(await readFile(join(DEFAULT_FIXTURES_DIR, other.path))),
      Buffer.alloc(32_000),
    ]);
    const microphone = Buffer.concat([spoken, Buffer.alloc(played.length)]);
    const computer = Buffer.concat([Buffer.alloc(spoken.length), played]);
    const frames = microphone.length / 2;
    const mix = Buffer.alloc(microphone.length);
    const framed = Buffer.alloc(frames * 6);
    for (let i = 0; i < frames; i++) {
      const m = microphone.readInt16LE(i * 2);
      const c = computer.readInt16LE(i * 2);
      mix.writeInt16LE(Math.max(-32_768, Math.min(32_767, m + c)), i * 2);
      framed.writeInt16LE(mix.readInt16LE(i * 2), i * 6);
      framed.writeInt16LE(m, i * 6 + 2);
      framed.writeInt16LE(c, i * 6 + 4);
    }
    const link = new Link();
    await link.opened;
    link.send({ type: 'start', apart: 2 });
    await until(() => link.state('listening'), Boolean);
    const jobId = (link.state('listening') as { jobId?: string }).jobId!;
    // 100 ms a message, as the worklet sends them: 1,600 frames of three samples.
    for (let at = 0; at < framed.length; at += 9_600) {
      link.ws.send(framed.subarray(at, at + 9_600), { binary: true });
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await until(
      () => link.finals().length,
      (n) => n > 1,
    );
    link.send({ type: 'stop' });
    await until(() => link.state('stopped'), Boolean, { timeoutMs: 60_000 });
    await link.closed;
    const got = await core.invoke('jobs:get', { id: jobId });
    if (!got.ok) throw new Error(got.error.code);
    // What was recognized and recorded is the mix: both sources' words are heard in it.
    const heard = got.data.transcript!.utterances.map((u) => u.text).join(' ');
    expect(wordErrorRate(`${text} ${other.text!}`, heard).wer, heard).toBeLessThan(0.5);
    const run = promisify(execFile);
    const decode = async (path: string, channels: number) =>
      (
        await run(
          'ffmpeg',
          ['-v', 'error', '-i', path, '-f', 's16le', '-ac', String(channels), '-'],
          {
            encoding: 'buffer',
            maxBuffer: 64 * 1024 * 1024,
          },
        )
      ).stdout;
    expect((await decode(got.data.job.file.path, 1)).equals(mix)).toBe(true);
    // The sources: a FLAC of two channels (microphone, computer), as long as the mix, each
    // channel the very samples it was sent.
    const sources = join(dataDir, 'recordings', `${jobId}.sources.flac`);
    const { stdout } = await run('ffprobe', [
      ...['-v', 'error', '-show_entries', 'stream=codec_name,sample_rate,channels:format=duration'],
      ...['-of', 'json', sources],
    ]);
    const probe = JSON.parse(stdout) as {
      streams: { codec_name: string; sample_rate: string; channels: number }[];
      format: { duration: string };
    };
    expect(probe.streams[0]).toMatchObject({
      codec_name: 'flac',
      sample_rate: '16000',
      channels: 2,
    });
    expect(Number(probe.format.duration)).toBeCloseTo(frames / 16_000, 2);
    const both = await decode(sources, 2);
    expect(both.length).toBe(frames * 4);
    const apart = [Buffer.alloc(frames * 2), Buffer.alloc(frames * 2)];
    for (let i = 0; i < frames; i++) {
      apart[0]!.writeInt16LE(both.readInt16LE(i * 4), i * 2);
      apart[1]!.writeInt16LE(both.readInt16LE(i * 4 + 2), i * 2);
    }
    expect(apart[0]!.equals(microphone)).toBe(true);
    expect(apart[1]!.equals(computer)).toBe(true);
    // sox reads it too, as two channels.
    expect((await run('soxi', ['-c', sources])).stdout.trim()).toBe('2');
    // Removing the job removes it.
    const removed = await core.invoke('jobs:remove', { id: jobId });
    expect(removed.ok && removed.data.removed).toBe(true);
    await until(
      () =>
        readFile(sources).then(
          () => true,
          () => false,
        ),
      (there) => !there,
    );
    // A chunk that is not whole frames of three samples breaks the protocol.
    const broken = new Link();
    await broken.opened;
    broken.send({ type: 'start', apart: 2 });
    await until(() => broken.state('listening'), Boolean);
    broken.ws.send(Buffer.alloc(3_200), { binary: true });
    await broken.closed;
    expect(broken.events).toContainEqual(
      expect.objectContaining({
        type: 'error',
        error: expect.objectContaining({ code: 'live-protocol' }),
      }),
    );
  });

  it('refuses a second session while one runs, with a reason', async () => {
    const first = new Link();
    await first.opened;
    first.send({ type: 'start' });
    await until(() => first.state('listening'), Boolean);
    const second = new Link();
    await second.opened;
    second.send({ type: 'start' });
    await second.closed;
    expect(second.events).toContainEqual(
      expect.objectContaining({
        type: 'error',
        fatal: true,
        error: expect.objectContaining({ code: 'live-running' }),
      }),
    );
    first.send({ type: 'stop' });
    await first.closed;
  });

  it('keeps what was finalized as a cut-off job when the window goes away without Stop', async () => {
    const { pcm } = await clip();
    const link = new Link();
    await link.opened;
    link.send({ type: 'start' });
    await until(() => link.state('listening'), Boolean);
    const jobId = (link.state('listening') as { jobId?: string }).jobId!;
    await sendAudio(link, pcm);
    await until(
      () => link.finals().length,
      (n) => n > 0,
    );
    const finals = link.finals().map((u) => u.text);
    link.ws.terminate();
    await until(
      () => core.journal.get(jobId)?.status,
      (status) => status === 'completed',
    );
    const got = await core.invoke('jobs:get', { id: jobId });
    if (!got.ok) throw new Error(got.error.code);
    expect(got.data.job.cutOff).toBe(true);
    expect(got.data.transcript!.utterances.map((u) => u.text)).toEqual(
      expect.arrayContaining(finals),
    );
  });

  it('ends the session when the window sends what the protocol does not know', async () => {
    for (const bad of [
      'not json',
      JSON.stringify({ type: 'launch' }),
      JSON.stringify({ type: 'start', connection: 7 }),
    ]) {
      const link = new Link();
      await link.opened;
      link.ws.send(bad);
      await link.closed;
      expect(link.events).toContainEqual(
        expect.objectContaining({
          type: 'error',
          fatal: true,
          error: expect.objectContaining({ code: 'live-protocol' }),
        }),
      );
    }
    // An audio chunk over a second long is refused the same way.
    const link = new Link();
    await link.opened;
    link.send({ type: 'start' });
    await until(() => link.state('listening'), Boolean);
    link.ws.send(Buffer.alloc(40_000), { binary: true });
    await link.closed;
    expect(link.events).toContainEqual(
      expect.objectContaining({
        type: 'error',
        error: expect.objectContaining({ code: 'live-protocol' }),
      }),
    );
  });
});
