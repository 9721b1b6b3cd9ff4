/**
 * Writing rendered exports (./render.ts) as files: beside each other in a folder, never over a
 * file that is there (`talk.srt`, then `talk (2).srt`), each appearing whole or not at all. The
 * window's "save as" under Electron, the command line and watched folders write through here.
 *
 * The folder may be shared with other users (a watched folder others drop recordings into), who
 * may delete or swap its entries at any moment. So a name is always a plain file name made here
 * (never a path an answer carried), every file is written and its mode set through its own
 * descriptor (never by path, which a swapped-in link would redirect), and a name is given to the
 * file only by a link or a rename that is then checked to name that very file: nothing is ever
 * followed, and nothing is replaced that this writer did not create.
 */
import { createHash, randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { link, lstat, mkdir, open, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { dirname, extname, join, resolve } from 'node:path';
import { AppFailure, appError, type SubCode } from '../../shared/domain/errors';
import { storageFailure, writeTextAtomic } from '../storage/atomic-json';
import { theirUmask } from '../storage/private-folder';
import type { RenderedFile } from './render';

const REASONS: Readonly<Record<string, SubCode<'export-failed', 'reason'>>> = {
  EACCES: 'denied',
  EPERM: 'denied',
  ENOENT: 'missing-folder',
  ENOTDIR: 'missing-folder',
  EROFS: 'read-only',
  EISDIR: 'is-folder',
};

export function exportFailure(path: string, error: unknown): AppFailure {
  if (error instanceof AppFailure) return error;
  const errno = (error as NodeJS.ErrnoException).code ?? '';
  return new AppFailure(
    appError('export-failed', { path, reason: REASONS[errno] ?? 'other' }, String(error)),
  );
}

/** `talk.srt` → `talk (2).srt`; `talk.original.json` → `talk (2).original.json`. */
export function numberedName(name: string, n: number): string {
  const original = name.endsWith('.original.json') ? '.original.json' : extname(name);
  const stem = name.slice(0, name.length - original.length) || name;
  return `${stem} (${n})${original}`;
}

/**
 * A name that stays in the folder it is written in: its last part only (no separator of any
 * system), no control characters, not hidden (a leading dot would make `.bash_aliases` of a
 * hostile answer), at most 240 bytes of UTF-8 (file systems take 255; a number may be added).
 */
export function safeFileName(name: string): string {
  let safe = name
    .split(/[/\\]/)
    .at(-1)!
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '_')
    .replace(/^[.\s]+/, '')
    .trim();
  while (Buffer.byteLength(safe) > 240) safe = [...safe].slice(0, -1).join('');
  return safe === '' ? 'transcript' : safe;
}

/** The mode of an export: as readable as the person's other files (their umask), or `mode`. */
const exportMode = (mode: number | undefined) => mode ?? 0o666 & ~theirUmask();

/** Errors of a file system that has no hard links (FAT, exFAT, some network shares). */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

/** A new temporary file beside the outputs: created here (never through a link), mode set on it. */
async function filledTemp(
  folder: string,
  bytes: Uint8Array,
  mode: number,
): Promise<{ path: string; handle: FileHandle }> {
  const path = join(folder, `.${randomBytes(6).toString('hex')}.tmp`);
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
  let handle: FileHandle | undefined;
  try {
    handle = await open(path, flags, 0o600);
    await handle.writeFile(bytes);
    await handle.chmod(mode);
    await handle.sync();
    return { path, handle };
  } catch (error) {
    await handle?.close();
    await rm(path, { force: true });
    // A full disk is `disk-full`, as for every write of the app (watched folders wait for room).
    throw storageFailure(error, folder);
  }
}

/** Whether `path` names the file open as `handle` (and not something swapped in since). */
async function names(path: string, handle: FileHandle): Promise<boolean> {
  const [named, open] = await Promise.all([lstat(path).catch(() => undefined), handle.stat()]);
  return named !== undefined && named.dev === open.dev && named.ino === open.ino;
}

export interface WriteOptions {
  /** The file's mode (default: as readable as the person's other files). */
  readonly mode?: number;
}

/**
 * Writes `bytes` as `name` in `folder`, or under the first numbered name no file has. The bytes
 * go whole into a temporary file beside it, which is then hard-linked to the name (a link fails
 * on a name that exists, so nothing is ever overwritten): the file appears complete or not at
 * all, and whoever watches the folder never reads it half-written or empty. On a file system
 * without hard links, the name is claimed with an exclusive create and filled through a temporary
 * file renamed over the claim (a crash there leaves at worst an empty claim).
 */
export async function writeNewFile(
  folder: string,
  name: string,
  bytes: Uint8Array,
  options: WriteOptions = {},
): Promise<string> {
  const safe = safeFileName(name);
  const temp = await filledTemp(folder, bytes, exportMode(options.mode)).catch((error: unknown) => {
    throw exportFailure(join(folder, safe), error);
  });
  try {
    for (let n = 1; n < 10_000; n++) {
      const path = join(folder, n === 1 ? safe : numberedName(safe, n));
      try {
        await link(temp.path, path);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? '';
        if (code === 'EEXIST') continue;
        if (NO_LINKS.has(code)) return await claimAndFill(folder, safe, bytes, options);
        throw exportFailure(path, storageFailure(error, folder));
      }
      if (!(await names(path, temp.handle))) {
        // The temporary file was swapped for something else before it was linked: the name
        // made for it goes, and nothing was written through it.
        await rm(path, { force: true });
        throw exportFailure(path, new Error('the file was replaced while it was being written'));
      }
      await syncFolder(folder);
      return path;
    }
    throw exportFailure(join(folder, safe), new Error('no free name'));
  } finally {
    await temp.handle.close();
    await rm(temp.path, { force: true });
  }
}

async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** `writeNewFile` where hard links cannot be made. */
async function claimAndFill(
  folder: string,
  name: string,
  bytes: Uint8Array,
  options: WriteOptions,
): Promise<string> {
  for (let n = 1; n < 10_000; n++) {
    const path = join(folder, n === 1 ? name : numberedName(name, n));
    try {
      const claim = await open(path, 'wx', 0o600);
      await claim.close();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw exportFailure(path, error);
    }
    try {
      await writeOver(path, bytes, options);
    } catch (error) {
      // The claim is still the empty file made above (the write is whole or not at all): it goes,
      // so a write again later (a full disk with room again) gets the name, not a numbered one.
      await rm(path, { force: true });
      throw error;
    }
    return path;
  }
  throw exportFailure(join(folder, name), new Error('no free name'));
}

/**
 * Replaces `path` (a file the person chose, or one just claimed) with `bytes`, atomically: a
 * temporary file, its mode set on it, renamed over the name.
 */
export async function writeOver(
  path: string,
  bytes: Uint8Array,
  options: WriteOptions = {},
): Promise<void> {
  try {
    // Exports are the person's own documents, outside the data folder: readable as their other
    // files are (the umask they started Kikitori with, not the data folder's 077).
    await writeTextAtomic(path, bytes, exportMode(options.mode));
  } catch (error) {
    throw exportFailure(path, error);
  }
}

/**
 * The bytes of a regular file at `path`, read without following a link and without opening a
 * FIFO or device for good (O_NONBLOCK, then the descriptor checked); undefined when there is no
 * such file.
 */
export async function readPlainFile(path: string): Promise<Buffer | undefined> {
  const flags = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;
  const handle = await open(path, flags).catch(() => undefined);
  if (!handle) return undefined;
  try {
    const info = await handle.stat();
    return info.isFile() ? await handle.readFile() : undefined;
  } finally {
    await handle.close();
  }
}

/** The SHA-256 (hex) of bytes written: what a later version checks before replacing them. */
export const hashOf = (bytes: Uint8Array): string =>
  createHash('sha256').update(bytes).digest('hex');

/**
 * Writes `bytes` in place of the file at `path` when that file still holds exactly what was
 * written there before (`written`: its SHA-256): the transcript of a file's new version takes the
 * place of the earlier one's. Else (the person changed it, or it is gone) nothing is replaced and
 * the answer is undefined; the caller writes a new file beside it.
 */
export async function replaceWritten(
  path: string,
  written: string,
  bytes: Uint8Array,
  options: WriteOptions = {},
): Promise<string | undefined> {
  const there = await readPlainFile(path);
  if (!there || hashOf(there) !== written) return undefined;
  const folder = dirname(path);
  const temp = await filledTemp(folder, bytes, exportMode(options.mode)).catch((error: unknown) => {
    throw exportFailure(path, error);
  });
  try {
    await rename(temp.path, path);
    if (!(await names(path, temp.handle))) {
      // What was renamed was not this file (its temporary name was swapped): the name goes.
      await rm(path, { force: true });
      throw exportFailure(path, new Error('the file was replaced while it was being written'));
    }
    await syncFolder(folder);
    return path;
  } catch (error) {
    throw exportFailure(path, storageFailure(error, folder));
  } finally {
    await temp.handle.close();
    await rm(temp.path, { force: true });
  }
}

/** Each file in `folder`, under its own name or a numbered one; answers where each went. */
export async function writeAll(folder: string, files: readonly RenderedFile[]): Promise<string[]> {
  const paths: string[] = [];
  for (const file of files) paths.push(await writeNewFile(folder, file.fileName, file.bytes));
  return paths;
}

/**
 * `mkdir -p`: the folders of `path` that are missing, each made in turn from the first that is
 * there. Not Node's own `recursive`, which loops for ever where a folder cannot be made and its
 * parent is there (`/proc/nope`: ENOENT, then the parent's EEXIST, then ENOENT again, at full
 * CPU): here the first folder that cannot be made ends it, with the system's error.
 */
export async function makeFolder(path: string): Promise<void> {
  const missing: string[] = [];
  for (let at = resolve(path); ; at = dirname(at)) {
    const info = await stat(at).catch((error: NodeJS.ErrnoException) => error);
    if (info instanceof Error) {
      if (info.code !== 'ENOENT') throw info;
      missing.push(at);
      if (dirname(at) === at) break;
      continue;
    }
    if (!info.isDirectory())
      throw Object.assign(new Error(`${at} is not a folder`), { code: 'ENOTDIR' });
    break;
  }
  for (const folder of missing.reverse())
    await mkdir(folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
}
