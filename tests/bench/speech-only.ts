/**
 * Sending only speech, for `npm run bench -- --speech-only`, on the 30-minute meeting
 * of tests/fixtures/meeting.ts (a quarter of it pauses between turns, in room noise with knocks):
 *
 *   (v1) the detector's time / the recording's length                            goal <= 0.02
 *   (v2) seconds sent / seconds recorded, speech only                            goal <= 0.75
 *   (v3) where the detector heard speech against where it is, and the same by ffmpeg's
 *        energy-based silencedetect at four thresholds (figures, no goal)
 *   (v4) word error rate on the local engine, speech only less whole             goal <= 0.01
 *   (v5) each word's time, speech only, against the same word sent whole          goal <= 50 ms
 *
 * (v1)–(v3) run the detector and the cut as the runner does. (v4)–(v5) send the meeting through
 * the real core to the real local service twice, as a whole and with only its speech (each an
 * async job: half an hour), after a warm-up that gives every decoder its first utterance (a
 * decoder's first comes out apart from its later ones).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { detectSpeech } from '../../core/jobs/speech-detector';
import type { Token } from '../../shared/api/recognition';
import { diffHunks } from '../../shared/domain/edits';
import { AppFailure } from '../../shared/domain/errors';
import type { Job } from '../../shared/domain/job';
import { planSpeechCut, sentMs, SPEECH_CUT, type Stretch } from '../../shared/domain/speech-only';
import { buildMeetingFixture, type MeetingFixture } from '../fixtures/meeting';
import { closeProxiedCore, openProxiedCore, type ProxiedCore } from '../support/proxied-core';
import { removeDir, tempDir } from '../support/service-process';
import { until } from '../support/until';
import { corpusWordErrorRate, normaliseWords } from '../support/wer';

type Line = (label: string, value: string, goal: string, ok: boolean) => void;

const run = promisify(execFile);

/** Milliseconds of `a` also in `b` (both in order, apart). */
function overlap(a: readonly Stretch[], b: readonly Stretch[]): number {
  let total = 0;
  let j = 0;
  for (const [from, to] of a) {
    while (j < b.length && b[j]![1] <= from) j++;
    for (let k = j; k < b.length && b[k]![0] < to; k++)
      total += Math.max(0, Math.min(to, b[k]![1]) - Math.max(from, b[k]![0]));
  }
  return total;
}

