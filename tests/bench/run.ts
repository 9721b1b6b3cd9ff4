/**
 * `npm run bench`: the local service's speed and memory, as ratios measured side by side in one
 * run (never asserted in tests). Prints one line per measure with its goal.
 *
 *   (a) sync latency on a 5 s clip / the engine's decode time alone     goal <= 1.15
 *   (b) v2 wall time / v1 wall time on a >= 5 min recording             goal <= 0.6 (2 cores)
 *   (c) v2 real-time factor on that recording                           goal <= 0.25 (2 cores)
 *   (d) peak RSS of the service while an hour-long job runs             goal <= 300 MB
 *   (e) RSS growth per 1,000 malformed requests, over the last 10k of 21k   (leak check)
 *   (g) RSS growth over 10k fuzz requests after 10k of warm-up           (leak check)
 *   (r1–r5) the realtime interface: latency, CPU, sessions at once, WER (tests/bench/realtime.ts)
 *   (w1–w4) the window: first-screen JS, time to interactive, scrolling, one-row updates
 *           (tests/bench/window.ts)
 *   (l1–l3) the Live screen: word end to final on screen, main-thread time, main-process CPU
 *           (tests/bench/live.ts)
 *   (m1–m2) live from a meeting: the worklet's mixing of two sources, the computer's sound's end
 *           of speech to final against the microphone's (tests/bench/meeting.ts)
 *   (e1–e3) correcting a transcript: a keystroke, an edit and its journal write, Enter to screen
 *           (tests/bench/edits.ts)
 *   (s1–s3) search over 10,000 transcripts: query time, index size, making it (tests/bench/search.ts)
 *   (x1–x5) exports of a three-hour Japanese meeting: DOCX, SRT, VTT, every format, memory
 *           (tests/bench/export.ts)
 *   (k1–k5) the command line: --version, jobs of 10,000, transcribe and watch beside the app,
 *           convert of a three-hour meeting (tests/bench/cli.ts)
 *   (d1–d3) dictionaries from input methods: 10,000 words read and written (tests/bench/dictionary.ts)
 *   (p1–p2) programs: the OpenAI-compatible endpoint's overhead on the 5 s clip, MCP search over
 *           10,000 transcripts (tests/bench/programs.ts)
 *   (v1–v5) sending only speech on a 30-minute meeting: the detector's time, what is sent, the
 *           detector against ffmpeg's silencedetect, WER and word times against the whole
 *           (tests/bench/speech-only.ts)
 *
 * `npm run bench -- --quick` skips the hour-long job; `npm run bench -- --window` runs only (w1–w4),
 * `--realtime` only (r1–r5), `--live` only (l1–l3), `--meeting` only (m1–m2), `--edits` only (e1–e3), `--search` only (s1–s3),
 * `--export` only (x1–x5), `--cli` only (k1–k5), `--dictionary` only (d1–d3), `--programs` only
 * (p1–p2), `--speech-only` only (v1–v5; with `--detector-only`, (v1–v3) alone).
 *
 * `npm run bench -- --against REV [parts] [--rounds N]` runs the chosen parts (all of the above
 * but the service's own a–g when none is named) for REV's code and for this checkout's, in turn,
 * and prints their figures side by side with the ratio of each (tests/bench/against.ts).
 */
