/**
 * What the main process does with a path the window names (docs/architecture.md §4, "What the
 * main process trusts the window with"): the window is untrusted with the disk, so a path becomes
 * a job only when it is a regular file (symlinks judged by their target), within the service's
 * size limit, whose first bytes are audio or video the app takes (the formats table's sniffer,
 * never the file name); and a job's file goes to the player only while its bytes still say what they said
 * when it was accepted. Everything else is refused before anything is written or sent.
 */
import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, open, realpath, stat, type FileHandle } from 'node:fs/promises';
import { basename, isAbsolute, relative, resolve, sep } from 'node:path';
import { LIMITS } from '../../shared/api/codes';
import { sniffContainer } from '../../shared/api/audio-sniff';
import type { Container } from '../../shared/api/media-formats';
import { AppFailure, appError, type SubCode } from '../../shared/domain/errors';
import { fileReason } from '../errors';
import { readHead } from './media-tools';

/**
 * The version of a file a watched folder checked (core/watch/whole-file.ts): such a file is
 * opened only where it is (never through a link) and only while it is that very version.
 */
export interface ExpectedVersion {
  readonly dev: number;
  readonly ino: number;
  readonly size: number;
  readonly mtimeMs: number;
}

export interface OpenedMedia {
  /** Open for reading; the caller closes it (or hands it to a stream that does). */
  readonly handle: FileHandle;
  readonly size: number;
  readonly container: Container;
}

// The sentence names the file as the person knows it (a dropped file's copy in the data
// folder is `uploads/<id>/<its name>`); programs still get its path.
const refused = (path: string, reason: SubCode<'file-refused', 'reason'>) =>
  new AppFailure(appError('file-refused', { path, name: basename(path), reason }));

const unreadable = (path: string, error: NodeJS.ErrnoException) =>
  new AppFailure(
    appError('file', { path, name: basename(path), reason: fileReason(error) }, error.message),
  );

/**
 * Opens `path` as media, or throws an AppFailure naming it: `file` (missing, not a regular
 * file, empty, unreadable, or not the version expected) or `file-refused` (too large, not audio
 * or video). A FIFO, a device, a socket or a folder is never opened: the target is checked first,
 * then the opened descriptor is checked to be that same regular file (so a swap in between is
 * caught too). A path a person named may be a link (its target is what they meant); a watched
 * folder's file (`expected`) is opened only where it is, and only as the version it was seen.
 */
export async function openMedia(path: string, expected?: ExpectedVersion): Promise<OpenedMedia> {
  let target: string;
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    target = expected ? path : await realpath(path);
    info = await (expected ? lstat : stat)(target);
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
    if (expected && !isVersion(opened, expected)) throw refused(path, 'changed');
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

const isVersion = (
  info: { dev: number; ino: number; size: number; mtimeMs: number },
  v: ExpectedVersion,
) =>
  info.dev === v.dev &&
  info.ino === v.ino &&
  info.size === v.size &&
  Math.trunc(info.mtimeMs) === v.mtimeMs;

/** Checks `path` as openMedia does, and closes it: what a job records of its file. */
export async function acceptMedia(
  path: string,
  expected?: ExpectedVersion,
): Promise<{ size: number; container: Container }> {
  const { handle, size, container } = await openMedia(path, expected);
  await handle.close();
  return { size, container };
}

/**
 * What a caller may name in `transcribe:files` (the host decides who is calling):
 * - `any`: a program holding the host's token (tests, scripts, the command line), as documented:
 *   any path;
 * - `chosen`: the window (Electron's, or browser mode's page): never a path, only the opaque
 *   references it was given for the files the person chose (ChosenFiles), which the core
 *   resolves to the paths they stand for.
 */
export type PathPolicy =
  | { readonly kind: 'any'; resolve?(file: string): string | undefined }
  | { readonly kind: 'chosen'; resolve(file: string): string | undefined };

export const ANY_PATH: PathPolicy = { kind: 'any' };

/** Whether `path` is strictly inside `dir` (no `..`, not the folder itself). */
export function isInside(dir: string, path: string): boolean {
  const rel = relative(resolve(dir), resolve(path));
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

/**
 * The paths a `transcribe:files` call stands for: the paths a program names, and what each
 * reference the caller was given resolves to. A path from the window, or a reference it was not
 * given, is `file-refused` (not-chosen), before anything is opened.
 */
export function chosenPaths(
  policy: PathPolicy,
  named: { readonly paths?: readonly string[]; readonly files?: readonly string[] },
): string[] {
  const paths: string[] = [];
  for (const path of named.paths ?? []) {
    if (policy.kind !== 'any') throw refused(path, 'not-chosen');
    paths.push(path);
  }
  for (const file of named.files ?? []) {
    const path = policy.resolve?.(file);
    if (path === undefined)
      throw new AppFailure(
        appError('file-refused', { path: file, name: file, reason: 'not-chosen' }),
      );
    paths.push(path);
  }
  return paths;
}

/**
 * The files the person chose, per window (Electron: the preload reads each dropped or picked
 * File's path, `webUtils.getPathForFile`, which has none for a File the page made up, and hands
 * it here at once) or per page (browser mode: each file it uploaded): each gets an opaque
 * reference, the only thing the window holds of it; the path stays here. A reference resolves
 * only for the window it was given to, for that window's life.
 */
export class ChosenFiles {
  private readonly byOwner = new Map<string, Map<string, string>>();

  /** Records a chosen file's path for `owner`; the reference to give the window. */
  choose(owner: string, path: string): string {
    let files = this.byOwner.get(owner);
    if (!files) this.byOwner.set(owner, (files = new Map<string, string>()));
    const file = randomUUID();
    files.set(file, path);
    return file;
  }

  /** What `owner` may name: only the references it was given. */
  policy(owner: string): PathPolicy {
    return { kind: 'chosen', resolve: (file) => this.resolve(owner, file) };
  }

  resolve(owner: string, file: string): string | undefined {
    return this.byOwner.get(owner)?.get(file);
  }

  /** The window is gone (or the page's session ended): its references resolve no more. */
  forget(owner: string): void {
    this.byOwner.delete(owner);
  }
}
