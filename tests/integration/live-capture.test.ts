/**
 * The live capture in Debian's Chromium, as the Live screen will run it: the capture module built
 * by Vite with the window's own config (its worklet emitted as a file of its own), served under
 * the CSP both hosts send, reading Chromium's fake microphone fed from a WAV. The WAV is a 1 kHz
 * tone at half scale for 0.6 s, then 1.2 s of silence, looped by Chromium: so the chunks can be
 * counted and timed, the tone measured in them (frequency and level), and the silence told.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type Page, chromium } from '@playwright/test';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTypeOf, rendererHeaders } from '../../core/host/renderer-files';
import type { AppError } from '../../shared/domain/errors';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { until } from '../support/until';
import { wavOf } from '../support/wav-header';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TONE_HZ = 1_000;
const TONE_AMPLITUDE = 0.5;
const WAV_RATE = 44_100;

/** What page.js keeps ((globalThis as unknown as PageGlobal).capture.state). */
interface PageState {
  /** Audio that came through the port, each with its own levels as page.js reads them. */
  chunks: { bytes: number; at: number; peakDb: number; rmsDb: number }[];
  /** Text that came through the port among the audio, after `chunk` chunks. */
  messages: { text: string; chunk: number }[];
  /** The capture's clock reports to this thread, after `chunk` chunks had come through the port. */
  clocks: { recordedMs: number; peakDb: number; chunk: number }[];
  /** Each chunk's peak as the meter's port got it. */
  meter: number[];
  /** Silences told (`seconds`) and their ends (`over`), after `chunk` chunks. */
  silences: { seconds?: number; over?: true; chunk: number }[];
  error?: { name: string; message: string; error?: AppError };
  started?: { label: string; sampleRate: number };
  stopped?: boolean;
  samples: number[];
}
interface PageApi {
  state: PageState;
  listInputs(): Promise<{ deviceId: string; label: string }[]>;
  start(options: { deviceId?: string; silenceMs?: number; label?: string }): Promise<void>;
  pause(): void;
  resume(): void;
  stop(finish?: boolean): Promise<void>;
}
/** The page's global, as page.js sets it (evaluated in the page: no closure over test code). */
type PageGlobal = { capture: PageApi };

let dir: string;
let server: Server;
let url: string;
let browser: Browser;
let workletFile = '';
let workletCode = '';

