/**
 * The service's own answer of each job, kept as it came (`<data>/answers/<id>.json`): the sync
 * response, or the async job's status with its result (docs/api.md §3, §4: `results[].tokens` or
 * `segments`, `utteranceid`, `text`, `code`, `message`, and any field this version of Kikitori does
 * not read). The export "as recognised" (`json-original`) is this answer. The transcript the app
 * works from (`<data>/results/`, the job journal) is drawn from it and kept apart.
 *
 * Jobs finished before answers were kept (and live jobs, whose words arrive utterance by
 * utterance) have none: theirs is rebuilt from the stored transcript in the sync response's shape,
 * with what was kept of it (`results`, `text`, `code` and `message` of a success; no `utteranceid`).
 */
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { SyncResponse } from '../../shared/api/recognition';
import type { Transcript } from '../../shared/domain/job';
import { readJson, removeStaleTemps, writeJsonAtomic } from '../storage/atomic-json';

export const ANSWERS_DIR = 'answers';
const ANSWER_SCHEMA = 1;

const answerPath = (dataDir: string, id: string) => join(dataDir, ANSWERS_DIR, `${id}.json`);

/** Keeps a job's answer (before the job is marked completed, as its transcript is). */
export async function saveAnswer(dataDir: string, id: string, answer: unknown): Promise<void> {
  await writeJsonAtomic(answerPath(dataDir, id), answer, ANSWER_SCHEMA);
}

/** The answer kept for a job, or undefined when none was (or it cannot be read). */
export async function readAnswer(dataDir: string, id: string): Promise<unknown> {
  return readJson(answerPath(dataDir, id), ANSWER_SCHEMA).catch(() => undefined);
}

export async function removeAnswer(dataDir: string, id: string): Promise<void> {
  await rm(answerPath(dataDir, id), { force: true });
}

/** Answers of jobs that are gone (a crash during a removal), and a crash's temporary files. */
export async function dropOrphanAnswers(dataDir: string, known: (id: string) => boolean) {
  const dir = join(dataDir, ANSWERS_DIR);
  await removeStaleTemps(dir);
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (name.endsWith('.json') && !known(name.slice(0, -'.json'.length)))
      await rm(join(dir, name), { force: true });
  }
}

/** An answer in the sync response's shape, from a stored transcript (jobs with none kept). */
export function rebuiltAnswer(transcript: Transcript): SyncResponse {
  return { results: transcript.utterances, text: transcript.text, code: '', message: '' };
}
