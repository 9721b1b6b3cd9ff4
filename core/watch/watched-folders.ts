/**
 * The app's watched folders (Settings → Watched folders): kept in the data folder
 * (`watched-folders.json`) and watched while the app runs, by the same watcher as
 * `kikitori watch` (./folder-watcher.ts) with the same record of files seen, holding each
 * folder's lock as `app`. A folder that is not there or is held when the app starts is watched as
 * soon as it can be, its status saying why not meanwhile.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { AppFailure, appError } from '../../shared/domain/errors';
import {
  watchedFolderSchema,
  type ChannelInput,
  type EventPayload,
  type WatchedFolder,
  type WatchedFolderView,
} from '../../shared/ipc/contract';
import type { AskFolder } from '../export/export-file';
import type { Caller } from '../caller';
import { StorageError, readJson, writeJsonAtomic } from '../storage/atomic-json';
import {
  checkOutputFolder,
  checkWatchFolder,
  FolderWatchers,
  type WatchLink,
  type WatchListener,
  type WatchOptions,
  type WatchTiming,
} from './folder-watcher';

const SCHEMA_VERSION = 1;
const fileSchema = z.object({ folders: z.array(watchedFolderSchema) });

type Emit = <E extends 'watch:changed' | 'watch:folder' | 'watch:file'>(
  event: E,
  payload: EventPayload<E>,
) => void;

export interface WatchedFoldersDeps {
  readonly dataDir: string;
  readonly emit: Emit;
  /** The system's folder picker (Electron). */
  readonly askFolder: AskFolder | undefined;
  readonly timing?: WatchTiming;
}

const optionsOf = (folder: WatchedFolder): WatchOptions => ({
  folder: folder.path,
  formats: folder.formats,
  ...(folder.out !== undefined && { out: folder.out }),
  recursive: folder.recursive,
  ...(folder.lang !== undefined && { settings: { lang: folder.lang } }),
});

