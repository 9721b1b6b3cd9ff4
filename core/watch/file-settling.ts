/**
 * A file found in a watched folder, settled: waited on until it is whole (./whole-file.ts: quiet,
 * as long as its container says, nobody writing it), however long its writer pauses, and never
 * when it is seen already or is a transcript Kikitori wrote. A file that cannot be read (a link,
 * not media, too large…) is said once, from what it is, before a byte is read.
 */
import { lstat } from 'node:fs/promises';
import { appError, type AppError } from '../../shared/domain/errors';
import { fileIdOf, type FolderWatch } from './folder-watch';
import type { SeenFiles } from './seen-files';
import type { WatchListener, WatchTiming } from './watch-options';
import type { WatchTurns } from './watch-turns';
import {
  openWatched,
  sameVersion,
  wholeness,
  type FileVersion,
  type NotRead,
  type WholeWay,
} from './whole-file';

/** What settling a file needs of its group of watched folders. */
export interface SettlingGroup {
  readonly seen: SeenFiles;
  readonly timing: Required<WatchTiming>;
  readonly wholeWay: WholeWay | undefined;
  readonly turns: WatchTurns;
  closed(): boolean;
  readonly emit: WatchListener;
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
 * The version of a file once it is whole (./whole-file.ts), waiting as long as its writer takes;
 * undefined when it is seen already, gone, or not read (said once: a link, not media…).
 */
export async function wholeVersion(
  group: SettlingGroup,
  watch: FolderWatch,
  path: string,
): Promise<FileVersion | undefined> {
  /** Since when the file has been this version, found cut short by its container. */
  let short: { version: FileVersion; since: number } | undefined;
  while (!group.closed() && !watch.stopped) {
    const info = await lstat(path).catch(() => undefined);
    if (!info || group.seen.seen(fileIdOf(path, info)) || group.seen.isOutput(path)) return;
    const opened = await openWatched(path);
    if ('notRead' in opened) return notRead(group, watch, path, opened.notRead);
    try {
      await group.turns.sleep(group.timing.stableMs);
      if (group.closed()) return;
      const now = await wholeness(opened, path, opened.version, group.wholeWay);
      if (now === 'whole') return opened.version;
      if (now === 'moved') return;
      if (now !== 'short') continue;
      // A recording cut off for good (its writer crashed) stays cut off: once nobody has
      // changed it for `shortMs`, it is taken as it is, and the service makes what it can of it.
      if (!short || !sameVersion(short.version, opened.version))
        short = { version: opened.version, since: Date.now() };
      else if (Date.now() - short.since >= group.timing.shortMs) return opened.version;
    } finally {
      await opened.handle.close();
    }
  }
  return undefined;
}

/** Says once why a file is not read (never of a file Kikitori wrote itself). */
async function notRead(
  group: SettlingGroup,
  watch: FolderWatch,
  path: string,
  why: NotRead,
): Promise<undefined> {
  if (why === 'gone' || why === 'empty') return;
  // A transcript just written is recorded a moment after its name appears.
  await group.turns.sleep(group.timing.stableMs);
  const info = await lstat(path).catch(() => undefined);
  if (!info || group.closed() || group.seen.isOutput(path)) return;
  const error = NOT_READ[why](path);
  if (group.seen.skip(watch.path, fileIdOf(path, info), error))
    group.emit('watch:file', { folder: watch.path, path, state: 'skipped', error });
  return undefined;
}