import { execFile } from 'node:child_process';
import { readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { ApiClient } from '../../core/api-client/api-client';
import { PocketSphinxEngine } from '../../service/engine/pocketsphinx/pocketsphinx-engine';
import { buildFixtures, DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import { prepareBench } from './prepare';
import { fuzzCase } from '../support/fuzz-requests';
import { exchange, peakRssMiB, peakRssTracker, rssMiB } from '../support/raw-http';
import { againstBench } from './against';
import { cliBench } from './cli';
import { dictionaryBench } from './dictionary';
import { editsBench } from './edits';
import { exportBench } from './export';
import { realtimeBench } from './realtime';
import { liveBench } from './live';
import { meetingBench } from './meeting';
import { programsBench } from './programs';
import { searchBench } from './search';
import { speechOnlyBench } from './speech-only';
import { windowBench } from './window';
import {
  multipart,
  rawRequest,
  removeDir,
  startService,
  tempDir,
  type RunningService,
} from '../support/service-process';
import { wavHeader } from '../support/wav-header';
import { fiveSecondClip } from './clip';

const run = promisify(execFile);

/** A WAV of `bytes` in all, 16 kHz mono silence: sparse on disk, so it costs no space. */
async function writeSilentWav(path: string, bytes: number): Promise<void> {
  await writeFile(path, wavHeader(bytes - 44));
  await truncate(path, bytes);
}
const quick = process.argv.includes('--quick');
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const line = (label: string, value: string, goal: string, ok: boolean) =>
  console.log(
    `${label.padEnd(58)} ${value.padStart(10)}   goal ${goal.padEnd(8)} ${ok ? 'met' : 'NOT MET'}`,
  );

async function childPids(pid: number): Promise<number[]> {
  const { stdout } = await run('ps', ['-o', 'pid=', '--ppid', String(pid)]).catch(() => ({
    stdout: '',
  }));
  return stdout.split(/\s+/).filter(Boolean).map(Number);
}

/** A recording of at least `seconds`: the LibriVox clips over and over, a second of room tone between. */
async function recording(dir: string, seconds: number): Promise<string> {
  const librivox = (await buildFixtures()).fixtures.filter((f) => f.kind === 'librivox');
  const gap = join(dir, 'gap.wav');
  // Quiet noise rather than digital zeros, like a real room.
  await run('sox', [
    '-R',
    '-n',
    '-r',
    '16000',
    '-c',
    '1',
    '-b',
    '16',
    gap,
    'synth',
    '1',
    'whitenoise',
    'vol',
    '0.002',
  ]);
  const cycle = join(dir, 'cycle.wav');
  await run('sox', [
    '-R',
    ...librivox.flatMap((c) => [join(DEFAULT_FIXTURES_DIR, c.path), gap]),
    cycle,
  ]);
  const cycleSeconds = Number((await run('soxi', ['-D', cycle])).stdout);
  const out = join(dir, `recording-${seconds}.wav`);
  await run('sox', [
    '-R',
    ...Array.from({ length: Math.ceil(seconds / cycleSeconds) }, () => cycle),
    out,
  ]);
  return out;
}

async function createJob(service: RunningService, audio: Buffer, version: 1 | 2): Promise<string> {
  const { body, contentType } = multipart([
    { name: 'u', value: service.key },
    { name: 'd', value: '-a-general-en loggingOptOut=True' },
    { name: 'a', value: audio, filename: 'a.wav' },
  ]);
  const res = await rawRequest(service.url, {
    path: `/v${version}/recognitions`,
    headers: { 'Content-Type': contentType },
    body,
  });
  return res.json<{ sessionid: string }>().sessionid;
}

async function waitJob(
  service: RunningService,
  sessionId: string,
  version: 1 | 2,
  onPoll?: () => Promise<void>,
): Promise<void> {
  for (;;) {
    const res = await rawRequest(service.url, {
      method: 'GET',
      path: `/v${version}/recognitions/${sessionId}`,
      headers: { Authorization: `Bearer ${service.key}` },
    });
    const status = res.json<{ status: string; error_message?: string }>();
    if (status.status === 'completed') return;
    if (status.status === 'error') throw new Error(status.error_message);
    await onPoll?.();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function main(): Promise<void> {
  const work = await tempDir('kikitori-bench-');
  let service = await startService();
  console.log(
    `Kikitori local service benchmarks (${availableParallelism()} cores, ${service.url})\n`,
  );
  try {
    // (a) Sync latency vs the engine's decode time, interleaved, medians of 15.
    const clip = await fiveSecondClip(work);
    const wav = await readFile(clip);
    const pcm = new Int16Array(
      wav.buffer.slice(wav.byteOffset + 44, wav.byteOffset + wav.byteLength),
    );
    const engine = await PocketSphinxEngine.start(1);
    const { body, contentType } = multipart([
      { name: 'u', value: service.key },
      { name: 'd', value: '-a-general-en' },
      { name: 'a', value: wav, filename: 'a.wav' },
    ]);
    const latencies: number[] = [];
    const decodes: number[] = [];
    for (let i = 0; i < 16; i++) {
      let t = performance.now();
      await engine.recognize(pcm);
      const decode = performance.now() - t;
      t = performance.now();
      await rawRequest(service.url, {
        path: '/v1/nolog/recognize',
        headers: { 'Content-Type': contentType },
        body,
      });
      const latency = performance.now() - t;
      if (i > 0) {
        decodes.push(decode);
        latencies.push(latency);
      }
    }
    await engine.close();
    const a = median(latencies) / median(decodes);
    line(
      `(a) sync latency ${median(latencies).toFixed(0)} ms / decode alone ${median(decodes).toFixed(0)} ms (5 s clip)`,
      a.toFixed(3),
      '<= 1.15',
      a <= 1.15,
    );

    // (b), (c) v2 vs v1 on a recording of at least 5 minutes.
    const fiveMinutes = await recording(work, 300);
    const seconds = Number((await run('soxi', ['-D', fiveMinutes])).stdout);
    const audio = await readFile(fiveMinutes);
    let t = performance.now();
    await waitJob(service, await createJob(service, audio, 1), 1);
    const v1 = (performance.now() - t) / 1000;
    t = performance.now();
    await waitJob(service, await createJob(service, audio, 2), 2);
    const v2 = (performance.now() - t) / 1000;
    line(
      `(b) v2 ${v2.toFixed(1)} s / v1 ${v1.toFixed(1)} s (${(seconds / 60).toFixed(1)} min recording)`,
      (v2 / v1).toFixed(3),
      '<= 0.6',
      v2 / v1 <= 0.6,
    );
    line(`(c) v2 real-time factor`, (v2 / seconds).toFixed(3), '<= 0.25', v2 / seconds <= 0.25);

    // (e) Leak check: after a warm-up, RSS must not keep growing with more malformed requests.
    const pid = service.process.pid!;
    const bad = [
      {
        path: '/v1/nolog/recognize',
        headers: { 'Content-Type': 'multipart/form-data; boundary=zz' },
        body: Buffer.from(
          '--zz\r\nContent-Disposition: form-data; name="d"\r\n\r\nx\r\n--zz\r\nbroken',
        ),
      },
      { path: `/v1/nolog/recognize?u=${service.key}&d=%E3%81%zz`, body: Buffer.from('RIFF') },
      { path: `/v1/nolog/recognize?u=wrong&d=-a-general-en`, body: Buffer.alloc(20_000) },
    ];
    const hammer = async (count: number) => {
      for (let i = 0; i < count; i++) await rawRequest(service.url, bad[i % bad.length]!);
      return rssMiB(pid);
    };
    // 1k to warm up, then 20k more: the figure is the growth over the last 10k, so memory the
    // first requests settle (caches, pools) does not read as a leak, and a real one still shows.
    const warm = await hammer(1000);
    const mid = await hammer(10_000);
    const end = await hammer(10_000);
    const perThousand = Math.max(0, end - mid) / 10;
    line(
      `(e) RSS after warm-up ${warm.toFixed(0)} MB, +10k ${mid.toFixed(0)} MB, +20k ${end.toFixed(0)} MB (malformed requests)`,
      `${perThousand.toFixed(2)} MB/1k`,
      '< 0.5 MB/1k',
      perThousand < 0.5,
    );

    // (g) Memory under hostile traffic: the fuzzer's requests (tests/support/fuzz-requests.ts),
    // 16 at a time: RSS before, after 10k, and after 10k more (flat = no leak).
    const hostile = async (count: number, seed: number) => {
      const cases = fc.sample(fuzzCase({ valid: service.key }), { numRuns: count, seed });
      for (let i = 0; i < cases.length; i += 16)
        await Promise.all(
          cases
            .slice(i, i + 16)
            .map((c) =>
              exchange(service.port, c.steps, { halfClose: c.halfClose, timeoutMs: 30_000 }),
            ),
        );
      return rssMiB(pid);
    };
    const beforeFuzz = await rssMiB(pid);
    const afterFuzz = await hostile(10_000, 1);
    const afterMoreFuzz = await hostile(10_000, 2);
    line(
      `(g) RSS ${beforeFuzz.toFixed(0)} MB, +10k fuzz ${afterFuzz.toFixed(0)} MB, +20k ${afterMoreFuzz.toFixed(0)} MB`,
      `${(afterMoreFuzz - afterFuzz).toFixed(1)} MB`,
      '< 20 MB',
      afterMoreFuzz - afterFuzz < 20,
    );

    // (f) The app's API client against curl: the same file, the same service, interleaved.
    const client = new ApiClient({ baseUrl: service.url, asyncUrl: service.url, key: service.key });
    const clientTimes: number[] = [];
    const curlTimes: number[] = [];
    for (let i = 0; i < 16; i++) {
      let t0 = performance.now();
      const ours = await client.recognize({ filePath: clip, d: '-a-general-en', logging: false });
      const mine = performance.now() - t0;
      t0 = performance.now();
      const curl = await run('curl', [
        '-sS',
        '--fail-with-body',
        '-F',
        `u=${service.key}`,
        '-F',
        'd=-a-general-en',
        '-F',
        `a=@${clip}`,
        `${service.url}/v1/nolog/recognize`,
      ]);
      const theirs = performance.now() - t0;
      if (JSON.parse(curl.stdout).text !== ours.text) throw new Error('curl and the client differ');
      if (i > 0) {
        clientTimes.push(mine);
        curlTimes.push(theirs);
      }
    }
    const f = median(clientTimes) / median(curlTimes);
    line(
      `(f) app client sync request ${median(clientTimes).toFixed(0)} ms / curl ${median(curlTimes).toFixed(0)} ms (5 s clip)`,
      f.toFixed(3),
      '<= 1.1',
      f <= 1.1,
    );

    // (g) Memory the client adds while streaming a 1 GiB file to an async job, in its own process.
    const gib = join(work, 'one-gib.wav');
    await writeSilentWav(gib, 1024 ** 3);
    const upload = await run(
      process.execPath,
      ['--import', 'tsx', 'tests/bench/upload-client.ts', service.url, service.key, gib, clip],
      { maxBuffer: 1024 * 1024 },
    );
    const g = JSON.parse(upload.stdout) as {
      beforeMb: number;
      peakMb: number;
      seconds: number;
      sent: number;
    };
    const added = g.peakMb - g.beforeMb;
    line(
      `(g) RSS the client adds uploading 1 GiB (${(g.sent / 1024 ** 3).toFixed(2)} GiB in ${g.seconds.toFixed(1)} s; before ${g.beforeMb.toFixed(0)} MB, peak ${g.peakMb.toFixed(0)} MB)`,
      `${added.toFixed(1)} MB`,
      '<= 64 MB',
      added <= 64,
    );
    await rm(gib, { force: true });

    service = await realtimeBench(service, line);

    // (d) Peak RSS while an hour-long job runs.
    if (!quick) {
      // The service (r4) restarted with a second account: its process now.
      const pid = service.process.pid!;
      const hour = await recording(work, 3600);
      const hourSeconds = Number((await run('soxi', ['-D', hour])).stdout);
      // The decoders' peaks are sampled while the job runs: the pool retires the workers the
      // realtime sessions added (idle beyond its size), so a pid read before the job may be gone
      // after it, and one it starts during the job is counted too.
      const decoders = peakRssTracker(() => childPids(pid));
      await decoders.sample();
      let sampledAt = performance.now();
      const { body: hourBody, contentType: hourType } = multipart([
        { name: 'u', value: service.key },
        { name: 'd', value: '-a-general-en loggingOptOut=True' },
        { name: 'a', value: await readFile(hour), filename: 'a.wav' },
      ]);
      const baseline = await rssMiB(pid);
      t = performance.now();
      const created = await rawRequest(service.url, {
        path: '/v2/recognitions',
        headers: { 'Content-Type': hourType },
        body: hourBody,
      });
      await waitJob(service, created.json<{ sessionid: string }>().sessionid, 2, async () => {
        if (performance.now() - sampledAt < 2000) return;
        await decoders.sample();
        sampledAt = performance.now();
      });
      const wall = (performance.now() - t) / 1000;
      await decoders.sample();
      const peak = await peakRssMiB(pid);
      const workers = [...decoders.peaks.values()];
      line(
        `(d) service peak RSS over an hour-long v2 job (${(hourSeconds / 60).toFixed(0)} min, RTF ${(wall / hourSeconds).toFixed(3)}, before ${baseline.toFixed(0)} MB)`,
        `${peak.toFixed(0)} MB`,
        '<= 300 MB',
        peak <= 300,
      );
      console.log(
        `    decoder workers during the job (up to one per core, started as the job's pieces need them, each loading the model once, independent of audio length; one the pool retired keeps its last peak): peak ${workers.map((w) => `${w.toFixed(0)} MB`).join(', ')}; service and workers together at most: ${(peak + workers.reduce((x, y) => x + y, 0)).toFixed(0)} MB`,
      );
    }
  } finally {
    await service.stop();
    await removeDir(service.dataDir);
    await removeDir(work);
  }
}

async function realtimeOnly(): Promise<void> {
  let service = await startService();
  console.log(`Kikitori realtime interface benchmarks (${availableParallelism()} cores)\n`);
  try {
    service = await realtimeBench(service, line);
  } finally {
    await service.stop();
    await removeDir(service.dataDir);
  }
}

// Side by side with another revision: each chosen part runs in its own process, for each side.
if (process.argv.includes('--against')) await againstBench(process.argv);
// Exports need neither fixtures nor the window (nor anything else loaded beside them: their
// memory is the process's).
else if (process.argv.includes('--export')) await exportBench(line);
// Dictionaries from input methods are pure code: nothing to prepare.
else if (process.argv.includes('--dictionary')) await dictionaryBench(line);
// The meeting's figures need the fixtures (built by it), not the window.
else if (process.argv.includes('--meeting')) await meetingBench(line);
// A fresh clone has neither fixtures nor a built window: build them first, as npm test does.
else await prepareBench();
if (
  ['--against', '--export', '--meeting', '--dictionary'].some((flag) => process.argv.includes(flag))
) {
  // Done above.
} else if (process.argv.includes('--realtime')) await realtimeOnly();
else if (process.argv.includes('--live')) await liveBench(line);
else if (process.argv.includes('--edits')) await editsBench(line);
else if (process.argv.includes('--cli')) await cliBench(line);
else if (process.argv.includes('--programs')) await programsBench(line);
else if (process.argv.includes('--speech-only')) await speechOnlyBench(line);
else if (process.argv.includes('--search')) {
  console.log('Kikitori search benchmarks\n');
  await searchBench(line);
} else {
  if (!process.argv.includes('--window')) await main();
  await windowBench(line);
  await liveBench(line);
  if (!process.argv.includes('--window')) await meetingBench(line);
  await editsBench(line);
  if (!process.argv.includes('--window')) await searchBench(line);
  if (!process.argv.includes('--window')) await exportBench(line);
  if (!process.argv.includes('--window')) await cliBench(line);
  if (!process.argv.includes('--window')) await dictionaryBench(line);
  if (!process.argv.includes('--window')) await programsBench(line);
  if (!process.argv.includes('--window')) await speechOnlyBench(line);
}
