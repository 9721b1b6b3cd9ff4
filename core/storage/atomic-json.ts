/**
 * Durable JSON files: written to a temporary file, fsynced, renamed over the old one, and the
 * folder fsynced, so a crash leaves either the old or the new content, never a torn file. Each
 * file carries a schema version; a file from a newer version is refused, not overwritten. A full
 * disk is reported as such, and the half-written temporary file is removed.
 */
import { randomBytes } from 'node:crypto';
import { lstat, mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { AppFailure, appError } from '../../shared/domain/errors';

export class StorageError extends Error {
  constructor(
    readonly code: 'corrupt' | 'newer-version',
    message: string,
    /** The file that could not be read. */
    readonly path: string,
  ) {
    super(message);
  }
}

const TEMP = /^\.[0-9a-f]{12}\.tmp$/;

/** A write that failed for lack of space becomes an error a person can act on. */
export function storageFailure(error: unknown, dir: string): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOSPC' || code === 'EDQUOT')
    return new AppFailure(appError('disk-full', { path: dir }, code));
  return error;
}

/**
 * Writes `text` (or bytes) to `path` through a temporary file in the same folder, fsynced and
 * renamed over the old file, then fsyncs the folder. The folder must exist. A full disk is an
 * AppFailure (disk-full); the temporary file never stays behind.
 */
export async function writeTextAtomic(
  path: string,
  text: string | Uint8Array,
  mode = 0o600,
): Promise<void> {
  const dir = dirname(path);
  const temp = join(dir, `.${randomBytes(6).toString('hex')}.tmp`);
  try {
    // Created here (an exclusive create follows no link), its mode set on the descriptor, and
    // the name checked after the rename to be this very file: a folder another user may change
    // (a person's export folder) cannot redirect the write, nor the mode, to another file.
    const file = await open(temp, 'wx', 0o600);
    try {
      await file.writeFile(text);
      await file.chmod(mode);
      await file.sync();
      const written = await file.stat();
      await rename(temp, path);
      const named = await lstat(path);
      if (named.dev !== written.dev || named.ino !== written.ino) {
        await rm(path, { force: true });
        throw new Error(`${path} was replaced while it was being written`);
      }
    } finally {
      await file.close();
    }
  } catch (error) {
    await rm(temp, { force: true });
    throw storageFailure(error, dir);
  }
  const folder = await open(dir, 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

export async function writeJsonAtomic(
  path: string,
  value: unknown,
  schemaVersion: number,
): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 }).catch((error: unknown) => {
    throw storageFailure(error, dirname(path));
  });
  await writeTextAtomic(path, `${JSON.stringify({ schemaVersion, data: value }, null, 2)}\n`);
}

/**
 * Removes temporary files a crash left behind in `dir` (they never hold the only copy): files of
 * this user's only, so a folder shared with others loses nothing of theirs.
 */
export async function removeStaleTemps(dir: string): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names.filter((entry) => TEMP.test(entry))) {
    const info = await lstat(join(dir, name)).catch(() => undefined);
    if (!info?.isFile() || (process.getuid && info.uid !== process.getuid())) continue;
    await rm(join(dir, name), { force: true });
    removed++;
  }
  return removed;
}

/** Reads a file written by writeJsonAtomic; undefined when it does not exist. */
export async function readJson(path: string, schemaVersion: number): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let parsed: { schemaVersion?: unknown; data?: unknown };
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    throw new StorageError('corrupt', `${path} is not valid JSON`, path);
  }
  if (typeof parsed.schemaVersion !== 'number')
    throw new StorageError('corrupt', `${path} has no schema version`, path);
  if (parsed.schemaVersion > schemaVersion) {
    throw new StorageError(
      'newer-version',
      `${path} was written by a newer Kikitori (schema ${parsed.schemaVersion}); update Kikitori to read it`,
      path,
    );
  }
  return parsed.data;
}
