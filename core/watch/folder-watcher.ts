/**
 * Watched folders (issue #30 §3, §4): every audio or video file that appears in a folder (copied
 * in, saved, moved in; in its subfolders too when recursive) is transcribed once it has stopped
 * growing, through `transcribe:files` like a dropped file (same routing, same journal: it shows
 * in Jobs, marked as watched), and its transcript written in each format asked for into the
 * output folder (next to the source by default), named after the source and never over a file
 * (core/export/save.ts).
 *
 * Everything goes through a CoreLink's `invoke` and `subscribe`, so the same watcher runs in the
 * app (over its own core) and in `kikitori watch` (over a core it opened, or the running app's).
 * What was seen is in the data folder (./seen-files.ts), so a file is transcribed once across
 * restarts and crashes, and a watcher killed mid-job finishes that job at its next start. One
 * watcher per folder (./folder-lock.ts). A folder that goes away, cannot be read, or whose
 * outputs meet a full disk is said once (`watch:folder`) and the others go on; it resumes by
 * itself.
 */
import { watch, type FSWatcher } from 'chokidar';
import { createHash, randomUUID } from 'node:crypto';
import { constants, createReadStream, type Stats } from 'node:fs';
import { access, readdir, readFile, realpath, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, resolve, sep } from 'node:path';
import { AppFailure, appError, type AppError } from '../../shared/domain/errors';
import { isEnded, type Job } from '../../shared/domain/job';
import type { EventPayload } from '../../shared/ipc/contract';
import type { ExportChoice } from '../../shared/format/exporters';
import type { ExportSettingsInput } from '../../shared/format/export-settings';
import { toAppError } from '../errors';
import { numberedName, writeNewFile } from '../export/save';
import { removeStaleTemps } from '../storage/atomic-json';
import { acceptMedia } from '../media-file';
import type { CoreLink } from '../program-link';
import { lockFolder, type FolderLock, type WatchHolder } from './folder-lock';
import { SeenFiles, type FileId, type SeenEntry, type WatchPlan } from './seen-files';

/** What a watcher needs of the core: its channels and events (a CoreLink, here or the app's). */
export type WatchLink = Pick<CoreLink, 'invoke' | 'subscribe'>;

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
  /** How long a file's size must stay the same before it is taken as written (default 1 s). */
  readonly stableMs?: number;
  /** How often a folder is checked for being there and readable (default 1 s). */
  readonly checkMs?: number;
}

export interface FolderWatchersDeps {
  readonly dataDir: string;
  readonly link: WatchLink;
  readonly holder: WatchHolder;
  readonly onEvent?: WatchListener;
  readonly timing?: WatchTiming;
  /** Files of all folders transcribed at once (default 2); the others wait their turn. */
  readonly concurrency?: number;
}

/** Names of files still being downloaded or written by some program, and hidden files. */
const PARTIAL = /(^\.|\.(part|partial|crdownload|download|tmp)$|~$)/i;

const folderProblem = (path: string, reason: 'missing' | 'not-folder' | 'unreadable') =>
  appError('watch-folder', { path, reason });

/** Why `folder` cannot be watched now, or undefined when it can. */
async function checkFolder(folder: string): Promise<AppError | undefined> {
  let info: Stats;
  try {
    info = await stat(folder);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return folderProblem(folder, code === 'EACCES' || code === 'EPERM' ? 'unreadable' : 'missing');
  }
  if (!info.isDirectory()) return folderProblem(folder, 'not-folder');
  try {
    await access(folder, constants.R_OK | constants.X_OK);
  } catch {
    return folderProblem(folder, 'unreadable');
  }
  return undefined;
}

/** A folder as a person named it: a full path to a folder Kikitori may read, else AppFailure. */
export async function checkWatchFolder(path: string): Promise<string> {
  if (!isAbsolute(path))
    throw new AppFailure(appError('watch-refused', { path, reason: 'not-absolute' }));
  const problem = await checkFolder(path);
  if (problem) {
    const reason = problem.params.reason as 'missing' | 'not-folder' | 'unreadable';
    throw new AppFailure(appError('watch-refused', { path, reason }));
  }
  return realpath(path);
}

