/**
 * One service per data folder, enforced by the kernel: the service holds SQLite's exclusive lock
 * on `service.lock.db` (an fcntl lock, which SQLite also keeps consistent between connections of
 * one process) for as long as it runs. The kernel drops the lock when the process ends in any
 * way, SIGKILL included, so a dead holder never blocks a start, and two racing starts cannot
 * both win: acquiring is one atomic kernel call, not a check followed by a write.
 *
 * A locked database cannot be read by others, so the holder's pid and start time go beside it in
 * `service.lock` (written after the lock is taken, replaced atomically); that file only names the
 * holder in the refusal and never decides anything.
 */
import Database from 'better-sqlite3';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface LockHolder {
  readonly pid: number;
  /** ISO time the holder took the lock. */
  readonly since: string;
}

/** The data folder is in use by another live service. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | undefined,
  ) {
    super(
      holder
        ? `another Kikitori service (pid ${holder.pid}, running since ${holder.since}) is using ${dataDir}`
        : `another Kikitori service is using ${dataDir}`,
    );
    this.name = 'DataDirLockedError';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readHolder(path: string): Promise<LockHolder | undefined> {
  try {
    const value = JSON.parse(await readFile(path, 'utf8')) as Partial<LockHolder>;
    if (Number.isInteger(value.pid) && typeof value.since === 'string')
      return { pid: value.pid!, since: value.since };
  } catch {
    // missing or from an older version: no holder known
  }
  return undefined;
}

/**
 * The winner writes its name just after taking the lock; a loser that reads in between sees the
 * previous (dead) holder or none, so it looks again for a short while.
 */
async function currentHolder(path: string): Promise<LockHolder | undefined> {
  const deadline = Date.now() + 2_000;
  for (;;) {
    const holder = await readHolder(path);
    if (holder && alive(holder.pid)) return holder;
    if (Date.now() > deadline) return undefined;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const isBusy = (error: unknown) =>
  typeof (error as { code?: unknown }).code === 'string' &&
  /^SQLITE_(BUSY|LOCKED)/.test((error as { code: string }).code);

/** Takes the data folder's lock; resolves to its release, or rejects with DataDirLockedError. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const holderPath = join(dataDir, 'service.lock');
  const db = new Database(join(dataDir, 'service.lock.db'), { timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    // The first write in exclusive locking mode takes the EXCLUSIVE lock and keeps it after the
    // commit until the connection closes.
    db.exec('BEGIN EXCLUSIVE');
    db.pragma('user_version = 1');
    db.exec('COMMIT');
  } catch (error) {
    db.close();
    if (isBusy(error)) throw new DataDirLockedError(dataDir, await currentHolder(holderPath));
    throw error;
  }
  const holder: LockHolder = { pid: process.pid, since: new Date().toISOString() };
  const temp = `${holderPath}.${process.pid}`;
  await writeFile(temp, JSON.stringify(holder), { mode: 0o600 });
  await rename(temp, holderPath);
  return async () => {
    db.close();
  };
}
