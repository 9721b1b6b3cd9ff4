/**
 * The job journal's index (core/jobs/journal-index.ts) on a real folder: opening takes each job
 * from the index only while its file is the one indexed; a job file written, replaced or removed
 * without the index (a run killed before writing it, another program) is read as it is, and a
 * damaged index is not used.
 */
import { mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JobJournal } from '../../../core/jobs/job-journal';
import { INDEX_FILE } from '../../../core/jobs/journal-index';
import { writeJsonAtomic } from '../../../core/storage/atomic-json';
import type { Job } from '../../../shared/domain/job';
import { until } from '../../support/until';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kikitori-journal-index-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const aJob = (id: string, changes: Partial<Job> = {}): Job => ({
  id,
  file: { path: `/audio/${id}.wav`, name: `${id}.wav`, size: 10 },
  connection: 'local',
  params: { d: 'grammarFileNames=-a-general', logging: true },
  mode: 'sync',
  status: 'queued',
  createdAt: 1,
  updatedAt: 1,
  ...changes,
});

const indexed = async (): Promise<string[]> => {
  const index = JSON.parse(await readFile(join(dir, INDEX_FILE), 'utf8')) as {
    entries: { name: string; job: Job }[];
  };
  return index.entries.map((entry) => entry.job.id).sort();
};

/** What the index says of the job files being the truth: the jobs as the files hold them. */
const summary = (journal: JobJournal) =>
  journal.list().map((job) => `${job.id}:${job.status}:${job.file.name}`);

/**
 * Once the file system's clock has passed the change time of `path`: the index keeps only jobs
 * whose files changed before it was made (a file changed in the same tick is read at open).
 */
async function afterTick(path: string): Promise<void> {
  const changed = (await stat(path, { bigint: true })).ctimeNs;
  const probe = join(dir, 'tick');
  await until(
    async () => {
      await writeFile(probe, '');
      return (await stat(probe, { bigint: true })).ctimeNs;
    },
    (now) => now > changed,
  );
  await rm(probe);
}

/** A journal of a, b and c, closed (its index written, holding all three). */
async function closedJournal(): Promise<void> {
  const journal = await JobJournal.open(dir);
  for (const [i, id] of ['a', 'b', 'c'].entries())
    await journal.save(aJob(id, { createdAt: i + 1 }));
  await afterTick(join(dir, 'jobs', 'c.json'));
  await journal.close();
}

describe('the job journal’s index', () => {
  it('is written when the journal closes, with every job, and opening from it gives the same jobs', async () => {
    await closedJournal();
    expect(await indexed()).toEqual(['a', 'b', 'c']);
    const reopened = await JobJournal.open(dir);
    expect(summary(reopened)).toEqual(['a:queued:a.wav', 'b:queued:b.wav', 'c:queued:c.wav']);
  });

  it('is written again by itself a moment after a write, without a close', async () => {
    const journal = await JobJournal.open(dir, { indexAfterMs: 20 });
    await journal.save(aJob('a'));
    await afterTick(join(dir, 'jobs', 'a.json'));
    await until(
      () => indexed().catch(() => []),
      (ids) => ids.length === 1,
    );
    await journal.save(aJob('b', { createdAt: 2 }));
    await afterTick(join(dir, 'jobs', 'b.json'));
    await until(
      () => indexed(),
      (ids) => ids.length === 2,
    );
    await journal.close();
  });

  it('reads the files written, replaced or removed without it, as they are', async () => {
    await closedJournal();
    // As a run killed between a job's file and the index leaves it, or another program.
    await writeJsonAtomic(
      join(dir, 'jobs', 'a.json'),
      aJob('a', { status: 'failed', error: { code: 'interrupted', params: { name: 'a.wav' } } }),
      1,
    );
    await rm(join(dir, 'jobs', 'b.json'));
    await writeJsonAtomic(join(dir, 'jobs', 'd.json'), aJob('d', { createdAt: 4 }), 1);
    const reopened = await JobJournal.open(dir);
    expect(summary(reopened)).toEqual(['a:failed:a.wav', 'c:queued:c.wav', 'd:queued:d.wav']);
    await afterTick(join(dir, 'jobs', 'd.json'));
    await reopened.close();
    expect(await indexed()).toEqual(['a', 'c', 'd']);
  });

  it('reads a file changed in place to the same size, its times set back', async () => {
    await closedJournal();
    const path = join(dir, 'jobs', 'c.json');
    const before = await stat(path);
    const text = await readFile(path, 'utf8');
    // Same length, same modification time: only the change time (and the content) differ.
    await writeFile(path, text.replaceAll('c.wav', 'x.wav'));
    await utimes(path, before.atime, before.mtime);
    expect((await stat(path)).size).toBe(before.size);
    const reopened = await JobJournal.open(dir);
    expect(summary(reopened)).toContain('c:queued:x.wav');
  });

  it('is not used when damaged or of another version, and is made again', async () => {
    await closedJournal();
    await writeJsonAtomic(join(dir, 'jobs', 'd.json'), aJob('d', { createdAt: 4 }), 1);
    const text = await readFile(join(dir, INDEX_FILE), 'utf8');
    await writeFile(join(dir, INDEX_FILE), text.slice(0, text.length / 2));
    const torn = await JobJournal.open(dir);
    expect(summary(torn)).toHaveLength(4);
    await afterTick(join(dir, 'jobs', 'd.json'));
    await torn.close();
    expect(await indexed()).toEqual(['a', 'b', 'c', 'd']);

    await writeFile(join(dir, INDEX_FILE), text.replace('"schemaVersion":1', '"schemaVersion":9'));
    const other = await JobJournal.open(dir);
    expect(summary(other)).toHaveLength(4);
  });

  it('loses a removed job at once, before the journal closes', async () => {
    await closedJournal();
    const journal = await JobJournal.open(dir);
    expect(await journal.remove('b')).toBe(true);
    expect(await indexed()).toEqual(['a', 'c']);
    expect(await readFile(join(dir, INDEX_FILE), 'utf8')).not.toContain('b.wav');
    await journal.close();
  });
});
