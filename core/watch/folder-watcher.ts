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
 * - It is taken once it is whole (./whole-file.ts: quiet, as long as its container says, nobody
 *   writing it), however long its writer pauses. Waiting for that takes no transcription slot.
 * - Which version of which file is sent (device, inode, size, time, content hash) is recorded
 *   before it is sent (./seen-files.ts); the core sends only that version (core/media/media-file.ts). A
 *   restart resumes what was claimed or sent and never sends a version twice; a file seen before
 *   (touched, saved again unchanged, moved on its disk) is not sent again.
 * - A file whose content changed after it was transcribed is a new version: said once, sent once,
 *   and its transcripts take the place of the earlier version's (./watch-outputs.ts).
 *
 * Everything goes through a CoreLink's `invoke` and `subscribe`, so the same watcher runs in the
 * app (over its own core) and in `kikitori watch` (over a core it opened, or the running app's).
 * One watcher per folder and user (./folder-lock.ts). A folder that goes away, cannot be read, or
 * whose outputs meet a full disk is said once (`watch:folder`) and the others go on; it resumes by
 * itself (./folder-watch.ts).
 */
import { randomUUID } from 'node:crypto';
import { lstat, realpath } from 'node:fs/promises';
import { resolve } from 'node:path';
import { appError, type AppError } from '../../shared/domain/errors';
import { isEnded, type Job } from '../../shared/domain/job';
import { jobToFiles, type JobSource, type RenderedFile } from '../programs/job-files';
import type { EventPayload } from '../../shared/ipc/contract';
import type { ExportChoice } from '../../shared/format/exporters';
import type { ExportSettingsInput } from '../../shared/format/export-settings';
import { toAppError } from '../errors';
import {
  checkOutputFolder,
  checkWatchFolder,
  fileIdOf,
  FolderWatch,
  type FolderGroup,
} from './folder-watch';
import { lockFolder, type FolderLock, type WatchHolder } from './folder-lock';
import { SeenFiles, type FileId, type SeenEntry, type WatchPlan } from './seen-files';
import { writeOutputs, type WatchLink } from './watch-outputs';
import {
  contentHash,
  openWatched,
  sameVersion,
  versionNow,
  wholeness,
  type FileVersion,
  type NotRead,
  type WholeWay,
} from './whole-file';

export { checkOutputFolder, checkWatchFolder, FolderWatch };

export type { WatchLink };

export type WatchEventName = 'watch:folder' | 'watch:file';
export type WatchListener = <E extends WatchEventName>(event: E, payload: EventPayload<E>) => void;

/** One folder to watch, as `kikitori watch DIR… [--format] [--out] [--recursive]` gives it. */
export interface WatchOptions {
  readonly folder: string;
  /** The export formats written for each file (default txt). */
  readonly formats?: readonly ExportChoice[];
  /** The output folder (default: next to each source). */
  readonly out?: string;
  readonly recursive?: boolean;
  /** The export choices (language of a document's fixed words, fillers…). */
  readonly settings?: ExportSettingsInput;
  /** The connection files are sent with (default: the active one). */
  readonly connection?: string;
}

export interface WatchTiming {
  /** How long a file must stay unchanged (the quiet time) before it may be whole (default 1 s). */
  readonly stableMs?: number;
  /** How often a folder is checked for being there and readable (default 1 s). */
  readonly checkMs?: number;
  /**
   * How long a file its container says is cut short must stay unchanged (and, where that can be
   * seen, not open for writing) before it is taken as it is (default 60 s).
   */
  readonly shortMs?: number;
}

export interface FolderWatchersDeps {
  readonly dataDir: string;
  readonly link: WatchLink;
  readonly holder: WatchHolder;
  readonly onEvent?: WatchListener;
  readonly timing?: WatchTiming;
  /** Files of all folders transcribed at once (default 2); the others wait their turn. */
  readonly concurrency?: number;
  /** How a file is known whole (default: this system's way; tests try the other). */
  readonly wholeWay?: WholeWay;
}

/** Why a file is not read, as the sentence a person is told (once). */
const NOT_READ: Readonly<Record<Exclude<NotRead, 'gone' | 'empty'>, (path: string) => AppError>> = {
  link: (path) => appError('file-refused', { path, name: baseOf(path), reason: 'link' }),
  'not-media': (path) =>
    appError('file-refused', { path, name: baseOf(path), reason: 'not-media' }),
  'too-large': (path) =>
    appError('file-refused', { path, name: baseOf(path), reason: 'too-large' }),
  'not-file': (path) => appError('file', { path, name: baseOf(path), reason: 'not-a-file' }),
  denied: (path) => appError('file', { path, name: baseOf(path), reason: 'denied' }),
};
const baseOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

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
  /** Files waiting for a transcription slot, in turn. */
  private readonly slots: (() => void)[] = [];
  /** Pauses that stopping cuts short. */
  private readonly sleepers = new Set<() => void>();
  private readonly work = new Set<Promise<void>>();
  private readonly unsubscribe: () => void;
  private running = 0;
  private closed = false;
  readonly timing: Required<WatchTiming>;

  constructor(private readonly deps: FolderWatchersDeps) {
    this.seen = SeenFiles.open(deps.dataDir);
    this.timing = { stableMs: 1_000, checkMs: 1_000, shortMs: 60_000, ...deps.timing };
    this.closing = new Promise((settle) => (this.closed_ = settle));
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
    for (const wake of this.sleepers) wake();
    // Each file waiting for a slot is handed one, finds the watchers closed and gives it back.
    for (const handed of this.slots.splice(0)) {
      this.running++;
      handed();
    }
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

  /** Waits `ms`, or less when the watchers stop. */
  private sleep(ms: number): Promise<void> {
    return new Promise((settle) => {
      const done = () => {
        clearTimeout(timer);
        this.sleepers.delete(done);
        settle();
      };
      const timer = setTimeout(done, ms);
      this.sleepers.add(done);
    });
  }

  /** A transcription slot (of `concurrency`), taken in turn; given back by `release`. */
  private slot(): Promise<void> {
    if (this.running >= (this.deps.concurrency ?? 2))
      return new Promise<void>((handed) => this.slots.push(handed));
    this.running++;
    return Promise.resolve();
  }

  /** Hands the slot to the next file waiting for one, or frees it. */
  private release(): void {
    const next = this.slots.shift();
    if (next) next();
    else this.running--;
  }

  /** A file offered: once whole, and not seen before, claimed and sent in a slot of its own. */
  private async handle(watch: FolderWatch, path: string): Promise<void> {
    const version = await this.whole(watch, path);
    if (!version) return;
    await this.slot();
    try {
      if (!this.closed && !watch.stopped) await this.take(watch, path, version);
    } finally {
      this.release();
    }
  }

  /**
   * The version of a file once it is whole (./whole-file.ts), waiting as long as its writer takes;
   * undefined when it is seen already, gone, or not read (said once: a link, not media…).
   */
  private async whole(watch: FolderWatch, path: string): Promise<FileVersion | undefined> {
    /** Since when the file has been this version, found cut short by its container. */
    let short: { version: FileVersion; since: number } | undefined;
    while (!this.closed && !watch.stopped) {
      const info = await lstat(path).catch(() => undefined);
      if (!info || this.seen.seen(fileIdOf(path, info)) || this.seen.isOutput(path)) return;
      const opened = await openWatched(path);
      if ('notRead' in opened) return this.notRead(watch, path, opened.notRead);
      try {
        await this.sleep(this.timing.stableMs);
        if (this.closed) return;
        const now = await wholeness(opened, path, opened.version, this.deps.wholeWay);
        if (now === 'whole') return opened.version;
        if (now === 'moved') return;
        if (now !== 'short') continue;
        // A recording cut off for good (its writer crashed) stays cut off: once nobody has
        // changed it for `shortMs`, it is taken as it is, and the service makes what it can of it.
        if (!short || !sameVersion(short.version, opened.version))
          short = { version: opened.version, since: Date.now() };
        else if (Date.now() - short.since >= this.timing.shortMs) return opened.version;
      } finally {
        await opened.handle.close();
      }
    }
    return undefined;
  }

  /** Says once why a file is not read (never of a file Kikitori wrote itself). */
  private async notRead(watch: FolderWatch, path: string, why: NotRead): Promise<undefined> {
    if (why === 'gone' || why === 'empty') return;
    // A transcript just written is recorded a moment after its name appears.
    await this.sleep(this.timing.stableMs);
    const info = await lstat(path).catch(() => undefined);
    if (!info || this.closed || this.seen.isOutput(path)) return;
    const error = NOT_READ[why](path);
    if (this.seen.skip(watch.path, fileIdOf(path, info), error))
      this.emit('watch:file', { folder: watch.path, path, state: 'skipped', error });
    return undefined;
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
    await this.toFiles(entry, from, recovering, (job) => {
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
    await this.toFiles(entry, { follow: entry.job! }, recovering);
  }

  /**
   * The programs' one routine from a job to files (core/programs/job-files.ts), its files written
   * by this group's writer (./watch-outputs.ts: each recorded as it is written, an earlier
   * version's transcripts replaced); then the file's record finished as it went. An upload a
   * crash cut off is sent again, once; a full disk waits for room, the folder saying so once.
   */
  private async toFiles(
    entry: SeenEntry,
    from: JobSource,
    recovering: boolean,
    known?: (job: Job) => void,
  ): Promise<void> {
    let followed: string | undefined;
    const done = await jobToFiles(this.deps.link, {
      from,
      formats: entry.plan.formats,
      settings: entry.plan.settings,
      write: (files) => this.write(entry.id, files, recovering),
      known: (job) => {
        followed = job.id;
        this.following.add(job.id);
        known?.(job);
      },
      stop: this.closing,
    }).finally(() => {
      if (followed !== undefined) this.following.delete(followed);
    });
    if (done.kind === 'stopped') return;
    if (done.kind === 'removed') {
      this.seen.finish(entry.id, 'gone');
      return;
    }
    if (done.kind === 'refused') return this.fail(entry, done.error);
    const { job } = done;
    const current = this.seen.get(entry.id) ?? entry;
    if (done.kind === 'failed') {
      if (job.error?.code === 'interrupted' && !current.retried) {
        const retried = await this.deps.link.invoke('jobs:retry', { id: job.id });
        if (retried.ok)
          return this.toFiles(
            this.seen.sent(entry.id, job.id, true),
            { follow: job.id },
            recovering,
          );
      }
      return this.fail(entry, job.error, job.id);
    }
    if (done.kind === 'unwritten') {
      const problem = toAppError(done.error);
      const watch = this.folders.get(entry.folder);
      if (problem.code === 'disk-full' && watch && !watch.stopped) {
        // Said once for the folder; written when there is room (the folder's next checks).
        watch.waitForRoom(() => this.toFiles(this.seen.get(entry.id)!, { done: job.id }, true));
        return;
      }
      return this.fail(entry, problem, job.id);
    }
    this.folders.get(entry.folder)?.roomFound();
    this.seen.finish(entry.id, 'done');
    this.emit('watch:file', {
      folder: entry.folder,
      path: entry.path,
      state: 'done',
      job: job.id,
      outputs: [...done.paths],
    });
  }

  /** Writes a file's rendered transcripts not yet written; answers all its outputs' paths. */
  private async write(
    id: number,
    files: readonly RenderedFile[],
    recovering: boolean,
  ): Promise<readonly string[]> {
    const entry = this.seen.get(id)!;
    const earlier =
      entry.replaces === undefined ? [] : (this.seen.get(entry.replaces)?.outputs ?? []);
    const written = await writeOutputs(entry, files, earlier, recovering, (outputs) =>
      this.seen.wrote(entry.id, outputs),
    );
    if (!written.ok) throw written.error;
    return written.outputs.map((output) => output.path);
  }

  private fail(entry: SeenEntry, error: AppError | undefined, job?: string): void {
    this.seen.finish(entry.id, 'failed', error);
    this.emit('watch:file', {
      folder: entry.folder,
      path: entry.path,
      state: 'failed',
      ...(job !== undefined && { job }),
      ...(error && { error }),
    });
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
          (error: unknown) => this.fail(entry, toAppError(error)),
        ),
      );
    }
  }
}