/** An output folder as a person named it: a full path to a folder Kikitori may write in. */
export async function checkOutputFolder(path: string): Promise<string> {
  const refuse = (reason: 'missing' | 'not-folder' | 'denied' | 'not-absolute') =>
    new AppFailure(appError('watch-output', { path, reason }));
  if (!isAbsolute(path)) throw refuse('not-absolute');
  const info = await stat(path).catch(() => undefined);
  if (!info) throw refuse('missing');
  if (!info.isDirectory()) throw refuse('not-folder');
  await access(path, constants.W_OK | constants.X_OK).catch(() => {
    throw refuse('denied');
  });
  return realpath(path);
}

const fileIdOf = (path: string, info: Stats): FileId => ({
  path,
  size: info.size,
  mtimeMs: info.mtimeMs,
  dev: info.dev,
  ino: info.ino,
});

const settled = (job: Job) => isEnded(job.status);

/** What waiting for a job gives: the job settled, nothing (it was removed), or the watchers stopped. */
type Outcome = { job: Job } | { removed: true } | { stopped: true };

/**
 * A group of watched folders sharing one record of files seen, one subscription to the core's
 * events and one limit on files transcribed at once. `kikitori watch` makes one with holder
 * `command-line` and adds each folder; the app's watched folders (./watched-folders.ts) are one
 * with holder `app`.
 */
export class FolderWatchers {
  private readonly seen: SeenFiles;
  private readonly folders = new Map<string, FolderWatch>();
  private readonly waiters = new Map<string, (outcome: Outcome) => void>();
  private readonly queue = new Map<string, { watch: FolderWatch; settle: boolean }>();
  private readonly work = new Set<Promise<void>>();
  private readonly unsubscribe: () => void;
  private running = 0;
  private closed = false;
  readonly timing: Required<WatchTiming>;

