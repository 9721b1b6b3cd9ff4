/**
 * A job journal written without pause in a process of its own, for journal-index-kill.test.ts:
 * thirty jobs rewritten by turns (each write with a later `updatedAt`), the index written again as
 * soon as a write ends, and one JSON line on stdout after each write, once it is on the disk.
 * It writes until it is killed.
 *
 *   node --import tsx journal-writer-child.ts <data folder> <first updatedAt>
 */
import { JobJournal } from '../../../core/jobs/job-journal';
import { mulberry32 } from './processes';

const [dataDir, from] = process.argv.slice(2) as [string, string];
const journal = await JobJournal.open(dataDir, { indexAfterMs: 0 });
const random = mulberry32(Number(from));
for (let at = Number(from); ; at++) {
  const id = `job-${Math.floor(random() * 30)}`;
  const job = await journal.save({
    id,
    file: { path: `/audio/${id}.wav`, name: `${id}.wav`, size: 1000 },
    connection: 'local',
    params: { d: 'grammarFileNames=-a-general-en', logging: false },
    mode: 'sync',
    status: at % 2 ? 'queued' : 'uploading',
    createdAt: 1,
    updatedAt: at,
  });
  process.stdout.write(`${JSON.stringify({ id, updatedAt: job.updatedAt })}\n`);
}