/** The stretches ffmpeg's silencedetect does not call silence, at `noise` dB. */
async function energySpeech(path: string, noise: number, recordingMs: number): Promise<Stretch[]> {
  const { stderr } = await run(
    'ffmpeg',
    [
      '-hide_banner',
      '-nostdin',
      '-i',
      path,
      '-af',
      `silencedetect=noise=${noise}dB:d=0.3`,
      '-f',
      'null',
      '-',
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const silences: Stretch[] = [];
  let start: number | undefined;
  for (const match of stderr.matchAll(/silence_(start|end): (-?[\d.]+)/g)) {
    const ms = Math.max(0, Math.round(Number(match[2]) * 1000));
    if (match[1] === 'start') start = ms;
    else if (start !== undefined) {
      silences.push([start, ms]);
      start = undefined;
    }
  }
  if (start !== undefined) silences.push([start, recordingMs]);
  const speech: Stretch[] = [];
  let at = 0;
  for (const [from, to] of silences) {
    if (from > at) speech.push([at, from]);
    at = to;
  }
  if (at < recordingMs) speech.push([at, recordingMs]);
  return speech;
}

/** How a detector's answer serves: speech it kept (after the cut's margins), pauses it cut. */
function judged(meeting: MeetingFixture, speech: readonly Stretch[]) {
  const recordingMs = Math.round(meeting.seconds * 1000);
  const truth: Stretch[] = meeting.clips.map((c) => [c.from, c.to]);
  const truthMs = truth.reduce((sum, [a, b]) => sum + b - a, 0);
  const kept = planSpeechCut(speech, recordingMs);
  const speechKept = overlap(truth, kept) / truthMs;
  const pausesCut = 1 - (sentMs(kept) - overlap(truth, kept)) / (recordingMs - truthMs);
  const heard =
    overlap(
      truth,
      [...speech].sort((a, b) => a[0] - b[0]),
    ) / truthMs;
  return { kept, speechKept, pausesCut, heard, sent: sentMs(kept) / recordingMs };
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

async function detection(line: Line, meeting: MeetingFixture): Promise<void> {
  // The model loads in the worker each time; a first run warms the disk cache.
  await detectSpeech(meeting.path);
  const started = performance.now();
  const cpu = process.cpuUsage();
  const speech = await detectSpeech(meeting.path);
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  line(
    `(v1) detector ${seconds.toFixed(1)} s / recording ${(meeting.seconds / 60).toFixed(1)} min`,
    (seconds / meeting.seconds).toFixed(4),
    '<= 0.02',
    seconds / meeting.seconds <= 0.02,
  );
  console.log(
    `    its CPU (the worker's inference; ffmpeg's decoding apart): ${cpuSeconds.toFixed(1)} s, ${(cpuSeconds / meeting.seconds).toFixed(4)} of the recording's length`,
  );
  const silero = judged(meeting, speech);
  line(
    `(v2) sent / recorded, speech only (pauses ${pct(meeting.longPauseShare)} long, ${pct(meeting.pauseShare - meeting.longPauseShare)} short)`,
    silero.sent.toFixed(3),
    '<= 0.75',
    silero.sent <= 0.75,
  );
  console.log(
    `    ${silero.kept.length} stretches sent; gaps over ${SPEECH_CUT.longGapMs / 1000} s cut to ${SPEECH_CUT.gapKeptMs / 1000} s (half of it at each side, the margin)`,
  );
  const row = (name: string, j: ReturnType<typeof judged>) =>
    console.log(
      `    ${name.padEnd(30)} speech heard ${pct(j.heard).padStart(7)}, kept ${pct(j.speechKept).padStart(7)}; pauses cut ${pct(j.pausesCut).padStart(7)}; sent ${j.sent.toFixed(3)}`,
    );
  console.log('(v3) where each detector heard speech, against where the clips are:');
  row('Silero VAD (neural)', silero);
  const recordingMs = Math.round(meeting.seconds * 1000);
  for (const noise of [-45, -40, -35, -30])
    row(
      `silencedetect ${noise} dB, 0.3 s`,
      judged(meeting, await energySpeech(meeting.path, noise, recordingMs)),
    );
}

const words = (tokens: readonly Token[]) => tokens.filter((t) => t.spoken !== '_');

async function transcribed(parts: ProxiedCore, path: string, connection: string): Promise<Token[]> {
  const sent = await parts.core.invoke('transcribe:files', { paths: [path], connection });
  if (!sent.ok) throw new AppFailure(sent.error);
  const done = (job: Job) => job.status === 'completed' || job.status === 'failed';
  const job = await until(() => parts.core.journal.get(sent.data.jobs[0]!.id)!, done, {
    timeoutMs: 3_600_000,
    everyMs: 1000,
  });
  if (job.status === 'failed') throw new AppFailure(job.error!);
  const got = await parts.core.invoke('jobs:get', { id: job.id });
  if (!got.ok) throw new AppFailure(got.error);
  return words(got.data.transcript!.utterances.flatMap((u) => u.tokens));
}

/**
 * Pairs of the same word in both runs: a longest common subsequence of their words, a minute of
 * the recording at a time (diffHunks compares whole only what is small enough: a meeting's
 * thousands of words would be one difference).
 */
function sameWords(a: readonly Token[], b: readonly Token[]): [Token, Token][] {
  const norm = (t: Token) => normaliseWords(t.written).join(' ');
  const minute = (t: Token) => Math.floor(t.starttime! / 60_000);
  const pairs: [Token, Token][] = [];
  const last = Math.max(minute(a.at(-1) ?? a[0]!), minute(b.at(-1) ?? b[0]!));
  for (let m = 0; m <= last; m++) {
    const x = a.filter((t) => minute(t) === m);
    const y = b.filter((t) => minute(t) === m);
    const hunks: [number, number, number, number][] = [
      ...diffHunks(x.map(norm), y.map(norm)),
      [x.length, x.length, y.length, y.length],
    ];
    let i = 0;
    let j = 0;
    for (const [xFrom, xTo, yFrom, yTo] of hunks) {
      while (i < xFrom && j < yFrom) pairs.push([x[i++]!, y[j++]!]);
      i = xTo;
      j = yTo;
    }
  }
  return pairs;
}

export async function recognition(line: Line, meeting: MeetingFixture): Promise<void> {
  const dataDir = await tempDir('kikitori-bench-speech-');
  const parts = await openProxiedCore({
    dataDir,
    connections: [
      { id: 'whole', name: 'Whole' },
      { id: 'speech', name: 'Speech only', speechOnly: true },
    ],
    core: { pollMinMs: 500, pollMaxMs: 2000 },
  });
  try {
    // The meeting's first 40 s give the decoder its first utterances (sent directly: a longer
    // direct request could outlast the client's 120 s on a busy machine).
    const warm = `${dataDir}/warm.wav`;
    await run('sox', [meeting.path, warm, 'trim', '0', '40']);
    await transcribed(parts, warm, 'whole');
    let started = performance.now();
    const whole = await transcribed(parts, meeting.path, 'whole');
    const wholeS = (performance.now() - started) / 1000;
    started = performance.now();
    const cut = await transcribed(parts, meeting.path, 'speech');
    const cutS = (performance.now() - started) / 1000;
    const reference = meeting.clips.map((c) => c.text).join(' ');
    const text = (tokens: readonly Token[]) => tokens.map((t) => t.written).join(' ');
    const werWhole = corpusWordErrorRate([{ reference, hypothesis: text(whole) }]).wer;
    const werCut = corpusWordErrorRate([{ reference, hypothesis: text(cut) }]).wer;
    line(
      `(v4) WER speech only ${pct(werCut)} - whole ${pct(werWhole)} (local engine)`,
      (werCut - werWhole).toFixed(4),
      '<= 0.01',
      werCut - werWhole <= 0.01,
    );
    console.log(
      `    whole sent in ${wholeS.toFixed(0)} s, speech only in ${cutS.toFixed(0)} s (detection, cut, upload and recognition)`,
    );
    const pairs = sameWords(cut, whole);
    const apart = pairs
      .map(([a, b]) =>
        Math.max(Math.abs(a.starttime! - b.starttime!), Math.abs(a.endtime! - b.endtime!)),
      )
      .sort((x, y) => x - y);
    const within = apart.filter((d) => d <= 50).length;
    line(
      `(v5) words at the same time (±50 ms), speech only against whole`,
      `${within}/${apart.length}`,
      'all',
      within === apart.length,
    );
    console.log(
      `    of ${whole.length} words whole and ${cut.length} speech only, ${pairs.length} the same word; start or end apart: median ${apart[apart.length >> 1] ?? 0} ms, 99th percentile ${apart[Math.floor(apart.length * 0.99)] ?? 0} ms, most ${apart.at(-1) ?? 0} ms`,
    );
  } finally {
    await closeProxiedCore(parts);
    await removeDir(dataDir);
  }
}

export async function speechOnlyBench(line: Line): Promise<void> {
  console.log('\nSending only speech (30-minute meeting, pauses and room noise)\n');
  const meeting = await buildMeetingFixture();
  await detection(line, meeting);
  if (!process.argv.includes('--detector-only')) await recognition(line, meeting);
}
