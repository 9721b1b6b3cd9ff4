/**
 * A live session kept as a job (core/live/live-recording.ts), with real ffmpeg, real files and a
 * real journal: LibriVox speech recorded in 100 ms chunks becomes a FLAC that decodes to the very
 * samples sent, the finals become the transcript, the audio waiting for ffmpeg stays within its
 * bound, and a session whose process is SIGKILLed (alone, or with its ffmpeg, as a power cut
 * would) is completed at the next start, cut off, with every final it journaled and audio that
 * plays.
 */
import { execFile, spawn } from 'node:child_process';
import { appendFile, mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Core, PROGRAM } from '../../../core/core';
import { JobJournal, JobRemoved } from '../../../core/jobs/job-journal';
import { recoverLiveJobs } from '../../../core/live/live-completion';
import { LiveRecording } from '../../../core/live/live-recording';
import { finalsPathOf, recordingPathOf, sourcesPathOf } from '../../../core/live/recording-files';
import { mediaAnswer } from '../../../core/media/media';
import { headerDuration } from '../../../shared/api/audio-sniff';
import { BUILT_IN_CONNECTIONS } from '../../../shared/domain/connection';
import { AppFailure, type AppError } from '../../../shared/domain/errors';
import type { Job, Transcript } from '../../../shared/domain/job';
import type { LiveUtterance } from '../../../shared/ipc/live';
import { DEFAULT_FIXTURES_DIR, loadFixtures } from '../../fixtures/build';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../support/chromium';
import { sessionKeyStore } from '../../support/proxied-core';
import { removeDir, tempDir } from '../../support/service-process';
import { until } from '../../support/until';
import { pcmOfWav } from '../../support/wav-header';
import { processAlive } from '../crash/processes';
import { finalAt } from './live-finals';

/** The little of the page's DOM the player check uses (this file is type-checked as Node's). */
interface AudioElement {
  src: string;
  currentTime: number;
  readonly duration: number;
  readonly error: { code: number } | null;
  onloadedmetadata: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onseeked: ((event: unknown) => void) | null;
  onended: ((event: unknown) => void) | null;
  play(): Promise<void>;
}
declare const document: { getElementById(id: string): unknown };

const run = promisify(execFile);
const CONNECTION = BUILT_IN_CONNECTIONS[0]!;
const CHUNK = 3_200;

let work: string;
/** Every LibriVox clip's samples, one after another: about 25 s of speech. */
let speech: Buffer;

beforeAll(async () => {
  work = await tempDir('kikitori-live-recording-');
  const clips = (await loadFixtures()).fixtures.filter((f) => f.kind === 'librivox');
  const pcms = await Promise.all(
    clips.map(async (f) => pcmOfWav(await readFile(join(DEFAULT_FIXTURES_DIR, f.path)))),
  );
  speech = Buffer.concat(pcms);
});

afterAll(async () => {
  await removeDir(work);
});

let folders = 0;
async function dataFolder(): Promise<string> {
  return mkdtemp(join(work, `data-${folders++}-`));
}

const sizeOf = (path: string) =>
  stat(path).then(
    (info) => info.size,
    () => 0,
  );

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

async function probe(path: string) {
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-show_entries', 'stream=codec_name,sample_rate,channels:format=duration'],
    ...['-of', 'json', path],
  ]);
  const info = JSON.parse(stdout) as {
    streams: { codec_name: string; sample_rate: string; channels: number }[];
    format: { duration?: string };
  };
  return { ...info.streams[0]!, duration: Number(info.format.duration) };
}

async function decode(path: string): Promise<Buffer> {
  const { stdout } = await run(
    'ffmpeg',
    ['-v', 'error', '-nostdin', '-i', path, '-f', 's16le', '-ac', '1', '-ar', '16000', '-'],
    { encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 },
  );
  return stdout;
}

/** Writes `pcm` in 100 ms chunks, each once ffmpeg has taken most of what came before. */
async function record(
  recording: LiveRecording,
  pcm: Buffer,
  onSecond?: (second: number) => Promise<void>,
): Promise<void> {
  let second = 0;
  for (let at = 0; at < pcm.length; at += CHUNK) {
    if (recording.queuedBytes > 16 * CHUNK)
      await until(
        () => recording.queuedBytes,
        (queued) => queued <= 4 * CHUNK,
        { everyMs: 2, timeoutMs: 30_000 },
      );
    recording.writeAudio(pcm.subarray(at, at + CHUNK));
    if (onSecond && recording.recordedMs >= (second + 1) * 1_000) await onSecond(second++);
  }
}

