/**
 * The core against a real local service that dies, answers 500 or stalls while jobs are under
 * way (through FaultProxy). Each case ends with a clear error or a finished job, the job still in
 * the journal, and the service's own job table showing that no job was created twice.
 */
import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../core/api-client/api-client';
import { errorText } from '../../../shared/domain/error-text';
import type { Job } from '../../../shared/domain/job';
import { DEFAULT_FIXTURES_DIR, loadFixtures } from '../../fixtures/build';
import { removeDir, tempDir } from '../../support/service-process';
import { until } from '../../support/until';
import { useProxiedCore } from '../../support/hooks';

const run = promisify(execFile);
const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');

const { service, proxy, core, restartService } = useProxiedCore({
  connections: [{ id: 'proxied', name: 'Local service behind a faulty link' }],
  activate: true,
  core: {
    pollMinMs: 100,
    pollMaxMs: 400,
    // Long enough for a slow machine to decode a clip, short enough to keep the stall cases quick.
    clientOptions: { idleTimeoutMs: 4_000, attempts: 2, backoffMs: 50 },
  },
});
let work: string;
/**
 * Two short clips (0880, 0930: 6 s) and 85 s of silence at 48 kHz stereo: over 16 MB, so it goes
 * async. The service decodes it five times in this file (some after the test that sent it, beside
 * the next): the five clips (26 s of speech) made each of those five times as long.
 */
let large: string;
const changes: Job[] = [];
const uploaded = new Map<string, { sent: number; total: number }>();

beforeAll(async () => {
  work = await tempDir('kikitori-faults-');
  large = join(work, 'large.wav');
  const clips = (await loadFixtures()).fixtures
    .filter((f) => f.kind === 'librivox' && /-(0880|0930)\.wav$/.test(f.path))
    .map((f) => join(DEFAULT_FIXTURES_DIR, f.path));
  expect(clips).toHaveLength(2);
  await run('sox', ['-R', ...clips, '-r', '48000', '-c', '2', large, 'pad', '0', '85']);
  expect((await stat(large)).size).toBeGreaterThan(16 * 1024 * 1024);
  core.subscribe((event, payload) => {
    if (event === 'jobs:changed') changes.push((payload as { job: Job }).job);
    if (event === 'upload:progress') {
      const { id, sent, total } = payload as { id: string; sent: number; total: number };
      uploaded.set(id, { sent, total });
    }
  });
});

afterAll(async () => {
  await removeDir(work);
});

const job = (id: string) => core.journal.get(id)!;
const settled = (j: Job) => j.status === 'completed' || j.status === 'failed';

async function submit(path: string): Promise<Job> {
  const result = await core.invoke('transcribe:files', { paths: [path] });
  if (!result.ok) throw new Error(errorText(result.error, 'en'));
  return result.data.jobs[0]!;
}

/** The large file sent through a clean link: its job once the service is recognising it. */
async function recognisingJob(): Promise<Job> {
  proxy.setRule(() => ({ kind: 'pass' }));
  const submitted = await submit(large);
  const recognising = await until(
    () => job(submitted.id),
    (j) => j.status === 'recognizing' || settled(j),
  );
  expect(recognising.status).toBe('recognizing');
  return recognising;
}

