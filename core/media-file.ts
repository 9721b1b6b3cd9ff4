/**
 * What the main process does with a path the window names (docs/architecture.md §4, "What the
 * main process trusts the window with"): the window is untrusted with the disk, so a path becomes
 * a job only when it is a regular file (symlinks judged by their target), within the service's
 * size limit, whose first bytes are audio or video the app takes (the formats table's sniffer,
 * never the file name); and a job's file goes to the player only while its bytes still say what they said
 * when it was accepted. Everything else is refused before anything is written or sent.
 */
import { constants } from 'node:fs';
import { open, realpath, stat, type FileHandle } from 'node:fs/promises';
import { basename, isAbsolute, relative, resolve, sep } from 'node:path';
import { LIMITS } from '../shared/api/codes';
import { sniffContainer } from '../shared/api/audio-sniff';
import type { Container } from '../shared/api/media-formats';
import { AppFailure, appError } from '../shared/domain/errors';
import { fileReason } from './errors';
import { readHead } from './media-tools';

export interface OpenedMedia {
  /** Open for reading; the caller closes it (or hands it to a stream that does). */
  readonly handle: FileHandle;
  readonly size: number;
  readonly container: Container;
}

// The sentence names the file as the person knows it (a dropped file's copy in the data
// folder is `uploads/<id>/<its name>`); programs still get its path.
const refused = (path: string, reason: 'not-media' | 'too-large' | 'not-chosen') =>
  new AppFailure(appError('file-refused', { path, name: basename(path), reason }));

const unreadable = (path: string, error: NodeJS.ErrnoException) =>
  new AppFailure(
    appError('file', { path, name: basename(path), reason: fileReason(error) }, error.message),
  );

/**
 * Opens `path` as media, or throws an AppFailure naming it: `file` (missing, not a regular
 * file, empty, unreadable) or `file-refused` (too large, not audio or video). A FIFO, a device,
 * a socket or a folder is never opened: the target is checked first, then the opened descriptor
 * is checked to be that same regular file (so a swap in between is caught too).
 */
export async function openMedia(path: string): Promise<OpenedMedia> {
  let target: string;
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    target = await realpath(path);
    info = await stat(target);
  } catch (error) {
    throw unreadable(path, error as NodeJS.ErrnoException);
  }
  if (!info.isFile())
    throw unreadable(path, Object.assign(new Error('not a file'), { code: 'EISDIR' }));
  let handle: FileHandle;
  try {
    handle = await open(target, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (error) {
    throw unreadable(path, error as NodeJS.ErrnoException);
  }
  try {
    const opened = await handle.stat();
    if (!opened.isFile() || opened.ino !== info.ino || opened.dev !== info.dev)
      throw unreadable(path, Object.assign(new Error('not a file'), { code: 'EISDIR' }));
    if (opened.size === 0)
      throw unreadable(path, Object.assign(new Error('the file is empty'), { code: 'EMPTY' }));
    if (opened.size > LIMITS.asyncAudioBytes) throw refused(path, 'too-large');
    const container = sniffContainer(await readHead(handle));
    if (!container) throw refused(path, 'not-media');
    return { handle, size: opened.size, container };
  } catch (error) {
    await handle.close();
    if (error instanceof AppFailure) throw error;
    throw unreadable(path, error as NodeJS.ErrnoException);
  }
}

/** Checks `path` as openMedia does, and closes it: what a job records of its file. */
export async function acceptMedia(path: string): Promise<{ size: number; container: Container }> {
  const { handle, size, container } = await openMedia(path);
  await handle.close();
  return { size, container };
}

/**
 * Which paths a caller may name in `transcribe:files` (the host decides who is calling):
 * - `any`: a program holding the host's token (tests, scripts), as documented;
 * - `chosen`: the Electron window: only paths the person gave it, by a drop or the file
 *   chooser, as the preload recorded them for this window;
 * - `inside`: the browser-mode page: only files it uploaded into this folder (`uploads/`).
 */
export type PathPolicy =
  | { readonly kind: 'any' }
  | { readonly kind: 'chosen'; has(path: string): boolean }
  | { readonly kind: 'inside'; readonly dir: string };

export const ANY_PATH: PathPolicy = { kind: 'any' };

/** Whether `path` is strictly inside `dir` (no `..`, not the folder itself). */
export function isInside(dir: string, path: string): boolean {
  const rel = relative(resolve(dir), resolve(path));
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

/** Throws `file-refused` (not-chosen) when the policy does not let the caller name `path`. */
export async function checkPathPolicy(policy: PathPolicy, path: string): Promise<void> {
  if (policy.kind === 'any') return;
  if (policy.kind === 'chosen') {
    if (policy.has(path)) return;
    throw refused(path, 'not-chosen');
  }
  // Judged by where the path really leads, so a link inside the folder cannot point out of it.
  const [dir, target] = await Promise.all([
    realpath(policy.dir).catch(() => resolve(policy.dir)),
    realpath(path).catch(() => undefined),
  ]);
  if (isInside(policy.dir, path) && (target === undefined || isInside(dir, target))) return;
  throw refused(path, 'not-chosen');
}

/**
 * The paths each window was given by the person (Electron): the preload records every path it
 * reads off a dropped or picked File (`webUtils.getPathForFile`, which has no path for a File
 * the page made up), per window, for the window's life. `policy` is what that window may name.
 */
export class ChosenPaths {
  private readonly byWindow = new Map<number, Set<string>>();

  record(window: number, path: string): void {
    if (path === '') return;
    let paths = this.byWindow.get(window);
    if (!paths) this.byWindow.set(window, (paths = new Set()));
    paths.add(path);
  }

  policy(window: number): PathPolicy {
    return { kind: 'chosen', has: (path) => this.byWindow.get(window)?.has(path) === true };
  }

  forget(window: number): void {
    this.byWindow.delete(window);
  }
}