  constructor(private readonly deps: FolderWatchersDeps) {
    this.seen = SeenFiles.open(deps.dataDir);
    this.timing = { stableMs: 1_000, checkMs: 1_000, ...deps.timing };
    this.unsubscribe = deps.link.subscribe((event, payload) => {
      if (event === 'jobs:changed') this.jobChanged((payload as EventPayload<'jobs:changed'>).job);
      else if (event === 'jobs:removed')
        this.waiters.get((payload as EventPayload<'jobs:removed'>).id)?.({ removed: true });
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
    const out = options.out === undefined ? undefined : await this.outFolder(options.out, strict);
    const plan: WatchPlan = {
      formats: [...(options.formats ?? ['txt'])],
      ...(out !== undefined && { out }),
      settings: { ...options.settings },
      ...(options.connection !== undefined && { connection: options.connection }),
    };
    const folder = new FolderWatch(this, path, plan, options.recursive === true);
    if (strict) folder.lock = await lockFolder(this.deps.dataDir, path, this.deps.holder);
    this.folders.set(path, folder);
    await folder.start();
    return folder;
  }

  private async outFolder(out: string, strict: boolean): Promise<string> {
    return strict ? checkOutputFolder(out) : realpath(out).catch(() => resolve(out));
  }

  /** Stops watching a folder (its jobs under way finish in the core; their outputs next time). */
  async remove(folder: string): Promise<void> {
    const path = await realpath(folder).catch(() => resolve(folder));
    const watch = this.folders.get(path) ?? this.folders.get(resolve(folder));
    if (!watch) return;
    this.folders.delete(watch.path);
    await watch.stop();
    for (const [key, queued] of this.queue) if (queued.watch === watch) this.queue.delete(key);
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
    this.queue.clear();
    await Promise.all([...this.folders.values()].map((folder) => folder.stop()));
    this.folders.clear();
    for (const waiter of this.waiters.values()) waiter({ stopped: true });
    while (this.work.size > 0) await Promise.allSettled([...this.work]);
    this.unsubscribe();
    this.seen.close();
  }

  /** Resolves once no file is waiting or being worked on (tests, and a command that drains). */
  async idle(): Promise<void> {
    while (this.work.size > 0 || this.queue.size > 0)
      await Promise.race([Promise.allSettled([...this.work]), pause(50)]);
  }

  emit: WatchListener = (event, payload) => this.deps.onEvent?.(event, payload);

  /** Takes the lock of `folder` for this group's holder. */
  lock(folder: string): Promise<FolderLock> {
    return lockFolder(this.deps.dataDir, folder, this.deps.holder);
  }

  hasBaseline(folder: string): boolean {
    return this.seen.hasBaseline(folder);
  }

  recordBaseline(folder: string, files: readonly FileId[]): void {
    this.seen.recordBaseline(folder, files);
  }

  seenBefore(file: FileId): boolean {
    return this.seen.seen(file);
  }

  /** Queues a file that appeared (once, whatever number of events it raised). */
  offer(watch: FolderWatch, path: string, settle: boolean): void {
    if (this.closed || this.queue.has(path)) return;
    this.queue.set(path, { watch, settle });
    this.pump();
  }

  private pump(): void {
    const limit = this.deps.concurrency ?? 2;
    while (this.running < limit && this.queue.size > 0) {
      const [path, { watch, settle }] = this.queue.entries().next().value!;
      this.queue.delete(path);
      this.running++;
      this.track(
        this.take(watch, path, settle).finally(() => {
          this.running--;
          this.pump();
        }),
      );
    }
  }

  private track(work: Promise<void>): void {
    this.work.add(work);
    void work.finally(() => this.work.delete(work));
  }

  /** A file's size and time once it has stopped changing for `stableMs`; undefined when gone. */
  private async stableFile(path: string, settle: boolean): Promise<FileId | undefined> {
    let before = await stat(path).catch(() => undefined);
    while (settle && before?.isFile() && !this.closed) {
      await pause(this.timing.stableMs);
      const now = await stat(path).catch(() => undefined);
      if (now?.size === before.size && now.mtimeMs === before.mtimeMs) break;
      before = now;
    }
    return before?.isFile() ? fileIdOf(path, before) : undefined;
  }

  /**
   * A file that appeared: claimed unless seen (itself, or its content at its path: a file touched
   * or saved again unchanged is not transcribed twice), sent, followed to its outputs.
   */
  private async take(watch: FolderWatch, path: string, settle: boolean): Promise<void> {
    try {
      const file = await this.stableFile(path, settle);
      if (!file || this.closed || watch.stopped || this.seen.seen(file)) return;
      if (!(await isMedia(path))) return;
      const hash = await contentHash(path);
      // Changed while it was read: its next change event offers it again.
      const after = await stat(path).catch(() => undefined);
      if (after?.size !== file.size || after.mtimeMs !== file.mtimeMs || this.closed) return;
      const entry = this.seen.claim(watch.path, { ...file, hash }, randomUUID(), watch.plan);
      if (!entry) return;
      await this.send(entry, false);
    } catch (error) {
      this.emit('watch:file', {
        folder: watch.path,
        path,
        state: 'failed',
        error: toAppError(error),
      });
    }
  }

  /** Sends a claimed file as a job (or finds the job a crash kept it from recording), then follows it. */
  private async send(entry: SeenEntry, recovering: boolean): Promise<void> {
    const { folder, path, claim } = entry;
    const made = recovering ? await this.jobOfClaim(claim) : undefined;
    let job = made;
    if (!job) {
      const sent = await this.deps.link.invoke('transcribe:files', {
        paths: [path],
        ...(entry.plan.connection !== undefined && { connection: entry.plan.connection }),
        watched: { folder, claim },
      });
      if (!sent.ok) {
        this.seen.finish(entry.id, 'failed', sent.error);
        this.emit('watch:file', { folder, path, state: 'failed', error: sent.error });
        return;
      }
      job = sent.data.jobs[0]!;
    }
    const next = this.seen.sent(entry.id, job.id);
    this.emit('watch:file', { folder, path, state: 'picked', job: job.id });
    await this.follow(next, recovering);
  }

  private async jobOfClaim(claim: string): Promise<Job | undefined> {
    const listed = await this.deps.link.invoke('jobs:list', {});
    return listed.ok ? listed.data.jobs.find((job) => job.watched?.claim === claim) : undefined;
  }

  /** Waits for a job to complete or fail (or be removed, or the watchers to stop). */
  private waitFor(id: string): Promise<Outcome> {
    return new Promise<Outcome>((resolve) => {
      const done = (outcome: Outcome) => {
        if (this.waiters.get(id) === done) this.waiters.delete(id);
        resolve(outcome);
      };
      this.waiters.set(id, done);
      // It may have settled before this waiter was there.
      void this.deps.link.invoke('jobs:get', { id }).then((got) => {
        if (got.ok && settled(got.data.job)) done({ job: got.data.job });
        else if (!got.ok && got.error.code === 'not-found') done({ removed: true });
      });
    });
  }

  private jobChanged(job: Job): void {
    if (!settled(job)) return;
    const waiter = this.waiters.get(job.id);
    if (waiter) return waiter({ job });
    // A watched file whose job failed, retried from Jobs and now done: its outputs are written.
    if (job.status !== 'completed' || !job.watched || this.closed) return;
    const entry = this.seen.byJob(job.id);
    if (entry?.state === 'failed' && this.folders.has(entry.folder))
      this.track(this.follow(this.seen.sent(entry.id, job.id, entry.retried), false));
  }

  /** Follows a sent file's job to its end: writes its outputs, or says why it failed. */
  async follow(entry: SeenEntry, recovering: boolean): Promise<void> {
    const { folder, path } = entry;
    const outcome = await this.waitFor(entry.job!);
    if ('stopped' in outcome) return;
    if ('removed' in outcome) {
      this.seen.finish(entry.id, 'gone');
      return;
    }
    const { job } = outcome;
    if (job.status !== 'completed') {
      // An upload a crash cut off is sent again, once.
      if (job.error?.code === 'interrupted' && !entry.retried) {
        const retried = await this.deps.link.invoke('jobs:retry', { id: job.id });
        if (retried.ok) return this.follow(this.seen.sent(entry.id, job.id, true), recovering);
      }
      this.seen.finish(entry.id, 'failed', job.error);
      this.emit('watch:file', { folder, path, state: 'failed', job: job.id, error: job.error });
      return;
    }
    await this.writeOutputs(entry, job, recovering);
  }

  /**
   * Renders the job in each format of the file's plan (export:render) and writes each file not
   * yet written, recording each as it is written. After a crash, a file whose write was not
   * recorded is recognized by its bytes (the same job and choices give the same bytes).
   */
  private async writeOutputs(entry: SeenEntry, job: Job, recovering: boolean): Promise<void> {
    const { folder, path, plan } = entry;
    const watch = this.folders.get(folder);
    const rendered = await this.deps.link.invoke('export:render', {
      id: job.id,
      formats: plan.formats,
      settings: plan.settings,
    });
    if (!rendered.ok) {
      this.seen.finish(entry.id, 'failed', rendered.error);
      this.emit('watch:file', {
        folder,
        path,
        state: 'failed',
        job: job.id,
        error: rendered.error,
      });
      return;
    }
    const out = plan.out ?? dirname(path);
    const outputs = [...entry.outputs];
    // A kill while an output was being written can leave its temporary file (a dot file of
    // Kikitori's own pattern) in the person's folder: it goes before the outputs are written again.
    if (recovering) await removeStaleTemps(out);
    try {
      for (const file of rendered.data.files.slice(outputs.length)) {
        const bytes = Buffer.from(file.base64, 'base64');
        const written =
          (recovering ? await sameFileIn(out, file.fileName, bytes) : undefined) ??
          (await writeNewFile(out, file.fileName, bytes));
        outputs.push(written);
        this.seen.wrote(entry.id, outputs);
      }
    } catch (error) {
      const problem = toAppError(error);
      if (problem.code === 'disk-full' && watch && !watch.stopped) {
        // Said once for the folder; written when there is room (the folder's next checks).
        watch.waitForRoom(() => this.writeOutputs(this.seen.get(entry.id)!, job, true));
        return;
      }
      this.seen.finish(entry.id, 'failed', problem);
      this.emit('watch:file', { folder, path, state: 'failed', job: job.id, error: problem });
      return;
    }
    watch?.roomFound();
    this.seen.finish(entry.id, 'done');
    this.emit('watch:file', { folder, path, state: 'done', job: job.id, outputs });
  }

  /**
   * Hashes the content of the files of `folder` seen before it was (those it held when first
   * watched, and files seen by a Kikitori before hashes), in the background: a file still of the
   * size it was seen at gets its content's hash, a file gone or changed in size none ('').
   */
  hashSeen(watch: FolderWatch): void {
    const hashAll = async () => {
      for (;;) {
        const batch = this.seen.unhashed(watch.path, 100);
        if (batch.length === 0) return;
        for (const { id, file } of batch) {
          if (this.closed || watch.stopped) return;
          const now = await stat(file.path).catch(() => undefined);
          const same = now?.isFile() === true && now.size === file.size;
          this.seen.setHash(id, same ? await contentHash(file.path).catch(() => '') : '');
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
          (error: unknown) =>
            this.emit('watch:file', {
              folder: entry.folder,
              path: entry.path,
              state: 'failed',
              error: toAppError(error),
            }),
        ),
      );
    }
  }
}

/** The SHA-256 of a file's content (hex). */
async function contentHash(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Whether the file's first bytes are audio or video the app takes (core/media-file.ts). */
async function isMedia(path: string): Promise<boolean> {
  try {
    await acceptMedia(path);
    return true;
  } catch (error) {
    const { code, params } = toAppError(error);
    // Not media, or empty (a file just made: it is offered again once written), is no failure.
    if (code === 'file-refused' && params.reason === 'not-media') return false;
    if (code === 'file' && (params.reason === 'empty' || params.reason === 'missing')) return false;
    return true;
  }
}

/** The file a crashed run wrote as `name` (or a numbered name) with exactly these bytes. */
async function sameFileIn(
  folder: string,
  name: string,
  bytes: Buffer,
): Promise<string | undefined> {
  for (let n = 1; n < 10_000; n++) {
    const candidate = join(folder, n === 1 ? name : numberedName(name, n));
    const there = await readFile(candidate).catch(() => undefined);
    if (!there) return undefined;
    if (there.equals(bytes)) return candidate;
  }
  return undefined;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The files in `folder` (and its subfolders when recursive), hidden ones left out. */
async function filesIn(folder: string, recursive: boolean): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter(
      (path) =>
        !path
          .slice(folder.length)
          .split(sep)
          .some((part) => PARTIAL.test(part)),
    );
}

/** One watched folder: its chokidar watcher, its checks, its lock. */
export class FolderWatch {
  lock: FolderLock | undefined;
  stopped = false;
  private watcher: FSWatcher | undefined;
  private timer: NodeJS.Timeout | undefined;
  private problem: AppError | undefined;
  /** What was last said of it (nothing yet, watching, or its problem's code and reason). */
  private said: string | undefined;
  /** Whether its files' unfinished work was taken up (once, when it is first watched). */
  private resumed = false;
  private waitingForRoom: (() => Promise<void>)[] = [];
  private checking: Promise<void> = Promise.resolve();

  constructor(
    private readonly group: FolderWatchers,
    readonly path: string,
    readonly plan: WatchPlan,
    readonly recursive: boolean,
  ) {}

  /** Whether it is watched now, or why not. */
  get status(): { state: 'watching' | 'problem'; problem?: AppError } {
    return this.problem ? { state: 'problem', problem: this.problem } : { state: 'watching' };
  }

  async start(): Promise<void> {
    await this.check();
    this.timer = setInterval(() => {
      this.checking = this.checking.then(() => this.check());
    }, this.group.timing.checkMs);
    this.timer.unref();
  }

  /**
   * Takes its lock if it has none, then watches the folder when it can be, or says why not; and
   * writes the outputs that were waiting for room on the disk.
   */
  private async check(): Promise<void> {
    if (this.stopped) return;
    if (!this.lock) {
      try {
        this.lock = await this.group.lock(this.path);
      } catch (error) {
        return this.say(toAppError(error));
      }
    }
    const problem = await checkFolder(this.path);
    if (problem) {
      await this.unwatch();
      return this.say(problem);
    }
    if (!this.watcher) await this.watch();
    if (this.waitingForRoom.length === 0) return this.say(undefined);
    const writes = this.waitingForRoom;
    this.waitingForRoom = [];
    for (const write of writes) await write();
  }

  /** Says how the folder is doing, when that changed. */
  private say(problem: AppError | undefined): void {
    const key = problem ? `${problem.code}:${String(problem.params.reason)}` : 'watching';
    if (key === this.said) return;
    this.said = key;
    this.problem = problem;
    this.group.emit('watch:folder', {
      folder: this.path,
      ...(problem ? { state: 'problem', problem } : { state: 'watching' }),
    });
  }

  /** Outputs that met a full disk: written at the next checks, the folder saying why it waits. */
  waitForRoom(write: () => Promise<void>): void {
    this.waitingForRoom.push(write);
    this.say(appError('watch-waiting', { path: this.path }));
  }

  roomFound(): void {
    if (this.problem?.code === 'watch-waiting' && this.waitingForRoom.length === 0)
      this.say(undefined);
  }

  private async watch(): Promise<void> {
    const watcher = watch(this.path, {
      ignoreInitial: true,
      depth: this.recursive ? 99 : 0,
      atomic: true,
      awaitWriteFinish: { stabilityThreshold: this.group.timing.stableMs, pollInterval: 100 },
      ignored: (path) => path !== this.path && PARTIAL.test(basename(path)),
    });
    this.watcher = watcher;
    const appeared = (path: string) => this.group.offer(this, path, false);
    watcher.on('add', appeared).on('change', appeared);
    watcher.on('error', () => {
      this.checking = this.checking.then(() => this.check());
    });
    await new Promise<void>((resolve) => watcher.once('ready', resolve));
    // Files that came while nothing watched (or before this folder's first watch) are read now:
    // the first time, what the folder holds is its starting point, not transcribed.
    const files = await filesIn(this.path, this.recursive).catch(() => [] as string[]);
    if (!this.group.hasBaseline(this.path)) {
      const ids: FileId[] = [];
      for (const path of files) {
        const info = await stat(path).catch(() => undefined);
        if (info?.isFile()) ids.push(fileIdOf(path, info));
      }
      this.group.recordBaseline(this.path, ids);
      if (this.resumed) this.group.hashSeen(this);
    } else {
      for (const path of files) this.group.offer(this, path, true);
    }
    if (!this.resumed) {
      this.resumed = true;
      this.group.resume(this);
      this.group.hashSeen(this);
    }
  }

  private async unwatch(): Promise<void> {
    const watcher = this.watcher;
    this.watcher = undefined;
    await watcher?.close();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.checking;
    await this.unwatch();
    this.lock?.release();
    this.lock = undefined;
    this.group.emit('watch:folder', { folder: this.path, state: 'stopped' });
  }
}
