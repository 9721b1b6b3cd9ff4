/**
 * Watched folders: every audio or video file that appears in a folder (copied in, saved, moved
 * in; in its subfolders too when recursive) is transcribed once it is whole, through
 * `transcribe:files` like a dropped file (same routing, same journal: it shows in Jobs, marked as
 * watched), and its transcript written in each format asked for into the output folder (next to
 * the source by default; ./watch-outputs.ts).
 *
 * Exactly once, safely:
 * - A file is read only through a descriptor opened without following links, every check made on
 *   that descriptor (./whole-file.ts): a link, a FIFO, a device, a file over the size limit is
 *   refused from what it is, before a byte is read, and said once.
 * - It is taken once it is whole (./file-settling.ts, ./whole-file.ts: quiet, as long as its
 *   container says, nobody writing it), however long its writer pauses. Waiting for that takes
 *   no transcription slot (./watch-turns.ts).
 * - Which version of which file is sent (device, inode, size, time, content hash) is recorded
 *   before it is sent (./seen-files.ts); the core sends only that version (core/media/media-file.ts). A
 *   restart resumes what was claimed or sent and never sends a version twice; a file seen before
 *   (touched, saved again unchanged, moved on its disk) is not sent again.
 * - A file whose content changed after it was transcribed is a new version: said once, sent once,
 *   and its transcripts take the place of the earlier version's (./watch-outputs.ts).
 * - A sent file's job is followed to its transcripts (./watch-outcome.ts): an interrupted upload
 *   is sent again once, a full disk waited out.
 *
 * Everything goes through a CoreLink's `invoke` and `subscribe`, so the same watcher runs in the
 * app (over its own core) and in `kikitori watch` (over a core it opened, or the running app's).
 * One watcher per folder and user (./folder-lock.ts). A folder that goes away, cannot be read, or
 * whose outputs meet a full disk is said once (`watch:folder`) and the others go on; it resumes by
 * itself (./folder-watch.ts).
 */
import { randomUUID } from 'node:crypto';
import { realpath } from 'node:fs/promises';
import { resolve } from 'node:path';
import { isEnded, type Job } from '../../shared/domain/job';
import type { JobSource } from '../programs/job-files';
import type { EventPayload } from '../../shared/ipc/contract';
import { toAppError } from '../errors';
import { wholeVersion, type SettlingGroup } from './file-settling';
import { checkOutputFolder, checkWatchFolder, FolderWatch, type FolderGroup } from './folder-watch';
import { lockFolder, type FolderLock } from './folder-lock';
import { SeenFiles, type FileId, type SeenEntry, type WatchPlan } from './seen-files';
import { fail, toFiles, type OutcomeGroup } from './watch-outcome';
import type { WatchLink } from './watch-outputs';
import type { FolderWatchersDeps, WatchListener, WatchOptions, WatchTiming } from './watch-options';
import { WatchTurns } from './watch-turns';
import { contentHash, openWatched, sameVersion, versionNow, type FileVersion } from './whole-file';

export { checkOutputFolder, checkWatchFolder, FolderWatch };

export type { WatchLink };
export type {
  FolderWatchersDeps,
  WatchEventName,
  WatchListener,
  WatchOptions,
  WatchTiming,
} from './watch-options';

/**
 * A group of watched folders sharing one record of files seen, one subscription to the core's
 * events and one limit on files transcribed at once. `kikitori watch` makes one with holder
 * `command-line` and adds each folder; the app's watched folders (./watched-folders.ts) are one
 * with holder `app`.
 */
export class FolderWatchers implements FolderGroup {
  private readonly seen: SeenFiles;
  private readonly folders = new Map<string, FolderWatch>();
  /** The jobs the routine from a job to files follows for this group now. */
  private readonly following = new Set<string>();
  /** Settles when the watchers close: work waiting on a job stops waiting. */
  private readonly closing: Promise<void>;
  private closed_: () => void = () => {};
  /** Paths being looked at, waiting or transcribed; `again`: it changed meanwhile. */
  private readonly busy = new Map<string, { again: boolean }>();
  /** Files transcribed at once, in turn; pauses that closing cuts short. */
  private readonly turns: WatchTurns;
  private readonly work = new Set<Promise<void>>();
  private readonly unsubscribe: () => void;
  private closed = false;
  readonly timing: Required<WatchTiming>;
  /** What its modules are given of it: settling a file, following a file's job to files. */
  private readonly group: SettlingGroup & OutcomeGroup;

