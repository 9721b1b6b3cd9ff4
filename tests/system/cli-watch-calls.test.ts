/**
 * `kikitori watch-calls` as a person runs it: the package's bin as a child process on a real
 * PulseAudio server started for the test, with no Kikitori window (the command's own core and
 * the real local service). A call application (`parecord` named "Zoom", recording from the
 * default source) starts while the speakers play a LibriVox clip: a line says the call is being
 * transcribed; the application stops, and within 35 s (the real 30 s end delay) a line says the
 * call ended and names its job, which holds the clip's words. SIGTERM stops it with exit 0.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import { startCallApp, stopCallApps } from '../support/call-app';
import { startPulse, type PulseServer } from '../support/pulse';
import { removeDir, tempDir } from '../support/service-process';
import { until } from '../support/until';
import { pcmOfWav, wavOf } from '../support/wav-header';

const run = promisify(execFile);
const NO_KEYCHAIN = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' };
const SPEAKERS_CLIP = 'sense_and_sensibility_01_austen_64kb-0890';
const SPEAKERS_WORDS = ['unless', 'rather', 'cold', 'hearted', 'selfish', 'ill', 'disposed'];

let pulse: PulseServer;
let dataDir: string;
let stopSpeakers: () => void;
let watcher: ChildProcess;
const out = { stdout: '', stderr: '' };

beforeAll(async () => {
  dataDir = await tempDir('kikitori-watch-calls-');
  const clip = pcmOfWav(
    await readFile(join(DEFAULT_FIXTURES_DIR, 'librivox', `${SPEAKERS_CLIP}.wav`)),
  );
  const speakers = join(dataDir, '..', `${dataDir.split('/').pop()}-speakers.wav`);
  await writeFile(speakers, wavOf(Buffer.concat([clip, Buffer.alloc(2 * 16_000 * 2)])));
  pulse = await startPulse(
    ['speakers', 'voice'],
    [{ name: 'test_microphone', sink: 'voice', description: 'Test microphone' }],
  );
  await pulse.pactl(['set-default-source', 'test_microphone']);
  stopSpeakers = pulse.playLoop('speakers', speakers);
  watcher = spawn(
    process.execPath,
    ['scripts/kikitori.mjs', '--data', dataDir, '--json', 'watch-calls'],
    {
      env: {
        ...process.env,
        // The test's sound server (its HOME stays the person's: only the server is named).
        PULSE_RUNTIME_PATH: pulse.env.PULSE_RUNTIME_PATH!,
        XDG_RUNTIME_DIR: pulse.env.XDG_RUNTIME_DIR!,
        ...NO_KEYCHAIN,
        LANG: 'C.UTF-8',
        LC_ALL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  watcher.stdout!.on('data', (c: Buffer) => (out.stdout += c.toString()));
  watcher.stderr!.on('data', (c: Buffer) => (out.stderr += c.toString()));
}, 180_000);

afterAll(async () => {
  stopCallApps();
  if (watcher && watcher.exitCode === null) watcher.kill('SIGKILL');
  stopSpeakers?.();
  await pulse?.stop();
  await removeDir(dataDir);
});

const lines = () =>
  out.stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('kikitori watch-calls', () => {
  it('transcribes a call with no window, a line for the call and one for its job', async () => {
    // Watching once the local service runs (the list answers after the core has started).
    await until(
      () => out.stdout,
      (said) => said.includes('"type":"watching"') || watcher.exitCode !== null,
      { timeoutMs: 180_000 },
    );
    expect(lines()[0]).toEqual({ type: 'watching', by: 'command' });
    expect(watcher.exitCode, out.stderr).toBeNull();
    const zoom = await startCallApp(pulse, 'Zoom');
    const recording = await until(
      () => lines().find((l) => l.type === 'call' && l.state === 'recording'),
      (line) => line !== undefined,
      { timeoutMs: 120_000, everyMs: 200 },
    );
    expect(recording).toMatchObject({ app: 'Zoom', started: 'auto' });
    const jobId = String(recording!.jobId);
    await until(
      async () =>
        (
          await readFile(join(dataDir, 'live', `${jobId}.jsonl`), 'utf8').catch(() => '')
        ).toLowerCase(),
      (text) => SPEAKERS_WORDS.filter((w) => text.includes(w)).length >= 3,
      { timeoutMs: 150_000, everyMs: 500 },
    );
    await zoom.stop();
    const stoppedAt = Date.now();
    // The real end delay, 30 s: then the session is stopped (its last words finalized after).
    await until(
      () => lines().find((l) => l.type === 'call' && l.state === 'ending'),
      (line) => line !== undefined,
      { timeoutMs: 60_000, everyMs: 200 },
    );
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(29_000);
    expect(Date.now() - stoppedAt).toBeLessThan(35_000);
    const job = await until(
      () => lines().find((l) => l.type === 'job'),
      (line) => line !== undefined,
      { timeoutMs: 120_000, everyMs: 200 },
    );
    expect(job).toMatchObject({ id: jobId, app: 'Zoom' });
    // One call, never the command's own capture.
    expect(
      new Set(
        lines()
          .filter((l) => l.type === 'call')
          .map((l) => l.app),
      ),
    ).toEqual(new Set(['Zoom']));
    watcher.kill('SIGTERM');
    const code = await new Promise<number | null>((settle) =>
      watcher.exitCode !== null ? settle(watcher.exitCode) : watcher.once('exit', settle),
    );
    expect(code, out.stderr).toBe(0);
    expect(lines().at(-1)).toMatchObject({ type: 'result', ok: true, exitCode: 0 });

    // The job holds the words, named for the call.
    const exported = await tempDir('kikitori-watch-calls-out-');
    try {
      const { stdout } = await run(
        process.execPath,
        [
          'scripts/kikitori.mjs',
          '--data',
          dataDir,
          'export',
          jobId,
          '--format',
          'txt',
          '--out',
          exported,
        ],
        { env: { ...process.env, ...NO_KEYCHAIN, LANG: 'C.UTF-8', LC_ALL: '' } },
      );
      const file = stdout.trim().split('\n').at(-1)!;
      expect(file).toMatch(/Zoom call \d{1,2} [A-Z][a-z]{2} \d\d[_:.-]?\d\d/);
      const words = (await readFile(file, 'utf8')).toLowerCase();
      expect(SPEAKERS_WORDS.filter((w) => words.includes(w)).length).toBeGreaterThanOrEqual(3);
    } finally {
      await removeDir(exported);
    }
  }, 400_000);
});
