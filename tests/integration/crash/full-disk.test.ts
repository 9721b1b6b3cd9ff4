/**
 * A full disk under the app's data folder (a 1 MB tmpfs mounted for this test): submitting says
 * the disk is full, a job whose result cannot be stored fails with that error, and nothing that
 * was stored before is damaged; once there is room again, a retry completes the job.
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../core/core';
import { JobJournal } from '../../../core/jobs/job-journal';
import type { Job } from '../../../shared/domain/job';
import { DEFAULT_FIXTURES_DIR } from '../../fixtures/build';
import { fill, mountSmallDisk, type SmallDisk } from '../../support/small-disk';
import { until } from '../../support/until';
import { useProxiedCore } from '../../support/hooks';

const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');

let disk: SmallDisk | undefined;
let mount: string;
const changes: Job[] = [];

beforeAll(async () => {
  disk = await mountSmallDisk('kikitori-full-disk-', '1m');
  mount = disk.path;
});
// Registered before the core's hooks, so that it is unmounted after the core has closed.
afterAll(async () => {
  await disk?.close();
});

const { proxy, core } = useProxiedCore(async () => ({
  dataDir: mount,
  connections: [{ id: 'direct', name: 'Local service' }],
  activate: true,
}));
beforeAll(() => {
  core.subscribe((event, payload) => {
    if (event === 'jobs:changed') changes.push((payload as { job: Job }).job);
  });
});

const settled = (j: Job | undefined) => j?.status === 'completed' || j?.status === 'failed';

async function submit(): Promise<Awaited<ReturnType<Core['invoke']>>> {
  return core.invoke('transcribe:files', { paths: [CLIP] });
}

describe('a full disk', { timeout: 180_000 }, () => {
  it('gives clear errors, keeps what was stored, and a retry completes once there is room', async () => {
    const first = await submit();
    expect(first.ok).toBe(true);
    const done = (first as { data: { jobs: Job[] } }).data.jobs[0]!;
    const completed = await until(() => core.journal.get(done.id), settled);
    expect(completed?.status).toBe('completed');
    const storedResult = await readFile(completed!.resultFile!);

    // The next upload is slowed down, so the disk fills while it is under way.
    proxy.setRule(({ method }) =>
      method === 'POST' ? { kind: 'pass', bytesPerSecond: 64 * 1024 } : { kind: 'pass' },
    );
    const second = await submit();
    const cut = (second as { data: { jobs: Job[] } }).data.jobs[0]!;
    // Under way: a direct request reads "recognizing" as soon as its bytes are handed over, while
    // the slowed proxy is still passing them on.
    const underWay = await until(
      () => core.journal.get(cut.id),
      (j) => j?.status !== 'queued',
    );
    expect(underWay?.status).toMatch(/^(uploading|recognizing)$/);
    const filler = join(mount, 'filler');
    await fill(filler);
    const failed = await until(() => core.journal.get(cut.id), settled);
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'disk-full' } });
    expect(String(failed!.error!.params.path)).toContain(mount);
    expect(changes.at(-1)).toMatchObject({ id: cut.id, error: { code: 'disk-full' } });
    proxy.setRule(() => ({ kind: 'pass' }));

    const refused = await submit();
    expect(refused).toMatchObject({ ok: false, error: { code: 'disk-full' } });

    // Read back from disk: the journal opens, the first result is intact, nothing half-written.
    const reopened = await JobJournal.open(mount);
    expect(reopened.setAside).toEqual([]);
    expect(reopened.list().map((j) => j.id)).toEqual([done.id, cut.id]);
    expect(reopened.get(done.id)!.status).toBe('completed');
    expect(await readFile(completed!.resultFile!)).toEqual(storedResult);
    expect(await reopened.readResult(reopened.get(done.id)!)).toMatchObject({
      text: expect.stringMatching(/He might even have been made/),
    });
    for (const folder of ['jobs', 'results'])
      expect((await readdir(join(mount, folder))).filter((n) => !n.endsWith('.json'))).toEqual([]);

    await rm(filler);
    expect(await core.invoke('jobs:retry', { id: cut.id })).toMatchObject({ ok: true });
    const retried = await until(() => core.journal.get(cut.id), settled);
    expect(retried?.status).toBe('completed');
  });
});
