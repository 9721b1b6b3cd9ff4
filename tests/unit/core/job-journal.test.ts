/**
 * The job journal on a real folder: damaged and newer files are kept as they were, leftovers of
 * a crash are tidied, and a removal wins over writes that were already on their way.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JobJournal, JobRemoved } from '../../../core/jobs/job-journal';
import { StorageError, readJson } from '../../../core/storage/atomic-json';
import type { Job } from '../../../shared/domain/job';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kikitori-journal-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const aJob = (id: string, changes: Partial<Job> = {}): Job => ({
  id,
  file: { path: '/audio/a.wav', name: 'a.wav', size: 10 },
  connection: 'local',
  params: { d: 'grammarFileNames=-a-general', logging: true },
  mode: 'sync',
  status: 'queued',
  createdAt: 1,
  updatedAt: 1,
  ...changes,
});

describe('opening the journal', () => {
  it('sets a damaged job file aside under a new name, byte for byte, and loads the others', async () => {
    const first = await JobJournal.open(dir);
    await first.save(aJob('good'));
    const damaged = '{"schemaVersion": 1, "data": {"id": "bad", "stat';
    await writeFile(join(dir, 'jobs', 'bad.json'), damaged);
    // An older set-aside copy must not be overwritten by the new one.
    await writeFile(join(dir, 'jobs', 'bad.json.corrupt'), 'older');
    const journal = await JobJournal.open(dir);
    expect(journal.list().map((j) => j.id)).toEqual(['good']);
    expect(journal.setAside).toHaveLength(1);
    expect(await readFile(join(dir, 'jobs', journal.setAside[0]!), 'utf8')).toBe(damaged);
    expect(await readFile(join(dir, 'jobs', 'bad.json.corrupt'), 'utf8')).toBe('older');
  });

  it('leaves a job written by a newer Kikitori untouched and unloaded, and still works', async () => {
    await mkdir(join(dir, 'jobs'), { recursive: true });
    await mkdir(join(dir, 'results'), { recursive: true });
    const newer = `${JSON.stringify({ schemaVersion: 2, data: { id: 'future', shape: 'unknown' } })}\n`;
    await writeFile(join(dir, 'jobs', 'future.json'), newer);
    await writeFile(join(dir, 'results', 'future.json'), newer);
    await expect(readJson(join(dir, 'jobs', 'future.json'), 1)).rejects.toThrow(
      /newer Kikitori \(schema 2\); update Kikitori/,
    );
    await expect(readJson(join(dir, 'jobs', 'future.json'), 1)).rejects.toBeInstanceOf(
      StorageError,
    );
    const journal = await JobJournal.open(dir);
    expect(journal.newerVersion).toEqual(['future.json']);
    expect(journal.list()).toEqual([]);
    await journal.save(aJob('today'));
    const again = await JobJournal.open(dir);
    expect(again.list().map((j) => j.id)).toEqual(['today']);
    expect(await readFile(join(dir, 'jobs', 'future.json'), 'utf8')).toBe(newer);
    expect(await readFile(join(dir, 'results', 'future.json'), 'utf8')).toBe(newer);
  });

  it('removes temporary files and results without a job that a crash left behind', async () => {
    const journal = await JobJournal.open(dir);
    await journal.save(aJob('kept'));
    const resultFile = await journal.saveResult('kept', { text: 'hi', utterances: [] });
    await journal.save(aJob('kept', { status: 'completed', resultFile }));
    await writeFile(join(dir, 'jobs', '.0123456789ab.tmp'), '{"schemaVer');
    await writeFile(join(dir, 'results', '.ba9876543210.tmp'), '{"sche');
    await writeFile(join(dir, 'results', 'orphan.json'), '{}');
    const reopened = await JobJournal.open(dir);
    expect(await readdir(join(dir, 'jobs'))).toEqual(['kept.json']);
    expect(await readdir(join(dir, 'results'))).toEqual(['kept.json']);
    expect(await reopened.readResult(reopened.get('kept')!)).toEqual({
      text: 'hi',
      utterances: [],
    });
  });
});

describe('removing a job', () => {
  it('wins over writes queued before it and refuses every later one', async () => {
    const journal = await JobJournal.open(dir);
    await journal.save(aJob('j'));
    const writing = journal.save(aJob('j', { status: 'uploading' }));
    const removing = journal.remove('j');
    const late = journal.save(aJob('j', { status: 'failed' }));
    const lateResult = journal.saveResult('j', { text: 'late', utterances: [] });
    const refused = Promise.allSettled([writing, late, lateResult]);
    expect(await removing).toBe(true);
    for (const outcome of await refused) {
      expect(outcome.status).toBe('rejected');
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(JobRemoved);
    }
    expect(journal.get('j')).toBeUndefined();
    expect(await readdir(join(dir, 'jobs'))).toEqual([]);
    expect(await readdir(join(dir, 'results')).catch(() => [])).toEqual([]);
    expect(await journal.remove('j')).toBe(false);
  });
});
