/**
 * Crash safety: the app (the web host process), its local service, or both are SIGKILLed at
 * seeded random moments during a sync recognition, an async upload, the polling of an async job,
 * a dictionary save and a key issuance. After every restart: no job lost or duplicated, the
 * journal readable, no partial result file, and every job completed or failed with an error a
 * person can act on; at the end every failed job completes when retried.
 *
 * KIKITORI_CRASH_SEED replays a run (the seed is printed); KIKITORI_CRASH_POINTS sets how many
 * kills (at least 20).
 */
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobJournal } from '../../../core/jobs/job-journal';
import { readJson } from '../../../core/storage/atomic-json';
import type { ProfileWord } from '../../../shared/api/profile-words';
import { transcriptSchema, type Job } from '../../../shared/domain/job';
import { DEFAULT_FIXTURES_DIR, loadFixtures } from '../../fixtures/build';
import { removeDir, tempDir } from '../../support/service-process';
import { until } from '../../support/until';
import { useWebHost } from '../../support/hooks';
import { mulberry32, processAlive, serviceChildOf } from './processes';

const run = promisify(execFile);
const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');
const SEED = Number(process.env.KIKITORI_CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
const POINTS = Math.max(20, Number(process.env.KIKITORI_CRASH_POINTS ?? 20));
const PHASES = ['sync', 'upload', 'poll', 'dictionary', 'key'] as const;
type Phase = (typeof PHASES)[number];
type Target = 'app' | 'service' | 'both';
/** What a failed job may say after a crash: each is fixed by retrying. */
const ACTIONABLE = new Set(['interrupted', 'network', 'timeout', 'server']);
const ENGINE = '-a-general-en';
const PROFILE = 'crash';

let work: string;
const web = useWebHost('kikitori-crash-app-');
const host = web.host;
/**
 * One clip and 40 s of silence at 96 kHz stereo: over 16 MB, so it goes async, yet short to
 * recognise.
 */
let large: string;

beforeAll(async () => {
  work = await tempDir('kikitori-crash-');
  large = join(work, 'large.wav');
  const clip = (await loadFixtures()).fixtures.find((f) => f.kind === 'librivox')!;
  await run('sox', [
    '-R',
    join(DEFAULT_FIXTURES_DIR, clip.path),
    '-r',
    '96000',
    '-c',
    '2',
    large,
    'pad',
    '0',
    '40',
  ]);
});

afterAll(async () => {
  await removeDir(work);
});

const jobs = async () => (await host.call<{ jobs: Job[] }>('jobs:list')).jobs;
const job = async (id: string) => (await host.call<{ job: Job }>('jobs:get', { id })).job;
const settled = (j: Job) => j.status === 'completed' || j.status === 'failed';
const words = async () =>
  (
    await host.call<{ words: ProfileWord[] }>('dictionary:getWords', {
      engine: ENGINE,
      profileId: PROFILE,
    })
  ).words;
const keyCount = async () => (await host.call<{ keys: unknown[] }>('keys:list')).keys.length;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function serviceRunning(): Promise<{ pid: number; url: string }> {
  return until(
    async () => {
      const status = await host.call<{ state: string; url?: string }>('service:status');
      const pid = serviceChildOf(host.process.pid!);
      return { state: status.state, url: status.url ?? '', pid: pid ?? 0 };
    },
    (s) => s.state === 'running' && s.pid > 0,
    { timeoutMs: 90_000, everyMs: 100 },
  );
}

async function kill(target: Target): Promise<void> {
  const service = serviceChildOf(host.process.pid!);
  if (target !== 'app' && service) process.kill(service, 'SIGKILL');
  if (target !== 'service') {
    await host.kill();
    // Its service ends with it (--exit-with-stdin); a new one must not share the data meanwhile.
    if (service)
      await until(
        () => processAlive(service),
        (alive) => !alive,
        { timeoutMs: 60_000 },
      );
    await web.restart();
  } else if (service) {
    // The supervisor sees it die and starts another.
    await until(
      () => serviceChildOf(host.process.pid!),
      (pid) => pid !== undefined && pid !== service,
      { timeoutMs: 90_000, everyMs: 100 },
    );
  }
  await serviceRunning();
}

/** The journal as the app shows it and as it lies on disk, checked after every restart. */
async function checkJournal(acknowledged: ReadonlySet<string>): Promise<void> {
  const listed = await jobs();
  const ids = listed.map((j) => j.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect([...ids].sort()).toEqual([...acknowledged].sort());
  for (const j of listed) {
    if (j.status === 'failed') expect(ACTIONABLE, JSON.stringify(j.error)).toContain(j.error?.code);
    if (j.status === 'completed') {
      const transcript = transcriptSchema.parse(await readJson(j.resultFile!, 1));
      expect(transcript.text.length).toBeGreaterThan(0);
    }
  }
  for (const name of await readdir(join(web.dataDir, 'results')).catch(() => [] as string[])) {
    if (!name.endsWith('.json')) continue;
    // Written by rename only: a result is whole or absent, never cut.
    transcriptSchema.parse(await readJson(join(web.dataDir, 'results', name), 1));
  }
}

/** Retries every failed job (each failure must be one a person can act on); whether any was. */
async function retryFailed(failures: string[]): Promise<boolean> {
  const failed = (await jobs()).filter((j) => j.status === 'failed');
  for (const j of failed) {
    // The whole error in the message: which words the service or the core gave, and its detail.
    expect(ACTIONABLE, JSON.stringify(j.error)).toContain(j.error?.code);
    failures.push(j.error!.code);
    await host.call('jobs:retry', { id: j.id });
  }
  return failed.length > 0;
}

describe('killing the app and the service at random moments', { timeout: 600_000 }, () => {
  it(`loses, duplicates and corrupts nothing (${POINTS} kill points)`, async () => {
    const random = mulberry32(SEED);
    console.log(`crash test: seed ${SEED} (KIKITORI_CRASH_SEED=${SEED} replays it)`);
    const acknowledged = new Set<string>();
    const failures: string[] = [];
    const log: string[] = [];
    const counts = { app: 0, service: 0, both: 0 };
    let previous: Target = 'app';
    let issued = 0;
    for (let point = 0; point < POINTS; point++) {
      const phase: Phase = PHASES[point % PHASES.length]!;
      // The supervisor waits longer after each quick death of its service, and an app restart
      // starts that over: a service-only kill (the quickest to recover) never follows another.
      const roll = random();
      const target: Target =
        previous === 'service'
          ? roll < 0.5
            ? 'app'
            : 'both'
          : roll < 0.5
            ? 'service'
            : roll < 0.75
              ? 'app'
              : 'both';
      const started = Date.now();
      let at: number;
      let state = '';
      let expectWords: ProfileWord[][] = [];
      let keysBefore = 0;
      let pending: Promise<unknown> = Promise.resolve();
      if (phase === 'sync' || phase === 'upload' || phase === 'poll') {
        const { jobs: submitted } = await host.call<{ jobs: Job[] }>('transcribe:files', {
          paths: [phase === 'sync' ? CLIP : large],
        });
        const id = submitted[0]!.id;
        expect(submitted[0]!.mode).toBe(phase === 'sync' ? 'sync' : 'async');
        acknowledged.add(id);
        if (phase !== 'sync') {
          const want = phase === 'upload' ? 'uploading' : 'recognizing';
          await until(
            () => job(id),
            (j) => j.status === want || settled(j),
            { everyMs: 10 },
          );
        }
        at = Math.floor(random() * (phase === 'sync' ? 2_500 : phase === 'upload' ? 600 : 3_000));
        await pause(at);
        state = (await job(id)).status;
      } else if (phase === 'dictionary') {
        const before = await words();
        const next = Array.from({ length: 1 + Math.floor(random() * 200) }, (_, n) => ({
          written: `Word${point}x${n}`,
          spoken: `word ${n}`,
        }));
        expectWords = [before, next];
        pending = host
          .rpc('dictionary:setWords', { engine: ENGINE, profileId: PROFILE, words: next })
          .catch(() => undefined);
        at = Math.floor(random() * 150);
        await pause(at);
      } else {
        keysBefore = await keyCount();
        // What Settings does with an issued key: file it in the keychain (keys:add).
        pending = host
          .rpc('keys:add', {
            label: `crash ${point}`,
            key: `crash-key-${point}-${'k'.repeat(16)}`,
            use: false,
          })
          .catch(() => undefined);
        at = Math.floor(random() * 150);
        await pause(at);
      }
      await kill(target);
      counts[target]++;
      previous = target;
      // The request cut by the kill fails (or had answered just before): either is fine.
      await pending;
      if (phase === 'dictionary') {
        // A profile save is all or nothing.
        expect(expectWords).toContainEqual(await words());
      }
      if (phase === 'key') {
        const now = await keyCount();
        expect([keysBefore, keysBefore + 1]).toContain(now);
        issued += now - keysBefore;
      }
      await checkJournal(acknowledged);
      // What failed is retried at once (a person would): the work overlaps the next kills.
      await retryFailed(failures);
      log.push(
        `${point}:${phase}:${target}@${at}ms${state ? `(${state})` : ''}[${((Date.now() - started) / 1000).toFixed(1)}s]`,
      );
    }

    const killsDone = Date.now();
    let last: Job[] = [];
    for (let round = 0; round < 3; round++) {
      last = await until(jobs, (all) => all.every(settled), { timeoutMs: 180_000, everyMs: 250 });
      if (!(await retryFailed(failures))) break;
    }
    const codes = Object.entries(
      failures.reduce<Record<string, number>>(
        (n, code) => ({ ...n, [code]: (n[code] ?? 0) + 1 }),
        {},
      ),
    ).map(([code, n]) => `${code} ${n}`);
    console.log(`crash test: settling after the kills took ${(Date.now() - killsDone) / 1000} s`);
    console.log(
      `crash test: ${POINTS} kill points (app ${counts.app}, service ${counts.service}, both ${counts.both}): ${log.join(' ')}`,
    );
    console.log(
      `crash test: ${last.length} jobs; ${failures.length} failures after kills (${codes.join(', ') || 'none'}), each retried; ${last.filter((j) => j.status === 'completed').length} completed in the end; ${issued} keys filed`,
    );
    expect(last.map((j) => j.status)).toEqual(last.map(() => 'completed'));
    await checkJournal(acknowledged);

    // On disk, after a clean stop: every job once, nothing set aside, no temporary file left.
    await host.stop();
    const journal = await JobJournal.open(web.dataDir);
    expect(
      journal
        .list()
        .map((j) => j.id)
        .sort(),
    ).toEqual([...acknowledged].sort());
    expect(journal.setAside).toEqual([]);
    for (const folder of ['jobs', 'results']) {
      const names = await readdir(join(web.dataDir, folder));
      expect(names.filter((n) => !n.endsWith('.json'))).toEqual([]);
      for (const name of names)
        expect((await readFile(join(web.dataDir, folder, name))).length).toBeGreaterThan(0);
    }
    await web.restart();
  });
});
