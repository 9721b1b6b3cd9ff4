/**
 * The job journal: one file per job in `<data>/jobs/`, each written atomically with a schema
 * version, and transcripts in `<data>/results/`. A transcript is stored before its job is marked
 * completed, so a job is never completed without its result. A damaged job file is set aside
 * (renamed .corrupt) rather than stopping every other job from loading.
 */
import { readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { jobSchema, transcriptSchema, type Job, type Transcript } from '../../shared/domain/job';
import { readJson, StorageError, writeJsonAtomic } from '../storage/atomic-json';

const JOB_SCHEMA = 1;
const RESULT_SCHEMA = 1;

export class JobJournal {
  private readonly jobs = new Map<string, Job>();
  private constructor(
    private readonly jobsDir: string,
    private readonly resultsDir: string,
    readonly setAside: string[],
  ) {}

  static async open(dataDir: string): Promise<JobJournal> {
    const journal = new JobJournal(join(dataDir, 'jobs'), join(dataDir, 'results'), []);
    const names = await readdir(journal.jobsDir).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.endsWith('.json'))) {
      const path = join(journal.jobsDir, name);
      try {
        const job = jobSchema.parse(await readJson(path, JOB_SCHEMA));
        journal.jobs.set(job.id, job);
      } catch (error) {
        if (error instanceof StorageError && error.code === 'newer-version') throw error;
        await rename(path, `${path}.corrupt`);
        journal.setAside.push(name);
      }
    }
    return journal;
  }

  list(): Job[] {
    return [...this.jobs.values()].sort((a, b) => a.createdAt - b.createdAt);
  }

  get(id: string): Job | undefined {
    return this.jobs.get(id);
  }

  async save(job: Job): Promise<Job> {
    const valid = jobSchema.parse(job);
    if (valid.status === 'completed' && !valid.resultFile)
      throw new Error(`job ${valid.id} cannot be completed without a stored result`);
    await writeJsonAtomic(join(this.jobsDir, `${valid.id}.json`), valid, JOB_SCHEMA);
    this.jobs.set(valid.id, valid);
    return valid;
  }

  /** Stores a transcript; returns the file to put in the job's `resultFile`. */
  async saveResult(id: string, transcript: Transcript): Promise<string> {
    const path = join(this.resultsDir, `${id}.json`);
    await writeJsonAtomic(path, transcriptSchema.parse(transcript), RESULT_SCHEMA);
    return path;
  }

  async readResult(job: Job): Promise<Transcript | undefined> {
    if (!job.resultFile) return undefined;
    const data = await readJson(job.resultFile, RESULT_SCHEMA);
    return data === undefined ? undefined : transcriptSchema.parse(data);
  }

  async remove(id: string): Promise<boolean> {
    const job = this.jobs.get(id);
    if (!job) return false;
    this.jobs.delete(id);
    await rm(join(this.jobsDir, `${id}.json`), { force: true });
    if (job.resultFile) await rm(job.resultFile, { force: true });
    if (job.convertedPath) await rm(job.convertedPath, { force: true });
    return true;
  }
}