  constructor(private readonly deps: FolderWatchersDeps) {
    this.seen = SeenFiles.open(deps.dataDir);
    this.timing = { stableMs: 1_000, checkMs: 1_000, shortMs: 60_000, ...deps.timing };
    this.closing = new Promise((settle) => (this.closed_ = settle));
    this.turns = new WatchTurns(deps.concurrency ?? 2);
    this.group = {
      seen: this.seen,
      timing: this.timing,
      wholeWay: deps.wholeWay,
      turns: this.turns,
      closed: () => this.closed,
      emit: (event, payload) => this.emit(event, payload),
      link: deps.link,
      following: this.following,
      closing: this.closing,
      folders: this.folders,
    };
    this.unsubscribe = deps.link.subscribe((event, payload) => {
      if (event === 'jobs:changed') this.jobChanged((payload as EventPayload<'jobs:changed'>).job);
    });
  }

  /**
   * Starts watching a folder and returns at once its state; throws an AppFailure when the folder
   * is not a readable folder (`watch-refused`), the output folder cannot be written
   * (`watch-output`) or another Kikitori watches it (`watch-held`, naming it). With
   * `strict: false` (the app's saved folders) a folder that is not there, or is held, is watched
   * as soon as it can be instead.
   */
  async add(options: WatchOptions, { strict = true } = {}): Promise<FolderWatch> {
    if (this.closed) throw new Error('the watchers are closed');
    const path = strict
      ? await checkWatchFolder(options.folder)
      : await realpath(options.folder).catch(() => resolve(options.folder));
    if (this.folders.has(path)) return this.folders.get(path)!;
    const out =
      options.out === undefined
        ? undefined
        : strict
          ? await checkOutputFolder(options.out)
          : await realpath(options.out).catch(() => resolve(options.out!));
    const plan: WatchPlan = {
      formats: [...(options.formats ?? ['txt'])],
      ...(out !== undefined && { out }),
      settings: { ...options.settings },
      ...(options.connection !== undefined && { connection: options.connection }),
    };
    const folder = new FolderWatch(this, path, plan, options.recursive === true);
    if (strict) folder.lock = await lockFolder(path, this.deps.holder);
    this.folders.set(path, folder);
    await folder.start();
    return folder;
  }

  /** Stops watching a folder (its jobs under way finish in the core; their outputs next time). */
  async remove(folder: string): Promise<void> {
    const path = await realpath(folder).catch(() => resolve(folder));
    const watch = this.folders.get(path) ?? this.folders.get(resolve(folder));
    if (!watch) return;
    this.folders.delete(watch.path);
    await watch.stop();
  }

  /** Forgets the files a folder held when first watched (it is no longer one of the app's). */
  forgetBaseline(folder: string): void {
    this.seen.forgetBaseline(folder);
  }

  /** The folders watched, by their real path. */
  list(): FolderWatch[] {
    return [...this.folders.values()];
  }

  /**
   * Stops every folder: nothing more is picked up; work waiting on a job ends without writing
   * (the job goes on in the core, and its outputs are written at the next start), outputs being
   * written are finished. Then lets go of the locks and the record.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.turns.close();
    await Promise.all([...this.folders.values()].map((folder) => folder.stop()));
    this.folders.clear();
    this.closed_();
    while (this.work.size > 0) await Promise.allSettled([...this.work]);
    this.unsubscribe();
    this.seen.close();
  }

  /** Resolves once no file is waiting or being worked on (tests, and a command that drains). */
  async idle(): Promise<void> {
    while (this.work.size > 0) await Promise.allSettled([...this.work]);
  }

  emit: WatchListener = (event, payload) => this.deps.onEvent?.(event, payload);

  /** Takes the lock of `folder` for this group's holder. */
  lock(folder: string): Promise<FolderLock> {
    return lockFolder(folder, this.deps.holder);
  }

  hasBaseline(folder: string): boolean {
    return this.seen.hasBaseline(folder);
  }

  recordBaseline(folder: string, files: readonly FileId[]): void {
    this.seen.recordBaseline(folder, files);
  }

  /**
   * A file appeared or changed: looked at once, whatever number of events it raised; one that
   * changes while it is looked at or transcribed is looked at again afterwards.
   */
  offer(watch: FolderWatch, path: string): void {
    if (this.closed || watch.stopped) return;
    const busy = this.busy.get(path);
    if (busy) {
      busy.again = true;
      return;
    }
    const state = { again: false };
    this.busy.set(path, state);
    this.track(
      this.handle(watch, path)
        .catch((error: unknown) =>
          this.emit('watch:file', {
            folder: watch.path,
            path,
            state: 'failed',
            error: toAppError(error),
          }),
        )
        .finally(() => {
          this.busy.delete(path);
          if (state.again) this.offer(watch, path);
        }),
    );
  }

  private track(work: Promise<void>): void {
    this.work.add(work);
    void work.finally(() => this.work.delete(work));
  }

