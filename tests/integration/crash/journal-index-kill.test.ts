/**
 * The job journal's index after real kills (core/jobs/journal-index.ts): a process writes jobs
 * without pause, the index written again after each write, and is SIGKILLed at seeded random
 * moments, often between a job's file and the index. After each kill, the journal opened on the
 * folder holds exactly the jobs as their files hold them, and no write that was answered is lost.
 *
 * KIKITORI_CRASH_SEED replays a run (the seed is printed).
 */
import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobJournal } from '../../../core/jobs/job-journal';
import { INDEX_FILE } from '../../../core/jobs/journal-index';
import { readJson } from '../../../core/storage/atomic-json';
import { jobSchema } from '../../../shared/domain/job';
import { removeDir, tempDir } from '../../support/service-process';
import { until } from '../../support/until';
import { mulberry32 } from './processes';

const SEED = Number(process.env.KIKITORI_CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
const KILLS = 8;

let dataDir: string;
beforeAll(async () => {
  dataDir = await tempDir('kikitori-journal-kill-');
});
afterAll(async () => {
  await removeDir(dataDir);
});

/** Every job file read itself: what the journal must hold. */
async function jobsOnDisk(): Promise<string[]> {
  const names = (await readdir(join(dataDir, 'jobs'))).filter((name) => name.endsWith('.json'));
  const jobs = await Promise.all(
    names.map(async (name) => jobSchema.parse(await readJson(join(dataDir, 'jobs', name), 1))),
  );
  return jobs.map((job) => `${job.id}@${job.updatedAt}:${job.status}`).sort();
}

describe('the job journal killed while it writes', () => {
  it(`opens as its files are after every kill, nothing answered lost (seed ${SEED})`, async () => {
    console.log(`journal index kill seed: ${SEED}`);
    const random = mulberry32(SEED);
    /** The last write answered for each job. */
    const answered = new Map<string, number>();
    let from = 1;
    for (let kill = 0; kill < KILLS; kill++) {
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          join(import.meta.dirname, 'journal-writer-child.ts'),
          dataDir,
          `${from}`,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      const exited = new Promise((settle) => child.once('exit', settle));
      let writes = 0;
      createInterface({ input: child.stdout }).on('line', (line) => {
        const said = JSON.parse(line) as { id: string; updatedAt: number };
        answered.set(said.id, said.updatedAt);
        from = Math.max(from, said.updatedAt + 1);
        writes += 1;
      });
      const killAfter = 20 + Math.floor(random() * 200);
      await until(
        () => writes,
        (n) => n >= killAfter,
        { everyMs: 1 },
      );
      child.kill('SIGKILL');
      await exited;
      from += 1;

      // The index the killed process wrote is there, and is what the journal starts from.
      expect((await readdir(dataDir)).includes(INDEX_FILE)).toBe(true);
      const journal = await JobJournal.open(dataDir);
      const listed = journal
        .list()
        .map((job) => `${job.id}@${job.updatedAt}:${job.status}`)
        .sort();
      expect(listed).toEqual(await jobsOnDisk());
      for (const [id, updatedAt] of answered)
        expect(journal.get(id)?.updatedAt ?? 0).toBeGreaterThanOrEqual(updatedAt);
      await journal.close();
    }
  });
});
