/** Jobs written straight into a real journal, for views and benches that need thousands. */
import { JobJournal } from '../../core/jobs/job-journal';
import { appError } from '../../shared/domain/errors';

/** The start of the seeded history: job i was made i minutes later. */
export const SEEDED_FROM = Date.UTC(2026, 0, 1);

const SEED_AT_ONCE = 32;

export const seededId = (i: number) => `seeded-${String(i).padStart(5, '0')}`;

/**
 * `count` failed jobs (`seeded-00000.wav` oldest, sync and async by turns, each interrupted) in
 * the journal of `dataDir`, its index written as an app's is when it stops; returns the journal
 * for more (written to the files only: it writes no index again).
 */
export async function seedFailedJobs(dataDir: string, count: number): Promise<JobJournal> {
  const journal = await JobJournal.open(dataDir);
  const seed = (i: number) => {
    const id = seededId(i);
    return journal.save({
      id,
      file: { path: `/nowhere/${id}.wav`, name: `${id}.wav`, size: 1000 + i },
      connection: 'local',
      params: { d: 'grammarFileNames=-a-general-en', logging: false },
      mode: i % 2 ? 'async' : 'sync',
      status: 'failed',
      createdAt: SEEDED_FROM + i * 60_000,
      updatedAt: SEEDED_FROM + i * 60_000,
      error: appError('interrupted', { name: `${id}.wav` }),
    });
  };
  // SEED_AT_ONCE writes at a time (the journal orders writes per job only): each waits on its
  // fsyncs, so one at a time left the CPU idle (10,000 took 30 s of the many-jobs spec).
  for (let from = 0; from < count; from += SEED_AT_ONCE) {
    const to = Math.min(count, from + SEED_AT_ONCE);
    await Promise.all(Array.from({ length: to - from }, (_, k) => seed(from + k)));
  }
  await journal.close();
  return journal;
}
