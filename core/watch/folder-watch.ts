/**
 * One watched folder: what may be watched and written to, its chokidar watcher, its checks every
 * second (there, readable, outputs waiting for room on the disk), its lock. What to do with each
 * file it offers is the group's (./folder-watcher.ts).
 *
 * Links are never followed: chokidar reports a link as a link (`followSymlinks: false`), and a
 * recursive watch never enters a linked folder, so a link to someone's home or to /usr/include
 * adds nothing; the listing at start skips links the same way.
 */
import { watch, type FSWatcher } from 'chokidar';
import { constants, type Stats } from 'node:fs';
import { access, lstat, readdir, realpath, stat } from 'node:fs/promises';
import { basename, isAbsolute, join, sep } from 'node:path';
import { AppFailure, appError, type AppError } from '../../shared/domain/errors';
import { toAppError } from '../errors';
import type { FolderLock } from './folder-lock';
import type { FileId, WatchPlan } from './seen-files';

/** Names of files still being downloaded or written by some program, and hidden files. */
export const PARTIAL = /(^\.|\.(part|partial|crdownload|download|tmp)$|~$)/i;

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

export const fileIdOf = (path: string, info: Stats): FileId => ({
  path,
  size: info.size,
  mtimeMs: info.mtimeMs,
  dev: info.dev,
  ino: info.ino,
  btime: info.birthtimeMs,
});

/**
 * The files in `folder` (and its subfolders when recursive, never through a linked folder), and
 * the links in it (said once each), hidden ones and partial downloads left out.
 */
export async function filesIn(folder: string, recursive: boolean): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive });
  return entries
    .filter((entry) => entry.isFile() || entry.isSymbolicLink())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter(
      (path) =>
        !path
          .slice(folder.length)
          .split(sep)
          .some((part) => PARTIAL.test(part)),
    );
}

/** What a folder needs of the group that watches it. */
export interface FolderGroup {
  readonly timing: { readonly stableMs: number; readonly checkMs: number };
  emit(
    event: 'watch:folder',
    payload: { folder: string; state: 'watching' | 'problem' | 'stopped'; problem?: AppError },
  ): void;
  lock(folder: string): Promise<FolderLock>;
  hasBaseline(folder: string): boolean;
  recordBaseline(folder: string, files: readonly FileId[]): void;
  /** A file appeared or changed (once, whatever number of events it raised). */
  offer(watch: FolderWatch, path: string): void;
  hashSeen(watch: FolderWatch): void;
  resume(watch: FolderWatch): void;
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
    private readonly group: FolderGroup,
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
      // A link is reported as itself (and refused); a linked folder is never entered.
      followSymlinks: false,
      ignored: (path) => path !== this.path && PARTIAL.test(basename(path)),
    });
    this.watcher = watcher;
    const appeared = (path: string) => this.group.offer(this, path);
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
        const info = await lstat(path).catch(() => undefined);
        if (info) ids.push(fileIdOf(path, info));
      }
      this.group.recordBaseline(this.path, ids);
      if (this.resumed) this.group.hashSeen(this);
    } else {
      for (const path of files) this.group.offer(this, path);
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
