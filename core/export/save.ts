/**
 * Writing rendered exports (./render.ts) as files: beside each other in a folder, never over a
 * file that is there (`talk.srt`, then `talk (2).srt`), each appearing whole or not at all. The
 * window's "save as" under Electron, the command line and watched folders write through here.
 */
import { randomBytes } from 'node:crypto';
import { chmod, link, open, rm } from 'node:fs/promises';
import { extname, join } from 'node:path';
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

/** Errors of a file system that has no hard links (FAT, exFAT, some network shares). */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

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
): Promise<string> {
  const temp = join(folder, `.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const file = await open(temp, 'wx', 0o600);
    try {
      await file.writeFile(bytes);
      await file.sync();
    } finally {
      await file.close();
    }
    await chmod(temp, 0o666 & ~theirUmask());
  } catch (error) {
    await rm(temp, { force: true });
    // A full disk is `disk-full`, as for every write of the app (watched folders wait for room).
    throw exportFailure(join(folder, name), storageFailure(error, folder));
  }
  try {
    for (let n = 1; n < 10_000; n++) {
      const path = join(folder, n === 1 ? name : numberedName(name, n));
      try {
        await link(temp, path);
        await syncFolder(folder);
        return path;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? '';
        if (code === 'EEXIST') continue;
        if (NO_LINKS.has(code)) return await claimAndFill(folder, name, bytes);
        throw exportFailure(path, storageFailure(error, folder));
      }
    }
    throw exportFailure(join(folder, name), new Error('no free name'));
  } finally {
    await rm(temp, { force: true });
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
async function claimAndFill(folder: string, name: string, bytes: Uint8Array): Promise<string> {
  for (let n = 1; n < 10_000; n++) {
    const path = join(folder, n === 1 ? name : numberedName(name, n));
    try {
      const claim = await open(path, 'wx', 0o666);
      await claim.close();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw exportFailure(path, error);
    }
    try {
      await writeOver(path, bytes);
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

/** Replaces `path` (a file the person chose, or one just claimed) with `bytes`, atomically. */
export async function writeOver(path: string, bytes: Uint8Array): Promise<void> {
  try {
    await writeTextAtomic(path, bytes, 0o600);
    // Exports are the person's own documents, outside the data folder: readable as their other
    // files are (the umask they started Kikitori with, not the data folder's 077).
    await chmod(path, 0o666 & ~theirUmask());
  } catch (error) {
    throw exportFailure(path, error);
  }
}

/** Each file in `folder`, under its own name or a numbered one; answers where each went. */
export async function writeAll(folder: string, files: readonly RenderedFile[]): Promise<string[]> {
  const paths: string[] = [];
  for (const file of files) paths.push(await writeNewFile(folder, file.fileName, file.bytes));
  return paths;
}