/** Rows in the service's own job table (its SQLite database). */
function serviceJobCount(): number {
  const db = new Database(join(service.dataDir, 'service.sqlite'), { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM jobs').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('jobs when the service fails', { timeout: 120_000 }, () => {
  it('the service killed mid-upload: the job fails with a network error, is kept, and a retry after the restart creates exactly one job', async () => {
    const before = serviceJobCount();
    proxy.setRule(({ method }) =>
      method === 'POST' ? { kind: 'pass', bytesPerSecond: 4 * 1024 * 1024 } : { kind: 'pass' },
    );
    const submitted = await submit(large);
    expect(submitted.mode).toBe('async');
    await until(
      () => job(submitted.id),
      (j) => j.status === 'uploading',
    );
    await until(
      () => proxy.seen.filter((r) => r.method === 'POST').length,
      (n) => n > 0,
    );
    // Cut off in the middle: once a fifth of it has gone (4 MB/s: about a second in).
    await until(
      () => uploaded.get(submitted.id),
      (sent) => sent !== undefined && sent.sent / sent.total >= 0.2,
      { everyMs: 10 },
    );
    await service.kill();
    const failed = await until(() => job(submitted.id), settled);
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'network' } });
    expect(errorText(failed.error!, 'en')).toMatch(/^Could not reach 127\.0\.0\.1:\d+: /);
    expect(failed.error!.detail).toMatch(/^E[A-Z]+$/);
    expect(failed.sessionid).toBeUndefined();
    // It really was cut off in the middle: between a tenth and nine tenths of the file had gone.
    const cutAt = uploaded.get(submitted.id)!;
    expect(cutAt.sent / cutAt.total).toBeGreaterThan(0.1);
    expect(cutAt.sent / cutAt.total).toBeLessThan(0.9);

    await restartService();
    proxy.setRule(() => ({ kind: 'pass' }));
    expect(serviceJobCount()).toBe(before);
    expect(await core.invoke('jobs:retry', { id: submitted.id })).toMatchObject({ ok: true });
    const done = await until(() => job(submitted.id), settled);
    expect(done.status).toBe('completed');
    expect(serviceJobCount()).toBe(before + 1);
    const got = await core.invoke('jobs:get', { id: submitted.id });
    expect(got).toMatchObject({ ok: true, data: { transcript: { text: expect.any(String) } } });
  });

  it('a job creation answered with 500 fails with a server error and is not sent again', async () => {
    const before = serviceJobCount();
    const posts = proxy.seen.filter((r) => r.method === 'POST').length;
    // The service creates the job, but its answer is lost behind a 500.
    proxy.setRule(({ method }) =>
      method === 'POST' ? { kind: 'status', status: 500, forward: true } : { kind: 'pass' },
    );
    const submitted = await submit(large);
    const failed = await until(() => job(submitted.id), settled);
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'server' } });
    expect(failed.error!.detail).toBeTruthy();
    expect(proxy.seen.filter((r) => r.method === 'POST').length).toBe(posts + 1);
    expect(serviceJobCount()).toBe(before + 1);
    expect(core.journal.get(submitted.id)).toBeDefined();
  });

  it('status checks answered with 500 or stalling leave the job recognising with the reason, and it completes once they answer', async () => {
    const submitted = await recognisingJob();
    let gets = 0;
    proxy.setRule(({ method }) => {
      if (method !== 'GET') return { kind: 'pass' };
      gets++;
      // Two failed polls (each retried once by the client), then a stalled one (the same): each
      // stalled request waits out the client's 4 s idle limit.
      if (gets <= 4) return { kind: 'status', status: 500 };
      if (gets <= 6) return { kind: 'stall' };
      return { kind: 'pass' };
    });
    const done = await until(() => job(submitted.id), settled);
    expect(done.status).toBe('completed');
    expect(done.pollProblem).toBeUndefined();
    const problems = changes
      .filter((c) => c.id === submitted.id && c.pollProblem)
      .map((c) => c.pollProblem!.code);
    expect(problems).toContain('server');
    expect(problems).toContain('timeout');
    expect(changes.filter((c) => c.id === submitted.id && c.status === 'failed')).toEqual([]);
  });

  it('a status check answered 500 with a message like a job error keeps polling; the job’s own error status fails it', async () => {
    const submitted = await recognisingJob();
    let gets = 0;
    proxy.setRule(({ method }) => {
      if (method !== 'GET') return { kind: 'pass' };
      gets++;
      // A service in trouble whose message happens to read like a job's error_message.
      if (gets <= 2)
        return {
          kind: 'status',
          status: 500,
          body: { code: '?', message: 'ERROR: database is locked' },
        };
      return {
        kind: 'status',
        status: 200,
        body: {
          status: 'error',
          session_id: submitted.sessionid,
          error_message: 'ERROR: failed to decode the audio',
        },
      };
    });
    const failed = await until(() => job(submitted.id), settled);
    const problems = changes
      .filter((c) => c.id === submitted.id && c.pollProblem)
      .map((c) => c.pollProblem!);
    expect(problems[0]).toMatchObject({ code: 'server', detail: 'ERROR: database is locked' });
    expect(failed).toMatchObject({
      status: 'failed',
      error: { code: 'job-failed', detail: 'ERROR: failed to decode the audio' },
    });
    expect(gets).toBe(3);
    // The service itself still runs the job: let it finish so that it does not slow the next test.
    const direct = new ApiClient({ baseUrl: service.url, asyncUrl: service.url, key: service.key });
    await until(
      () => direct.getJob(submitted.sessionid!, 2),
      (s) => s.status === 'completed' || s.status === 'error',
    );
  });

  it('a recognition that stalls fails with a timeout, and a retry completes it', async () => {
    proxy.setRule(({ method }) => (method === 'POST' ? { kind: 'stall' } : { kind: 'pass' }));
    const submitted = await submit(CLIP);
    expect(submitted.mode).toBe('sync');
    const failed = await until(() => job(submitted.id), settled);
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'timeout' } });
    expect(failed.resultFile).toBeUndefined();
    proxy.setRule(() => ({ kind: 'pass' }));
    expect(await core.invoke('jobs:retry', { id: submitted.id })).toMatchObject({ ok: true });
    const done = await until(() => job(submitted.id), settled);
    expect(done.status).toBe('completed');
    const got = await core.invoke('jobs:get', { id: submitted.id });
    expect(got).toMatchObject({
      ok: true,
      data: { transcript: { text: expect.stringMatching(/He might even have been made/) } },
    });
  });
});