/** 0.6 s of tone, 1.2 s of silence: 16-bit mono at 44.1 kHz. */
function toneWav(): Buffer {
  const samples = new Int16Array(Math.round(WAV_RATE * 1.8));
  const tone = Math.round(WAV_RATE * 0.6);
  for (let i = 0; i < tone; i++)
    samples[i] = Math.round(
      32_767 * TONE_AMPLITUDE * Math.sin((2 * Math.PI * TONE_HZ * i) / WAV_RATE),
    );
  const data = Buffer.from(samples.buffer);
  return wavOf(data, WAV_RATE);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kikitori-capture-'));
  const out = join(dir, 'page');
  const built = (await build({
    configFile: join(ROOT, 'vite.config.ts'),
    root: join(ROOT, 'tests/integration/live-capture'),
    logLevel: 'warn',
    build: { outDir: out, emptyOutDir: true },
  })) as Rolldown.RolldownOutput;
  const worklet = built.output.find((o) => o.fileName.includes('capture-worklet'));
  workletFile = worklet?.fileName ?? '';
  workletCode = worklet && worklet.type === 'asset' ? String(worklet.source) : '';
  const wav = join(dir, 'tone.wav');
  writeFileSync(wav, toneWav());

  server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    const file = join(out, path === '/' ? 'index.html' : path);
    readFile(file).then(
      (body) => res.writeHead(200, rendererHeaders(contentTypeOf(extname(file)))).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${wav}`,
    ],
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (server) await new Promise((resolve) => server.close(resolve));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function openPage(): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(url);
  await page.waitForFunction(() => 'capture' in globalThis);
  return { page, problems };
}

const stateOf = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as PageGlobal).capture.state);

/** The frequency from the upward zero crossings of the tone's part of the samples. */
function frequencyOf(samples: number[]): number {
  const crossings: number[] = [];
  for (let i = 1; i < samples.length; i++) {
    const a = samples[i - 1]!;
    const b = samples[i]!;
    if (a < 0 && b >= 0) crossings.push(i - 1 + a / (a - b));
  }
  return ((crossings.length - 1) * 16_000) / (crossings.at(-1)! - crossings[0]!);
}

describe('the live capture in Chromium', () => {
  it('is built as a worklet file of its own, with nothing to import', () => {
    expect(workletFile).toMatch(/^assets\/capture-worklet-[\w-]+\.js$/);
    expect(workletCode).toMatch(/registerProcessor\(["'`]kikitori-capture["'`]/);
    // An AudioWorkletGlobalScope has no import(), no importScripts and no `self`.
    expect(workletCode).not.toMatch(/\bimport\b|importScripts|\bself\b|import\.meta/);
  });

  it('writes 3200-byte chunks into its port every 100 ms from the audio thread, the tone at its frequency and level, and tells silence', async () => {
    const { page, problems } = await openPage();
    const inputs = await page.evaluate(() =>
      (globalThis as unknown as PageGlobal).capture.listInputs(),
    );
    expect(inputs.length).toBeGreaterThan(0);
    expect(inputs[0]!.deviceId).toBe('default');

    await page.evaluate(() =>
      (globalThis as unknown as PageGlobal).capture.start({ silenceMs: 1_000 }),
    );
    const started = await stateOf(page);
    expect(started.error).toBeUndefined();
    expect(started.started?.sampleRate).toBeGreaterThanOrEqual(8_000);

    // Two silences told: the tone came back between them (1.8 s a loop).
    const state = await until(
      () => stateOf(page),
      (s) => s.silences.filter((x) => x.seconds).length >= 2 || s.error !== undefined,
      { timeoutMs: 30_000 },
    );
    await page.evaluate(() => (globalThis as unknown as PageGlobal).capture.stop());
    expect(problems).toEqual([]);

    const { chunks, clocks, meter, samples } = state;
    expect(chunks.length).toBeGreaterThan(20);
    expect(chunks.every((c) => c.bytes === 3_200)).toBe(true);
    // 100 ms of audio a chunk, arriving at that pace (the audio thread's clock is the device's).
    const pace = (chunks.at(-1)!.at - chunks[0]!.at) / (chunks.length - 1);
    expect(pace).toBeGreaterThan(80);
    expect(pace).toBeLessThan(120);

    // This thread hears the recorded time once a second, with that second's loudest peak: that
    // of its ten chunks (chunk j is the audio's [100 j, 100 j + 100) ms), the tone's −6 dBFS, or
    // silence's floor for a second that falls wholly in the loop's 1.2 s of silence (one second
    // in nine does, wherever the loop started).
    expect(clocks.length).toBeGreaterThanOrEqual(Math.floor(chunks.length / 10) - 1);
    clocks.forEach((clock, i) => {
      expect(clock.recordedMs).toBe((i + 1) * 1000);
      const second = chunks.slice(i * 10, i * 10 + 10);
      if (second.length === 10)
        expect(clock.peakDb, `second ${i + 1}`).toBeCloseTo(
          Math.max(...second.map((c) => c.peakDb)),
          0,
        );
    });
    const tonePeak = Math.max(...clocks.map((clock) => clock.peakDb));
    expect(tonePeak).toBeGreaterThan(-7);
    expect(tonePeak).toBeLessThan(-5);
    // The meter got each chunk's peak (its port and the sink's are two channels: a message or
    // two may be on their way in one or the other): the tone's loudest, and silence's floor.
    expect(Math.abs(meter.length - chunks.length)).toBeLessThanOrEqual(2);
    expect(Math.max(...meter)).toBeCloseTo(Math.max(...chunks.map((c) => c.peakDb)), 0);
    expect(Math.min(...meter)).toBe(-100);

    // The tone's chunks: 1 kHz at −6 dBFS peak, −9 dBFS RMS.
    // Chunks in the middle of the tone (their neighbours loud too): none of the loop's edges in them.
    const middles = chunks.flatMap((c, i) =>
      i > 0 && [chunks[i - 1]!, c, chunks[i + 1]].every((x) => x && x.rmsDb > -10) ? [i] : [],
    );
    const loud = middles[0]!;
    expect(chunks[loud]!.peakDb).toBeGreaterThan(-7);
    expect(chunks[loud]!.rmsDb).toBeLessThan(-8);
    // Their frequency, the median of every such chunk: one chunk in which Chromium's fake device
    // skipped on a loaded machine measured 1,182 Hz (a fresh machine's run), while a capture that
    // resampled or dropped wrongly would move them all.
    const tones = middles
      .map((i) => samples.slice(i * 1_600, i * 1_600 + 1_600))
      .filter((tone) => tone.length === 1_600);
    expect(tones.length).toBeGreaterThanOrEqual(3);
    const frequencies = tones.map(frequencyOf).sort((a, b) => a - b);
    const median = frequencies[Math.floor(frequencies.length / 2)]!;
    expect(median).toBeGreaterThan(TONE_HZ - 5);
    expect(median).toBeLessThan(TONE_HZ + 5);

    // Each silence is told once, in seconds, after ten quiet chunks, and said over when the tone
    // comes back, before the next.
    const told = state.silences.filter((s) => s.seconds);
    expect(told[0]!.seconds).toBe(1);
    expect(state.silences.map((s) => (s.seconds ? 'silent' : 'over')).slice(0, 3)).toEqual([
      'silent',
      'over',
      'silent',
    ]);
    // Told within a few chunks of the tenth quiet one (the report and the port race a little).
    for (const { chunk } of told) {
      const quiet = chunks.slice(0, chunk).findLastIndex((c) => c.peakDb >= -60) + 1;
      expect(chunk - quiet).toBeGreaterThanOrEqual(8);
      expect(chunk - quiet).toBeLessThanOrEqual(12);
    }
    await page.close();
  });

  it('says pause, resume and stop in their place among the audio, and sends its last partial chunk before stop', async () => {
    const { page, problems } = await openPage();
    await page.evaluate(() => (globalThis as unknown as PageGlobal).capture.start({}));
    const chunksNow = async () => (await stateOf(page)).chunks.length;
    await until(chunksNow, (n) => n >= 5, { timeoutMs: 10_000 });
    await page.evaluate(() => (globalThis as unknown as PageGlobal).capture.pause());
    const atPause = await until(
      () => stateOf(page),
      (s) => s.messages.length === 1,
      { timeoutMs: 10_000 },
    );
    // Paused: nothing comes (waiting for three chunks' worth of reports that do not come would
    // be a sleep; the resume below proves the order instead).
    await page.evaluate(() => (globalThis as unknown as PageGlobal).capture.resume());
    await until(chunksNow, (n) => n >= atPause.chunks.length + 3, { timeoutMs: 10_000 });
    await page.evaluate(() => (globalThis as unknown as PageGlobal).capture.stop(true));
    const state = await until(
      () => stateOf(page),
      (s) => s.messages.length === 3,
      { timeoutMs: 10_000 },
    );
    expect(problems).toEqual([]);
    expect(state.stopped).toBe(true);
    expect(state.messages.map((m) => JSON.parse(m.text))).toEqual([
      { type: 'pause' },
      { type: 'resume' },
      { type: 'stop' },
    ]);
    const [paused, resumed, stopped] = state.messages;
    // No audio between pause and resume; stop is the last thing, after every chunk.
    expect(resumed!.chunk).toBe(paused!.chunk);
    expect(stopped!.chunk).toBe(state.chunks.length);
    // Whole chunks, and the last one a part of a chunk (what was captured since the last whole).
    expect(state.chunks.slice(0, -1).every((c) => c.bytes === 3_200)).toBe(true);
    expect(state.chunks.at(-1)!.bytes % 2).toBe(0);
    expect(state.chunks.at(-1)!.bytes).toBeLessThanOrEqual(3_200);
    await page.close();
  });

  it('says that a chosen input is not there (mic-none)', async () => {
    const { page } = await openPage();
    await page.evaluate(() =>
      (globalThis as unknown as PageGlobal).capture.start({ deviceId: 'no-such-device' }),
    );
    const { error, started } = await stateOf(page);
    expect(started).toBeUndefined();
    expect(error?.error?.code).toBe('mic-none');
    await page.close();
  });
});
