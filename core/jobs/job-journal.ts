/**
 * The job journal: one file per job in `<data>/jobs/`, each written atomically with a schema
 * version, transcripts in `<data>/results/` and a person's edits of them in `<data>/edits/`
 * (shared/domain/edits.ts: the transcript itself is never changed). A transcript is stored before its job is marked
 * completed, so a job is never completed without its result. A damaged job file is set aside
 * (renamed, never over another file) rather than stopping every other job from loading; a job file
 * from a newer Kikitori is left exactly as it is and not loaded.
 *
 * Writes of one job run one after another, and a removed job stays removed: once `remove` is
 * called, no later save or result of that job reaches the disk (work still in flight for it ends
 * with JobRemoved).
 *
 * The edits' log on the disk is edits-log.ts; the index that lets the journal open without
 * reading every job file is journal-index.ts.
 */
import { randomBytes } from 'node:crypto';
import { readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { EditHistory } from '../../shared/domain/edits';
import { jobSchema, transcriptSchema, type Job, type Transcript } from '../../shared/domain/job';
import { isInside } from '../media/media-file';
import { EDITS_LOG, editLine, type EditChange, readEdits, saveEdit } from './edits-log';
import {
  readIndex,
  removeIndexTemps,
  sameStamp,
  stampFile,
  writeIndex,
  type IndexEntry,
  type Stamp,
} from './journal-index';
import { readJson, removeStaleTemps, StorageError, writeJsonAtomic } from '../storage/atomic-json';

/** Live jobs' recordings (`<id>.flac`), which the app made and so may delete with their job. */
export const RECORDINGS_DIR = 'recordings';
/** A live job's sources kept apart, beside its recording: `<id>.sources.flac`. */
export const SOURCES_SUFFIX = '.sources.flac';
/** Live jobs' finals while they record (`<id>.jsonl`, core/live/live-recording.ts). */
export const LIVE_DIR = 'live';

export type { EditChange } from './edits-log';

const JOB_SCHEMA = 1;
/** Job files read at once at open (those the index does not hold). */
const READ_AT_ONCE = 32;
/** How long after a job's write the index is written again (a crash before then costs only reads). */
const INDEX_AFTER_MS = 2_000;
const RESULT_SCHEMA = 1;
function withTitle(job: Job, title: string | undefined): Job {
  const { title: _old, ...rest } = job;
  return title === undefined ? rest : { ...rest, title };
}

/** The revision of a job's next write (or hold): one more than the last. */
const nextRevision = (current: Job | undefined): number => (current?.revision ?? 0) + 1;

/** A write for a job that was removed meanwhile; the work it belonged to is simply dropped. */
export class JobRemoved extends Error {
  constructor(readonly id: string) {
    super(`job ${id} was removed`);
  }
}

export class JobJournal {
  private readonly jobs = new Map<string, Job>();
  private readonly removed = new Set<string>();
  /** The last write of each job, so the next one (or a removal) waits for it. */
  private readonly writes = new Map<string, Promise<unknown>>();
  /** Files set aside as damaged (their new names). */
  readonly setAside: string[] = [];
  /** Job files written by a newer Kikitori, left untouched. */
  readonly newerVersion: string[] = [];

  private readonly jobsDir: string;
  private readonly resultsDir: string;
  private readonly editsDir: string;

  /** Each job as its file holds it (not a held change), with the file's stamp: the index's. */
  private readonly stored = new Map<string, IndexEntry>();
  /** The jobs' files the index on disk holds (by name). */
  private indexed = new Set<string>();
  private indexStale = false;
  private indexTimer: NodeJS.Timeout | undefined;
  private indexWriting: Promise<void> = Promise.resolve();
  private closed = false;

  private constructor(
    private readonly dataDir: string,
    private readonly indexAfterMs: number,
  ) {
    this.jobsDir = join(dataDir, 'jobs');
    this.resultsDir = join(dataDir, 'results');
    this.editsDir = join(dataDir, 'edits');
  }

  static async open(dataDir: string, options: { indexAfterMs?: number } = {}): Promise<JobJournal> {
    const journal = new JobJournal(dataDir, options.indexAfterMs ?? INDEX_AFTER_MS);
    await removeStaleTemps(journal.jobsDir);
    await removeStaleTemps(journal.resultsDir);
    await removeStaleTemps(journal.editsDir);
    await removeIndexTemps(dataDir);
    const index = await readIndex(dataDir, JOB_SCHEMA);
    journal.indexed = new Set(index.keys());
    const names = await readdir(journal.jobsDir).catch(() => [] as string[]);
    const unindexed: { name: string; stamp: Stamp }[] = [];
    for (const name of names.filter((n) => n.endsWith('.json'))) {
      const stamp = stampFile(join(journal.jobsDir, name));
      if (!stamp) continue;
      const entry = index.get(name);
      if (entry && sameStamp(entry.stamp, stamp)) journal.found(entry);
      else unindexed.push({ name, stamp });
    }
    // Files the index does not hold as they are: read, a few at a time.
    for (let i = 0; i < unindexed.length; i += READ_AT_ONCE)
      await Promise.all(unindexed.slice(i, i + READ_AT_ONCE).map((file) => journal.read(file)));
    if (unindexed.length > 0 || index.size !== journal.stored.size) journal.indexChanged();
    await journal.dropOrphanResults();
    return journal;
  }

  private found(entry: IndexEntry): void {
    this.jobs.set(entry.job.id, entry.job);
    this.stored.set(entry.job.id, entry);
  }

  /** A job file the index does not hold (its stamp taken before it is read). */
  private async read({ name, stamp }: { name: string; stamp: Stamp }): Promise<void> {
    const path = join(this.jobsDir, name);
    try {
      const job = jobSchema.parse(await readJson(path, JOB_SCHEMA));
      if (name === `${job.id}.json`) this.found({ name, stamp, job });
      else this.jobs.set(job.id, job);
    } catch (error) {
      if (error instanceof StorageError && error.code === 'newer-version') {
        this.newerVersion.push(name);
        return;
      }
      const aside = `${name}.${randomBytes(4).toString('hex')}.corrupt`;
      await rename(path, join(this.jobsDir, aside));
      this.setAside.push(aside);
    }
  }

  /** The index is written again soon (`indexAfterMs`, by default INDEX_AFTER_MS), not at each write. */
  private indexChanged(): void {
    this.indexStale = true;
    if (this.indexTimer || this.closed) return;
    this.indexTimer = setTimeout(() => {
      this.indexTimer = undefined;
      void this.writeIndexNow().catch(() => undefined);
    }, this.indexAfterMs);
    this.indexTimer.unref();
  }

  /**
   * Writes the index of the jobs' files as they are now (one write at a time). A job with a write
   * under way, or whose file changed in the index's own tick, is left out (its file is read at the
   * next open) and the index is written again later. A failed write (a full disk) leaves the
   * index as it was, which the next open checks like any other.
   */
  private async writeIndexNow(): Promise<void> {
    const next = this.indexWriting.then(async () => {
      if (!this.indexStale) return;
      let offered = 0;
      this.indexed = await writeIndex(this.dataDir, JOB_SCHEMA, () => {
        this.indexStale = false;
        const entries = [...this.stored.values()].filter((e) => !this.writes.has(e.job.id));
        offered = this.stored.size;
        return entries;
      }).catch((error: unknown) => {
        this.indexStale = true;
        throw error;
      });
      if (this.indexed.size < offered) this.indexChanged();
    });
    this.indexWriting = next.catch(() => undefined);
    return next;
  }

  /** Writes the index if it changed since it was last written; no later write schedules one. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.indexTimer);
    this.indexTimer = undefined;
    await Promise.all([...this.writes.values()]);
    await this.writeIndexNow().catch(() => undefined);
  }

  /** A crash during a job's removal leaves a result (or edits) nobody owns. */
  private async dropOrphanResults(): Promise<void> {
    const owned = new Set([...this.jobs.keys()].map((id) => `${id}.json`));
    const newer = new Set(this.newerVersion);
    for (const dir of [this.resultsDir, this.editsDir]) {
      const names = await readdir(dir).catch(() => [] as string[]);
      for (const name of names) {
        const file = name.endsWith(EDITS_LOG) ? name.slice(0, -1) : name;
        if (file.endsWith('.json') && !owned.has(file) && !newer.has(file))
          await rm(join(dir, name), { force: true });
      }
    }
  }

  list(): Job[] {
    return [...this.jobs.values()].sort((a, b) => a.createdAt - b.createdAt);
  }

  get(id: string): Job | undefined {
    return this.jobs.get(id);
  }

  private serial<T>(id: string, write: () => Promise<T>): Promise<T> {
    const next = (this.writes.get(id) ?? Promise.resolve()).then(write, write);
    const settled = next.catch(() => undefined);
    this.writes.set(id, settled);
    void settled.then(() => {
      if (this.writes.get(id) === settled) this.writes.delete(id);
    });
    return next;
  }

  /**
   * Writes a job. Its title is the person's (`rename`): whatever the journal holds is kept, so work
   * that started from an older copy of the job never undoes a rename made meanwhile.
   */
  async save(job: Job): Promise<Job> {
    const valid = jobSchema.parse(job);
    if (valid.status === 'completed' && !valid.resultFile)
      throw new Error(`job ${valid.id} cannot be completed without a stored result`);
    return this.serial(valid.id, async () => {
      const current = this.jobs.get(valid.id);
      return this.write(current ? withTitle(valid, current.title) : valid);
    });
  }

  /** Gives a job a title, or with none takes it away; a job not (or no longer) here is undefined. */
  async rename(id: string, title: string | undefined, now: number): Promise<Job | undefined> {
    return this.serial(id, async () => {
      const current = this.jobs.get(id);
      if (!current || this.removed.has(id)) return undefined;
      return this.write(withTitle({ ...current, updatedAt: now }, title));
    });
  }

  /** One job's file, written atomically; runs inside `serial`. */
  private async write(written: Job): Promise<Job> {
    if (this.removed.has(written.id)) throw new JobRemoved(written.id);
    const job = { ...written, revision: nextRevision(this.jobs.get(written.id)) };
    const name = `${job.id}.json`;
    await writeJsonAtomic(join(this.jobsDir, name), job, JOB_SCHEMA);
    this.jobs.set(job.id, job);
    const stamp = stampFile(join(this.jobsDir, name));
    if (stamp) this.stored.set(job.id, { name, stamp, job });
    else this.stored.delete(job.id);
    this.indexChanged();
    return job;
  }

  /**
   * Shows a change that could not be written (a full disk) until the next restart, which goes
   * back to the last state on disk.
   */
  hold(job: Job): Job {
    const current = this.jobs.get(job.id);
    if (this.removed.has(job.id) || !current) return job;
    const held = { ...withTitle(job, current.title), revision: nextRevision(current) };
    this.jobs.set(job.id, held);
    return held;
  }

  /** Stores a transcript; returns the file to put in the job's `resultFile`. */
  async saveResult(id: string, transcript: Transcript): Promise<string> {
    const path = join(this.resultsDir, `${id}.json`);
    const valid = transcriptSchema.parse(transcript);
    return this.serial(id, async () => {
      if (this.removed.has(id)) throw new JobRemoved(id);
      await writeJsonAtomic(path, valid, RESULT_SCHEMA);
      return path;
    });
  }

  async readResult(job: Job): Promise<Transcript | undefined> {
    if (!job.resultFile) return undefined;
    const data = await readJson(job.resultFile, RESULT_SCHEMA);
    return data === undefined ? undefined : transcriptSchema.parse(data);
  }

  /**
   * A job's edits: none when it has no edits file. The log (`<id>.jsonl`) is read when there is
   * one, else the whole-history file of Kikitori before it (`<id>.json`), which the next change
   * turns into a log. A damaged file is set aside beside the others (kept byte for byte) and the
   * transcript reads as the service gave it; a torn last line (a change never answered) is not
   * read.
   */
  readEdits(id: string): Promise<EditHistory> {
    return readEdits(this.editsDir, id, this.setAside);
  }

  /**
   * Stores one change of a job's edits (after every write of the job before it), `history` being
   * the history with it: appended to the job's log and fsynced, so a change costs its own size,
   * not the history's. The log is written again as the history alone (atomically) when it would
   * pass twice the history's bound, when its last line is torn, or when the job's edits are
   * still in the older whole-history file, which then goes.
   */
  async saveEdit(id: string, change: EditChange, history: EditHistory): Promise<void> {
    const line = editLine(change);
    await this.serial(id, async () => {
      if (this.removed.has(id)) throw new JobRemoved(id);
      await saveEdit(this.editsDir, id, line, history);
    });
  }

  /**
   * Removes a job for good: its file first, then its result (a crash in between is tidied on
   * open). A live job's recording goes too, but only from the app's own recordings folder: a
   * person's file is never deleted.
   */
  async remove(id: string): Promise<boolean> {
    const job = this.jobs.get(id);
    if (!job || this.removed.has(id)) return false;
    this.removed.add(id);
    const removed = await this.serial(id, async () => {
      const last = this.jobs.get(id) ?? job;
      this.jobs.delete(id);
      await rm(join(this.jobsDir, `${id}.json`), { force: true });
      this.stored.delete(id);
      this.indexChanged();
      await rm(join(this.resultsDir, `${id}.json`), { force: true });
      await rm(join(this.editsDir, `${id}.json`), { force: true });
      await rm(join(this.editsDir, `${id}${EDITS_LOG}`), { force: true });
      if (last.resultFile) await rm(last.resultFile, { force: true });
      if (last.convertedPath) await rm(last.convertedPath, { force: true });
      if (last.mode === 'live') {
        if (isInside(join(this.dataDir, RECORDINGS_DIR), last.file.path))
          await rm(last.file.path, { force: true });
        await rm(join(this.dataDir, RECORDINGS_DIR, `${id}${SOURCES_SUFFIX}`), { force: true });
        await rm(join(this.dataDir, LIVE_DIR, `${id}.jsonl`), { force: true });
      }
      return true;
    });
    // The index is written again at once, so nothing of a removed job stays in the data folder.
    if (this.indexed.has(`${id}.json`)) await this.writeIndexNow().catch(() => undefined);
    return removed;
  }
}
