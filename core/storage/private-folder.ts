/**
 * The data folder is the user's alone (docs/architecture.md §4, "Limits against a hostile local
 * process"): every file this process creates from now on is 0600 and every folder 0700 (the
 * process's umask, so SQLite's `-wal` and `-shm` files, recordings and uploads too), and the
 * folder itself is made 0700 even when it already existed more open (`--data`,
 * `KIKITORI_DATA_DIR`, an older Kikitori's 0755).
 */
import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

/** Everything created is readable and writable by its owner only. */
export const PRIVATE_UMASK = 0o077;

/**
 * Sets the process's umask (a worker thread cannot: there the main thread's stands) and makes
 * `dir` (created if missing) 0700. Returns the mode it had when others could reach into it, so
 * the host says once that it was tightened; undefined when it was already private.
 */
let personUmask: number | undefined;

/**
 * The umask the person started Kikitori with: files made for them outside the data folder
 * (exports) are as readable as their other files.
 */
export const theirUmask = (): number => personUmask ?? PRIVATE_UMASK;

export function makePrivateFolder(dir: string): number | undefined {
  if (isMainThread) {
    const before = process.umask(PRIVATE_UMASK);
    personUmask ??= before;
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const mode = statSync(dir).mode & 0o777;
  if ((mode & 0o077) === 0) return undefined;
  chmodSync(dir, mode & 0o700);
  return mode;
}

/** The start-up line a host prints when the folder had to be tightened. */
export const tightenedLine = (dir: string, mode: number): string =>
  `The data folder ${dir} was open to other users (mode ${mode.toString(8).padStart(4, '0')}); it is now private (0700).`;
