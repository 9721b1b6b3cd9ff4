/**
 * One app per data folder. The lock is SQLite's own file lock on `<data>/app.lock` held in
 * exclusive locking mode: an OS-level lock that the kernel drops when the process dies, so a lock
 * left by a crash or SIGKILL never blocks the next start, and a live one always does. Taken
 * before anything else in the folder is read or written.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { AppFailure, appError } from '../../shared/domain/errors';
import { makePrivateFolder } from './private-folder';

export interface AppLock {
  /** Releases the lock (also released by the kernel when the process ends). */
  release(): void;
  /** The mode the data folder had when it had to be made private (0700) at this start. */
  readonly tightenedFrom: number | undefined;
}

const READ_ONLY = new Set([
  'EACCES',
  'EPERM',
  'EROFS',
  'SQLITE_CANTOPEN',
  'SQLITE_READONLY',
  'SQLITE_IOERR_WRITE',
]);

function readOnly(dataDir: string, error: unknown): never {
  const code = (error as { code?: string }).code;
  if (code !== undefined && READ_ONLY.has(code))
    throw new AppFailure(appError('data-read-only', { path: dataDir }, String(error)));
  throw error;
}

/** Open lock databases: referenced here so that garbage collection never closes (and unlocks) one. */
const held = new Set<Database.Database>();

/**
 * Takes SQLite's exclusive lock on `file` (made if missing) and keeps it until released or the
 * process ends; undefined when a live process holds it. Other failures are thrown as they came.
 * The data folder's lock and each watched folder's (core/watch/folder-lock.ts) are this one.
 */
export function exclusiveLock(file: string): { release(): void } | undefined {
  const db = new Database(file, { timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    // The first write in exclusive mode takes the file's exclusive lock and keeps it.
    db.exec('BEGIN EXCLUSIVE; CREATE TABLE IF NOT EXISTS owner (pid INTEGER); DELETE FROM owner;');
    db.prepare('INSERT INTO owner (pid) VALUES (?)').run(process.pid);
    db.exec('COMMIT');
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return undefined;
    throw error;
  }
  held.add(db);
  return {
    release: () => {
      held.delete(db);
      db.close();
    },
  };
}

/** Takes the data folder's lock; undefined when another live Kikitori holds it. */
export function lockAppData(dataDir: string): AppLock | undefined {
  let tightenedFrom: number | undefined;
  let lock: { release(): void } | undefined;
  try {
    tightenedFrom = makePrivateFolder(dataDir);
    lock = exclusiveLock(join(dataDir, 'app.lock'));
  } catch (error) {
    readOnly(dataDir, error);
  }
  return lock && { tightenedFrom, release: () => lock.release() };
}