const lines = async (path: string) =>
  (await readFile(path, 'utf8')).split('\n').filter((line) => line !== '');

/** What the transcript must hold for these finals. */
function expectTranscript(transcript: Transcript, finals: readonly LiveUtterance[]): void {
  expect(transcript.utterances).toEqual(
    finals.map((u) => ({
      tokens: u.tokens,
      starttime: u.startMs,
      endtime: u.endMs,
      tags: [],
      rulename: '',
      text: u.text,
    })),
  );
  expect(transcript.text).toBe(finals.map((u) => u.text).join(' '));
}

describe('recording a live session', () => {
  it('encodes the audio as it comes to a FLAC of the very samples, and completes the job with the finals in order', async () => {
    const dataDir = await dataFolder();
    const journal = await JobJournal.open(dataDir);
    const emitted: Job[] = [];
    const recording = await LiveRecording.create({
      dataDir,
      journal,
      connection: CONNECTION,
      emit: (job) => emitted.push(job),
    });
    const { id } = recording.job;
    expect(recording.job).toMatchObject({
      mode: 'live',
      status: 'recognizing',
      connection: CONNECTION.id,
      params: { logging: CONNECTION.logging },
      file: { path: recordingPathOf(dataDir, id), size: 0, container: 'flac' },
    });
    expect(recording.job.file.name).toMatch(/^Live \d{4}-\d\d-\d\d \d\d-\d\d\.flac$/);
    // Journaled on disk before any audio: a crash from now on leaves a job to recover.
    expect((await JobJournal.open(dataDir)).get(id)).toEqual(recording.job);

    const finals: LiveUtterance[] = [];
    const sizes: number[] = [];
    await record(recording, speech, async (second) => {
      const final = finalAt(second, recording.recordedMs);
      await recording.addFinal(final);
      finals.push(final);
      // On disk as soon as it resolves, one line each, and the audio with it.
      const journaled = await lines(finalsPathOf(dataDir, id));
      expect(journaled.map((line) => JSON.parse(line) as unknown)).toEqual(finals);
      // The audio goes to the file while recording, not kept back until the end.
      if (second === 10)
        sizes.push(
          await until(
            () => sizeOf(recording.job.file.path),
            (size) => size > 0,
          ),
        );
      expect(recording.job.preview).toMatch(/^word0 again0/);
    });
    expect(finals.length).toBe(Math.floor(speech.length / 32_000));
    expect(recording.recordedMs).toBe(Math.floor(speech.length / 32));

    const job = await recording.finish();
    expect(job.file.size).toBeGreaterThan(sizes[0]!);
    const seconds = speech.length / 32_000;
    expect(job).toMatchObject({ id, status: 'completed', cutOff: false, mode: 'live' });
    expect(job.seconds).toBeCloseTo(seconds, 2);
    expect(job.file.size).toBe((await stat(job.file.path)).size);
    expect(job.file.container).toBe('flac');
    expect(job.completedAt).toBeGreaterThanOrEqual(job.createdAt);
    expect(job.preview).toMatch(/^word0 again0 word1 again1/);
    expect(await recording.finish()).toBe(job);
    expect(journal.get(id)).toEqual(job);

    const info = await probe(job.file.path);
    expect(info).toMatchObject({ codec_name: 'flac', sample_rate: '16000', channels: 1 });
    expect(info.duration).toBeCloseTo(seconds, 2);
    // Lossless: the recording is exactly what was sent.
    expect((await decode(job.file.path)).equals(speech)).toBe(true);

    const transcript = (await journal.readResult(job))!;
    expectTranscript(transcript, finals);
    expect(await exists(finalsPathOf(dataDir, id))).toBe(false);
    expect(emitted[0]).toMatchObject({ status: 'recognizing' });
    expect(emitted.filter((j) => j.preview !== undefined).length).toBeGreaterThanOrEqual(
      finals.length,
    );
    expect(emitted.at(-1)).toEqual(job);

    // The player gets it like any job's file.
    const answer = await mediaAnswer(job, undefined);
    await answer.body?.file.close();
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatchObject({
      'Content-Type': 'audio/flac',
      'Content-Length': String(job.file.size),
    });

    // Removing the job removes its recording too, and its result.
    expect(await journal.remove(id)).toBe(true);
    expect(await exists(job.file.path)).toBe(false);
    expect(await exists(job.resultFile!)).toBe(false);
    expect(await readdir(join(dataDir, 'recordings'))).toEqual([]);
  });

  it('keeps no recorded audio in memory: ten minutes recorded leave the buffers as they were', async () => {
    // The recording is in the file only: what the process holds does not grow with its length.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    // Collected twice, a turn of the event loop apart: buffers whose write callbacks were still
    // pending at the first collection are free by the second.
    const buffers = async () => {
      gc();
      await new Promise((resolve) => setImmediate(resolve));
      gc();
      return process.memoryUsage().arrayBuffers;
    };
    const dataDir = await dataFolder();
    const journal = await JobJournal.open(dataDir);
    const recording = await LiveRecording.create({ dataDir, journal, connection: CONNECTION });
    const minute = Buffer.concat([speech, speech, speech]).subarray(0, 60 * 32_000);
    await record(recording, minute);
    const before = await buffers();
    for (let m = 1; m < 10; m++) await record(recording, minute);
    const grown = (await buffers()) - before;
    // Nine minutes are 17 MB of samples; what stays is the queue's few chunks at most.
    expect(grown).toBeLessThan(2 * 1024 * 1024);
    const job = await recording.finish();
    expect(job.seconds).toBe(600);
    expect((await probe(job.file.path)).duration).toBeCloseTo(600, 2);
  });

  it('bounds the audio waiting for a stopped ffmpeg, then says it could not keep up', async () => {
    const dataDir = await dataFolder();
    const journal = await JobJournal.open(dataDir);
    const errors: AppError[] = [];
    const bound = 20 * CHUNK;
    const recording = await LiveRecording.create({
      dataDir,
      journal,
      connection: CONNECTION,
      maxQueuedBytes: bound,
      onError: (error) => errors.push(error),
    });
    process.kill(recording.encoderPid!, 'SIGSTOP');
    let refused: unknown;
    let sent = 0;
    try {
      for (let at = 0; at < speech.length; at += CHUNK) {
        recording.writeAudio(speech.subarray(at, at + CHUNK));
        sent += CHUNK;
        expect(recording.queuedBytes).toBeLessThanOrEqual(bound);
        // Lets the stream hand what it can to the pipe, as between a window's chunks.
        await new Promise((resolve) => setImmediate(resolve));
      }
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(AppFailure);
    expect((refused as AppFailure).error).toMatchObject({
      code: 'recording-failed',
      params: { reason: 'too-slow' },
    });
    expect(errors).toEqual([(refused as AppFailure).error]);
    expect(recording.error).toEqual(errors[0]);
    expect(sent).toBeLessThan(speech.length);
    expect(recording.recordedMs).toBe(sent / 32);
    // Later audio is refused the same way, and not counted.
    expect(() => recording.writeAudio(speech.subarray(0, CHUNK))).toThrow(AppFailure);
    expect(recording.recordedMs).toBe(sent / 32);

    process.kill(recording.encoderPid!, 'SIGCONT');
    const job = await recording.finish();
    expect(job.status).toBe('completed');
    // What was taken before the refusal is recorded, whole.
    expect((await decode(job.file.path)).equals(speech.subarray(0, sent))).toBe(true);
  });

  it('leaves nothing behind when its job is removed while it records', async () => {
    const dataDir = await dataFolder();
    const journal = await JobJournal.open(dataDir);
    const recording = await LiveRecording.create({ dataDir, journal, connection: CONNECTION });
    const { id } = recording.job;
    await record(recording, speech.subarray(0, 3 * 32_000), (second) =>
      recording.addFinal(finalAt(second, recording.recordedMs)),
    );
    expect(await lines(finalsPathOf(dataDir, id))).toHaveLength(3);
    expect(await journal.remove(id)).toBe(true);
    // A final arriving after the removal is not journaled again.
    await recording.addFinal(finalAt(3, recording.recordedMs));
    await expect(recording.finish()).rejects.toBeInstanceOf(JobRemoved);
    expect(journal.get(id)).toBeUndefined();
    expect(await readdir(join(dataDir, 'recordings'))).toEqual([]);
    expect(await readdir(join(dataDir, 'live'))).toEqual([]);
    expect(await readdir(join(dataDir, 'results')).catch(() => [])).toEqual([]);
  });

  it('at start, deletes recordings and finals no job owns, and keeps those of a job set aside', async () => {
    const dataDir = await dataFolder();
    const journal = await JobJournal.open(dataDir);
    const kept = await LiveRecording.create({ dataDir, journal, connection: CONNECTION });
    await record(kept, speech.subarray(0, 32_000));
    await kept.addFinal(finalAt(0, kept.recordedMs));
    const job = await kept.finish();
    const orphan = '0d6c3f1e-0000-4000-8000-000000000000';
    const damaged = '0d6c3f1e-1111-4000-8000-000000000000';
    await writeFile(recordingPathOf(dataDir, orphan), 'fLaC');
    await writeFile(finalsPathOf(dataDir, orphan), '{}\n');
    await writeFile(join(dataDir, 'recordings', `.${job.id}.flac.1a2b3c4d.repair.flac`), 'fLaC');
    // A damaged job file is set aside by the journal, not deleted: its recording stays with it.
    await writeFile(join(dataDir, 'jobs', `${damaged}.json.5e6f7a8b.corrupt`), '{');
    await writeFile(recordingPathOf(dataDir, damaged), 'fLaC');
    expect(await recoverLiveJobs({ dataDir, journal: await JobJournal.open(dataDir) })).toEqual([]);
    expect((await readdir(join(dataDir, 'recordings'))).sort()).toEqual(
      [`${damaged}.flac`, `${job.id}.flac`].sort(),
    );
    expect(await readdir(join(dataDir, 'live'))).toEqual([]);
  });

  it('says so when ffmpeg dies, and still completes the job with the audio it wrote, repaired', async () => {
    const dataDir = await dataFolder();
    const journal = await JobJournal.open(dataDir);
    const errors: AppError[] = [];
    const recording = await LiveRecording.create({
      dataDir,
      journal,
      connection: CONNECTION,
      onError: (error) => errors.push(error),
    });
    await record(recording, speech.subarray(0, 5 * 32_000), (second) =>
      recording.addFinal(finalAt(second, recording.recordedMs)),
    );
    // Its frames are on disk before it dies (written out one by one).
    await until(
      () => sizeOf(recording.job.file.path),
      (size) => size > 50_000,
    );
    process.kill(recording.encoderPid!, 'SIGKILL');
    await until(
      () => errors.length,
      (n) => n > 0,
    );
    expect(errors).toEqual([
      expect.objectContaining({
        code: 'recording-failed',
        params: expect.objectContaining({ reason: 'encoder-ended' }),
      }),
    ]);
    expect(() => recording.writeAudio(speech.subarray(0, CHUNK))).toThrow(AppFailure);
    const job = await recording.finish();
    expect(job).toMatchObject({ status: 'completed', cutOff: false, file: { container: 'flac' } });
    expect((await journal.readResult(job))!.utterances).toHaveLength(5);
    const info = await probe(job.file.path);
    expect(info.duration).toBeGreaterThan(1);
    expect(job.seconds).toBeCloseTo(info.duration, 2);
    const head = (await readFile(job.file.path)).subarray(0, 4096);
    expect(headerDuration(head)).toBeCloseTo(info.duration, 2);
  });

  it('keeps the sources apart as a 2-channel FLAC, which a crash leaves to be made whole at the next start', async () => {
    const dataDir = await dataFolder();
    const journal = await JobJournal.open(dataDir);
    const recording = await LiveRecording.create({
      dataDir,
      journal,
      connection: CONNECTION,
      apart: 2,
    });
    // Five seconds: the mix, and the two sources (speech, and the same a second later).
    const mix = speech.subarray(0, 5 * 32_000);
    const later = speech.subarray(32_000, 6 * 32_000);
    for (let at = 0; at < mix.length; at += CHUNK) {
      const frames = Buffer.alloc(CHUNK * 2);
      for (let i = 0; i < CHUNK / 2; i++) {
        frames.writeInt16LE(mix.readInt16LE(at + i * 2), i * 4);
        frames.writeInt16LE(later.readInt16LE(at + i * 2), i * 4 + 2);
      }
      recording.writeAudio(mix.subarray(at, at + CHUNK));
      recording.writeSources(frames);
    }
    await recording.addFinal(finalAt(0, recording.recordedMs));
    const sources = sourcesPathOf(dataDir, recording.job.id);
    await until(
      () => sizeOf(sources),
      (size) => size > 100_000,
    );
    // The app dies: both ffmpegs with it, neither file finished.
    process.kill(recording.encoderPid!, 'SIGKILL');
    process.kill(recording.sourcesEncoderPid!, 'SIGKILL');
    await until(
      () => processAlive(recording.sourcesEncoderPid!),
      (alive) => !alive,
    );
    expect(headerDuration((await readFile(sources)).subarray(0, 4096))).toBeUndefined();
    const orphan = '0d6c3f1e-2222-4000-8000-000000000000';
    await writeFile(sourcesPathOf(dataDir, orphan), 'fLaC');
    const [job] = await recoverLiveJobs({ dataDir, journal: await JobJournal.open(dataDir) });
    expect(job).toMatchObject({ id: recording.job.id, status: 'completed', cutOff: true });
    const info = await probe(sources);
    expect(info).toMatchObject({ codec_name: 'flac', channels: 2, sample_rate: '16000' });
    expect(info.duration).toBeGreaterThan(3);
    expect(headerDuration((await readFile(sources)).subarray(0, 4096))).toBeCloseTo(
      info.duration,
      2,
    );
    expect(await exists(sourcesPathOf(dataDir, orphan))).toBe(false);
  });

  it('refuses to start without ffmpeg, and journals nothing', async () => {
    const dataDir = await dataFolder();
    const journal = await JobJournal.open(dataDir);
    const error = await LiveRecording.create({
      dataDir,
      journal,
      connection: CONNECTION,
      ffmpeg: join(work, 'no-such-ffmpeg'),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppFailure);
    expect((error as AppFailure).error).toMatchObject({
      code: 'recording-failed',
      params: { reason: 'ffmpeg-missing' },
    });
    expect(journal.list()).toEqual([]);
    expect(await readdir(join(dataDir, 'recordings'))).toEqual([]);
  });
});

describe('a live session whose process is killed', { timeout: 120_000 }, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  /**
   * What Chromium's <audio> (the player's element) makes of a file: its duration, and where it
   * stops when played from 0.3 s before its end. A FLAC that ffmpeg never finished plays, but its
   * duration is unknown (NaN), so the player could show no length: recovery repairs it.
   */
  async function inChromium(path: string): Promise<{ duration: number; endedAt: number }> {
    const page = await browser.newPage();
    try {
      await writeFile(join(work, 'player.html'), '<audio id="player" muted></audio>');
      await page.goto(`file://${join(work, 'player.html')}`);
      return await page.evaluate(async (src) => {
        const audio = document.getElementById('player') as AudioElement;
        audio.src = src;
        await new Promise((resolve, reject) => {
          audio.onloadedmetadata = resolve;
          audio.onerror = () => reject(new Error(`media error ${audio.error?.code}`));
        });
        const duration = audio.duration;
        audio.currentTime = Math.max(0, duration - 0.3);
        await new Promise((resolve) => (audio.onseeked = resolve));
        await audio.play();
        await new Promise((resolve) => (audio.onended = resolve));
        return { duration, endedAt: audio.currentTime };
      }, `file://${path}`);
    } finally {
      await page.close();
    }
  }

  for (const target of ['the app', 'the app and its ffmpeg'] as const) {
    it(`is completed at the next start, cut off, with every final journaled before the kill (${target})`, async () => {
      const dataDir = await dataFolder();
      const pcmPath = join(work, `speech-${folders}.pcm`);
      await writeFile(pcmPath, speech);
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', join(import.meta.dirname, 'live-recording-child.ts'), dataDir, pcmPath],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      const said: {
        type: string;
        id?: string;
        encoderPid?: number;
        index?: number;
        recordedMs?: number;
      }[] = [];
      createInterface({ input: child.stdout }).on('line', (line) =>
        said.push(JSON.parse(line) as (typeof said)[number]),
      );
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        await until(
          () => said.filter((m) => m.type === 'final').length,
          (n) => n >= 3,
          { everyMs: 10, timeoutMs: 60_000 },
        );
      } catch (error) {
        child.kill('SIGKILL');
        throw error;
      }
      const { id, encoderPid } = said[0]!;
      if (target !== 'the app') process.kill(encoderPid!, 'SIGKILL');
      child.kill('SIGKILL');
      await exited;
      const acknowledged = said
        .filter((m) => m.type === 'final')
        .map((m) => finalAt(m.index!, m.recordedMs!));
      // Without the app, its ffmpeg reads the end of its input and finishes the file itself.
      await until(
        () => processAlive(encoderPid!),
        (alive) => !alive,
        { timeoutMs: 30_000 },
      );
      // Killed with the app, ffmpeg never wrote the length into the header: recovery repairs it.
      const path = recordingPathOf(dataDir, id!);
      const left = headerDuration((await readFile(path)).subarray(0, 4096));
      if (target === 'the app') expect(left).toBeGreaterThan(0);
      else expect(left).toBeUndefined();
      // A write cut short by the crash: half a line after the last whole one.
      await appendFile(finalsPathOf(dataDir, id!), '{"index":99,"startMs":12000,"endMs');

      const core = await Core.open({
        dataDir,
        keyStore: sessionKeyStore(),
        localService: false,
      });
      try {
        const call = async <T>(channel: string, input: unknown): Promise<T> => {
          const result = await core.dispatch(channel, input, PROGRAM);
          if (!result.ok) throw new AppFailure(result.error);
          return result.data as T;
        };
        const { job, transcript } = await call<{ job: Job; transcript: Transcript }>('jobs:get', {
          id,
        });
        expect(job).toMatchObject({ status: 'completed', cutOff: true, mode: 'live' });
        // Every final acknowledged before the kill, and perhaps one journaled as it came.
        const count = transcript.utterances.length;
        expect(count).toBeGreaterThanOrEqual(acknowledged.length);
        expect(count).toBeLessThanOrEqual(acknowledged.length + 1);
        const unacknowledged = transcript.utterances
          .slice(acknowledged.length)
          .map((u, n) => finalAt(acknowledged.length + n, u.endtime!));
        expectTranscript(transcript, [...acknowledged, ...unacknowledged]);
        expect(transcript.text).not.toContain('99');
        expect(await exists(finalsPathOf(dataDir, id!))).toBe(false);

        // The audio that reached the disk plays, and its header says how long it is.
        const lastEnd = transcript.utterances.at(-1)!.endtime! / 1000;
        const info = await probe(job.file.path);
        expect(info).toMatchObject({ codec_name: 'flac', sample_rate: '16000', channels: 1 });
        expect(info.duration).toBeGreaterThan(lastEnd - 1);
        expect(info.duration).toBeLessThanOrEqual(speech.length / 32_000 + 0.01);
        expect(job.seconds).toBeCloseTo(info.duration, 2);
        const head = (await readFile(job.file.path)).subarray(0, 4096);
        expect(headerDuration(head)).toBeCloseTo(info.duration, 2);
        const played = await inChromium(job.file.path);
        expect(played.duration).toBeCloseTo(info.duration, 2);
        expect(played.endedAt).toBeCloseTo(info.duration, 2);
        const decoded = await decode(job.file.path);
        expect(decoded.length).toBe(Math.round(info.duration * 16_000) * 2);
        // What is there is the speech from its start (lossless, sample for sample).
        expect(decoded.equals(speech.subarray(0, decoded.length))).toBe(true);
        expect(job.file).toMatchObject({
          container: 'flac',
          size: (await stat(job.file.path)).size,
        });

        // A live job is not sent again: a retry is refused, and it stays completed.
        const retry = await core.dispatch('jobs:retry', { id }, PROGRAM);
        expect(retry).toMatchObject({ ok: false, error: { code: 'live-no-retry' } });
        // Removing it removes its recording.
        expect(await call('jobs:remove', { id })).toEqual({ removed: true });
        expect(await exists(job.file.path)).toBe(false);
        expect(await readdir(join(dataDir, 'recordings'))).toEqual([]);
        expect(await readdir(join(dataDir, 'live'))).toEqual([]);
      } finally {
        await core.stop();
      }
    });
  }
});