  /** A file offered: once whole, and not seen before, claimed and sent in a slot of its own. */
  private async handle(watch: FolderWatch, path: string): Promise<void> {
    const version = await wholeVersion(this.group, watch, path);
    if (!version) return;
    await this.turns.slot();
    try {
      if (!this.closed && !watch.stopped) await this.take(watch, path, version);
    } finally {
      this.turns.release();
    }
  }

  /**
   * A whole file, in its slot: read once more through a descriptor, hashed from it, claimed
   * unless seen (itself, or its content at its path: a file touched or saved again unchanged is
   * not transcribed twice), sent, and followed to its outputs. A file that changed since it was
   * found whole is looked at again.
   */
  private async take(watch: FolderWatch, path: string, version: FileVersion): Promise<void> {
    const opened = await openWatched(path);
    if ('notRead' in opened) return;
    let entry: SeenEntry | undefined;
    try {
      if (!sameVersion(opened.version, version)) return this.lookAgain(path);
      const hash = await contentHash(opened);
      const now = await versionNow(opened.handle, path);
      if (!now || !sameVersion(now, version)) return this.lookAgain(path);
      const file = { path, ...version, hash };
      if (this.seen.seen(file)) return;
      entry = this.seen.claim(watch.path, file, randomUUID(), watch.plan);
    } finally {
      await opened.handle.close();
    }
    if (entry) await this.send(entry, false);
  }

  private lookAgain(path: string): void {
    const busy = this.busy.get(path);
    if (busy) busy.again = true;
  }

  /** Sends a claimed file as a job (or finds the job a crash kept it from recording), then follows it. */
  private async send(entry: SeenEntry, recovering: boolean): Promise<void> {
    const { folder, path, claim, version } = entry;
    const made = recovering ? await this.jobOfClaim(claim) : undefined;
    const from: JobSource = made
      ? { follow: made.id }
      : {
          send: {
            paths: [path],
            ...(entry.plan.connection !== undefined && { connection: entry.plan.connection }),
            watched: { folder, claim, version },
          },
        };
    await toFiles(this.group, entry, from, recovering, (job) => {
      this.seen.sent(entry.id, job.id);
      this.emit('watch:file', {
        folder,
        path,
        state: 'picked',
        job: job.id,
        ...(entry.replaces !== undefined && { changed: true }),
      });
    });
  }

  private async jobOfClaim(claim: string): Promise<Job | undefined> {
    const listed = await this.deps.link.invoke('jobs:list', {});
    return listed.ok ? listed.data.jobs.find((job) => job.watched?.claim === claim) : undefined;
  }

  private jobChanged(job: Job): void {
    if (!isEnded(job.status) || this.following.has(job.id)) return;
    // A watched file whose job failed, retried from Jobs and now done: its outputs are written.
    if (job.status !== 'completed' || !job.watched || this.closed) return;
    const entry = this.seen.byJob(job.id);
    if (entry?.state === 'failed' && this.folders.has(entry.folder))
      this.track(this.follow(this.seen.sent(entry.id, job.id, entry.retried), false));
  }

  /** Follows a sent file's job to its end: writes its outputs, or says why it failed. */
  async follow(entry: SeenEntry, recovering: boolean): Promise<void> {
    await toFiles(this.group, entry, { follow: entry.job! }, recovering);
  }

  /**
   * Hashes the content of the files of `folder` seen before it was (those it held when first
   * watched, and files seen by a Kikitori before hashes), in the background: a file still of the
   * size it was seen at gets its content's hash, a file gone, changed in size or not read none ('').
   */
  hashSeen(watch: FolderWatch): void {
    const hashAll = async () => {
      for (;;) {
        const batch = this.seen.unhashed(watch.path, 100);
        if (batch.length === 0) return;
        for (const { id, file } of batch) {
          if (this.closed || watch.stopped) return;
          const opened = await openWatched(file.path);
          if ('notRead' in opened) {
            this.seen.setHash(id, '');
            continue;
          }
          try {
            const same = opened.version.size === file.size;
            this.seen.setHash(id, same ? await contentHash(opened).catch(() => '') : '');
          } finally {
            await opened.handle.close();
          }
        }
      }
    };
    this.track(hashAll().catch(() => undefined));
  }

  /** A folder's files whose work a stop or a crash interrupted: each finished, once. */
  resume(watch: FolderWatch): void {
    for (const entry of this.seen.unfinished(watch.path)) {
      this.track(
        (entry.state === 'claimed' ? this.send(entry, true) : this.follow(entry, true)).catch(
          (error: unknown) => fail(this.group, entry, toAppError(error)),
        ),
      );
    }
  }
}
