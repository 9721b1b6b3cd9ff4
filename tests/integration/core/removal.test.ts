/**
 * Removing a job while its upload or its status check is on the wire, against the real local
 * service (behind FaultProxy, to slow the upload down and hold the status check): the request is
 * cancelled, the job never comes back (in the list, on disk, or after a restart), and
 * `jobs:removed` fires once.
 */
import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobJournal } from '../../../core/jobs/job-journal';
import { AppFailure } from '../../../shared/domain/errors';
import type { Job } from '../../../shared/domain/job';
import { DEFAULT_FIXTURES_DIR, loadFixtures } from '../../fixtures/build';
import { removeDir, tempDir } from '../../support/service-process';
import { until } from '../../support/until';
import { useProxiedCore } from '../../support/hooks';

const run = promisify(execFile);

const proxied = useProxiedCore({
  connections: [{ id: 'proxied', name: 'Local service behind a proxy' }],
  activate: true,
  core: { pollMinMs: 100, pollMaxMs: 400 },
});
const { service, proxy, core } = proxied;
let work: string;
/** Two clips and 80 s of silence at 48 kHz stereo: over 16 MB, so it goes async. */
let large: string;
const events: Array<{ event: string; id: string; status?: string }> = [];
const uploaded = new Map<string, number>();

beforeAll(async () => {
  work = await tempDir('kikitori-removal-');
  large = join(work, 'large.wav');
  const clips = (await loadFixtures()).fixtures
    .filter((f) => f.kind === 'librivox')
    .slice(0, 2)
    .map((f) => join(DEFAULT_FIXTURES_DIR, f.path));
  await run('sox', ['-R', ...clips, '-r', '48000', '-c', '2', large, 'pad', '0', '80']);
  core.subscribe((event, payload) => {
    const p = payload as { id?: string; job?: Job; sent?: number; total?: number };
    if (event === 'upload:progress') uploaded.set(p.id!, p.sent! / p.total!);
    else if (event === 'jobs:changed') events.push({ event, id: p.job!.id, status: p.job!.status });
    else if (event === 'jobs:removed') events.push({ event, id: p.id! });
  });
});

afterAll(async () => {
  await removeDir(work);
});

function serviceDb<T>(query: (db: Database.Database) => T): T {
  const db = new Database(join(service.dataDir, 'service.sqlite'), { readonly: true });
  try {
    return query(db);
  } finally {
    db.close();
  }
}
const serviceJobs = () =>
  serviceDb((db) => (db.prepare('SELECT count(*) AS n FROM jobs').get() as { n: number }).n);
const serviceJobStatus = (sessionid: string) =>
  serviceDb(
    (db) =>
      (
        db.prepare('SELECT status FROM jobs WHERE session_id = ?').get(sessionid) as
          { status: string } | undefined
      )?.status,
  );

async function submit(): Promise<Job> {
  const result = await core.invoke('transcribe:files', { paths: [large] });
  if (!result.ok) throw new AppFailure(result.error);
  const [job] = result.data.jobs;
  expect(job!.mode).toBe('async');
  return job!;
}

async function remove(id: string): Promise<void> {
  expect(await core.invoke('jobs:remove', { id })).toEqual({ ok: true, data: { removed: true } });
  // The cancelled request closes its connection; then nothing is left running for the job.
  await until(
    () => proxy.openConnections(),
    (n) => n === 0,
  );
  await core.runner.idle();
}

async function expectGone(id: string): Promise<void> {
  const listed = await core.invoke('jobs:list', {});
  expect(listed.ok && listed.data.jobs.map((j) => j.id)).not.toContain(id);
  expect(await readdir(join(proxied.dataDir, 'jobs'))).not.toContain(`${id}.json`);
  expect(await readdir(join(proxied.dataDir, 'results')).catch(() => [])).not.toContain(
    `${id}.json`,
  );
  const mine = events.filter((e) => e.id === id);
  expect(mine.filter((e) => e.event === 'jobs:removed')).toHaveLength(1);
  expect(mine.at(-1)).toEqual({ event: 'jobs:removed', id });
  expect(mine.filter((e) => e.status === 'completed')).toEqual([]);
  // The journal as the next start would read it (the running core holds the folder's lock).
  const reopened = await JobJournal.open(proxied.dataDir);
  expect(reopened.get(id)).toBeUndefined();
}

describe('a removed job stays removed', { timeout: 180_000 }, () => {
  it('removed mid-upload: the upload is cut, the service creates no job, the job never returns', async () => {
    const before = serviceJobs();
    proxy.setRule(({ method }) =>
      method === 'POST' ? { kind: 'pass', bytesPerSecond: 2 * 1024 * 1024 } : { kind: 'pass' },
    );
    const job = await submit();
    await until(
      () => uploaded.get(job.id) ?? 0,
      (share) => share > 0.2,
    );
    await remove(job.id);
    expect(uploaded.get(job.id)).toBeLessThan(0.9);
    await expectGone(job.id);
    expect(serviceJobs()).toBe(before);
  });

  it('removed while a status check is on the wire: the check is cancelled, the finished job is not stored', async () => {
    proxy.setRule(({ method }) => (method === 'GET' ? { kind: 'stall' } : { kind: 'pass' }));
    const job = await submit();
    await until(
      () => proxy.seen.filter((r) => r.method === 'GET' && r.fault === 'stall').length,
      (n) => n > 0,
    );
    const { status, sessionid } = core.journal.get(job.id)!;
    expect(status).toBe('recognizing');
    await remove(job.id);
    // Let the service finish the job: a status check that got through now would find it done.
    proxy.setRule(() => ({ kind: 'pass' }));
    await until(
      () => serviceJobStatus(sessionid!),
      (state) => state === 'completed' || state === 'error',
    );
    await core.runner.idle();
    await expectGone(job.id);
  });
});