export class WatchedFolders {
  private watchers: FolderWatchers | undefined;
  /** Changes run one after another, so the file and the watchers agree. */
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly deps: WatchedFoldersDeps,
    private readonly path: string,
    private folders: WatchedFolder[],
  ) {}

  static async open(deps: WatchedFoldersDeps): Promise<WatchedFolders> {
    const path = join(deps.dataDir, 'watched-folders.json');
    const data = await readJson(path, SCHEMA_VERSION);
    const checked = data === undefined ? undefined : fileSchema.safeParse(data);
    if (checked && !checked.success)
      throw new StorageError('corrupt', `${path}: ${checked.error.message}`, path);
    return new WatchedFolders(deps, path, checked?.data.folders ?? []);
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Watches every folder that is on, through `link` (the app's own core), until `stop`. */
  start(link: WatchLink): Promise<void> {
    return this.serial(async () => {
      const onEvent: WatchListener = (event, payload) => {
        this.deps.emit(event, payload);
        if (event === 'watch:folder') this.changed();
      };
      this.watchers = new FolderWatchers({
        dataDir: this.deps.dataDir,
        link,
        holder: 'app',
        onEvent,
        ...(this.deps.timing && { timing: this.deps.timing }),
      });
      for (const folder of this.folders)
        if (folder.enabled) await this.watchers.add(optionsOf(folder), { strict: false });
    });
  }

  stop(): Promise<void> {
    return this.serial(async () => {
      const watchers = this.watchers;
      this.watchers = undefined;
      await watchers?.close();
    });
  }

  /**
   * Each change (of the list, or of how a folder is doing) counts one more; it starts from the
   * clock, so a window still open across a restart of the app takes the new app's lists.
   */
  private revision = Date.now() * 1000;

  list(): { folders: WatchedFolderView[]; revision: number } {
    return { folders: this.folders.map((folder) => this.view(folder)), revision: this.revision };
  }

  private view(folder: WatchedFolder): WatchedFolderView {
    const watching = folder.enabled
      ? this.watchers?.list().find((watch) => watch.path === folder.path)
      : undefined;
    return { ...folder, status: watching ? watching.status : { state: 'off' } };
  }

  private changed(): void {
    this.revision++;
    this.deps.emit('watch:changed', this.list());
  }

  private async save(folders: WatchedFolder[]): Promise<void> {
    await writeJsonAtomic(this.path, { folders }, SCHEMA_VERSION);
    this.folders = folders;
  }

  /**
   * A folder to watch as the caller names it (a program or browser mode's page: a typed path,
   * checked after), or picked with the system's picker when none is named (the Electron window's
   * only way).
   */
  private async chosen(path: string | undefined, caller: Caller): Promise<string | undefined> {
    if (path === undefined) return this.picked();
    if (caller.folders === 'picker')
      throw new AppFailure(appError('file-refused', { path, name: path, reason: 'not-chosen' }));
    return path;
  }

  /** A folder picked with the system's picker (Electron); none when the person cancelled. */
  private async picked(): Promise<string | undefined> {
    if (!this.deps.askFolder)
      throw new AppFailure(appError('invalid-input', {}, 'a folder path is needed here'));
    return this.deps.askFolder();
  }

  /**
   * An output folder as the caller names it: only a program names one by its path; the windows
   * never do (the Electron window picks one with the system's picker): a page must not choose
   * where files are written.
   */
  private async output(out: string, caller: Caller): Promise<string> {
    if (caller.folders !== 'any')
      throw new AppFailure(appError('watch-output-page', { path: out }));
    return checkOutputFolder(out);
  }

  add(input: ChannelInput<'watch:add'>, caller: Caller): Promise<WatchedFolderView | undefined> {
    return this.serial(async () => {
      const named = await this.chosen(input.path, caller);
      if (named === undefined) return undefined;
      const path = await checkWatchFolder(named);
      const listed = this.folders.find((folder) => folder.path === path);
      if (listed) return this.view(listed);
      const out = input.out === undefined ? undefined : await this.output(input.out, caller);
      const folder: WatchedFolder = {
        id: randomUUID(),
        path,
        formats: input.formats ?? ['txt'],
        ...(out !== undefined && { out }),
        recursive: input.recursive ?? false,
        enabled: input.enabled ?? true,
        ...(input.lang !== undefined && { lang: input.lang }),
      };
      // Refused here (held by another Kikitori, say) nothing is saved.
      if (folder.enabled) await this.watchers?.add(optionsOf(folder));
      try {
        await this.save([...this.folders, folder]);
      } catch (error) {
        await this.watchers?.remove(path);
        throw error;
      }
      this.changed();
      return this.view(folder);
    });
  }

  update(input: ChannelInput<'watch:update'>, caller: Caller): Promise<WatchedFolderView> {
    return this.serial(async () => {
      const current = this.folders.find((folder) => folder.id === input.id);
      if (!current) throw new AppFailure(appError('not-found', { what: 'resource', id: input.id }));
      let out = current.out;
      if (input.pickOut) {
        const picked = await this.picked();
        if (picked !== undefined) out = await checkOutputFolder(picked);
      } else if (input.out === null) out = undefined;
      else if (input.out !== undefined && input.out !== current.out)
        out = await this.output(input.out, caller);
      const { out: _old, ...rest } = current;
      const next: WatchedFolder = {
        ...rest,
        ...(input.formats !== undefined && { formats: input.formats }),
        ...(input.recursive !== undefined && { recursive: input.recursive }),
        ...(input.enabled !== undefined && { enabled: input.enabled }),
        ...(out !== undefined && { out }),
      };
      await this.save(this.folders.map((folder) => (folder.id === next.id ? next : folder)));
      // Watched again with the new choices (files under way keep the ones they were taken with).
      await this.watchers?.remove(current.path);
      if (next.enabled) await this.watchers?.add(optionsOf(next), { strict: false });
      this.changed();
      return this.view(next);
    });
  }

  remove(id: string): Promise<boolean> {
    return this.serial(async () => {
      const current = this.folders.find((folder) => folder.id === id);
      if (!current) return false;
      await this.save(this.folders.filter((folder) => folder.id !== id));
      await this.watchers?.remove(current.path);
      // Watched again one day, what it then holds is its new starting point.
      this.watchers?.forgetBaseline(current.path);
      this.changed();
      return true;
    });
  }
}
