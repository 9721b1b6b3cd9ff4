/**
 * The data folder is the user's alone (docs/architecture.md §4, "Limits against a hostile local
 * process"): every file this process creates from now on is 0600 and every folder 0700 (the
 * process's umask, so SQLite's `-wal` and `-shm` files, recordings and uploads too), and the
 * folder itself is made 0700 even when it already existed more open (`--data`,
 * `KIKITORI_DATA_DIR`, an older Kikitori's 0755). A folder that is not the user's own (another
 * user's, or a link) is never used. The same holds of the user's state folder (watched folders'
 * locks), which every data folder shares.
 */
import {
  chmodSync,
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  statSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { AppFailure, appError } from '../../shared/domain/errors';

/** Everything created is readable and writable by its owner only. */
export const PRIVATE_UMASK = 0o077;

let personUmask: number | undefined;

/**
 * The umask the person started Kikitori with: files made for them outside the data folder
 * (exports) are as readable as their other files.
 */
export const theirUmask = (): number => personUmask ?? PRIVATE_UMASK;

/**
 * Sets the process's umask (a worker thread cannot: there the main thread's stands) and makes
 * `dir` (created if missing) 0700. Returns the mode it had when others could reach into it, so
 * the host says once that it was tightened; undefined when it was already private. A folder that
 * is not this user's own (another user's, or a link) is refused (`data-not-own`): another user
 * could have put in it what Kikitori would then trust (its settings, its program endpoint).
 */
export function makePrivateFolder(dir: string): number | undefined {
  adoptPrivateUmask();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const refusal = notOwnFolder(dir);
  if (refusal) throw new AppFailure(appError('data-not-own', { path: dir, reason: refusal }));
  return tightenFolder(dir);
}

/** Makes this user's folder `dir` 0700 when others could reach into it: the mode it had then. */
export function tightenFolder(dir: string): number | undefined {
  const mode = statSync(dir).mode & 0o777;
  if ((mode & 0o077) === 0) return undefined;
  chmodSync(dir, mode & 0o700);
  return mode;
}

/**
 * From now on this process creates files 0600 and folders 0700, and remembers the umask the
 * person started it with for their own documents (exports): the hosts when they open a data
 * folder, and the command line from its first line, even when it works through the app.
 */
export function adoptPrivateUmask(): void {
  if (!isMainThread) return;
  const before = process.umask(PRIVATE_UMASK);
  personUmask ??= before;
}

/** The user this process runs as (undefined where there are no user ids: Windows). */
const me = (): number | undefined => process.getuid?.();

/**
 * Why `dir` is not a folder of this user's (a link, not a folder, another user's), or undefined
 * when it is.
 */
export function notOwnFolder(dir: string): 'link' | 'not-folder' | 'owner' | undefined {
  const uid = me();
  if (uid === undefined) return undefined;
  const info = lstatSync(dir);
  if (info.isSymbolicLink()) return 'link';
  if (!info.isDirectory()) return 'not-folder';
  return info.uid === uid ? undefined : 'owner';
}

/** Whether the entry at `path` (not followed) is this user's, another user's, or not there. */
export function whose(path: string): 'mine' | 'theirs' | 'absent' {
  let info;
  try {
    info = lstatSync(path);
  } catch {
    return 'absent';
  }
  const uid = me();
  return uid === undefined || info.uid === uid ? 'mine' : 'theirs';
}

/** The start-up line a host prints when the folder had to be tightened. */
export const tightenedLine = (dir: string, mode: number): string =>
  `The data folder ${dir} was open to other users (mode ${mode.toString(8).padStart(4, '0')}); it is now private (0700).`;

/**
 * Makes `file` (if missing) and makes it 0600, before a library that would make it with the
 * process's umask opens it (SQLite: its `-wal`, `-shm` and `-journal` files then take the same
 * mode). A process that does not own the data folder (a command working through the app) has the
 * person's umask, so this is what keeps its files private. The file is opened without following a
 * link, and its mode set on the descriptor.
 */
export function makePrivateFile(file: string): void {
  const fd = openSync(file, constants.O_RDWR | constants.O_CREAT | constants.O_NOFOLLOW, 0o600);
  try {
    if ((fstatSync(fd).mode & 0o077) !== 0) fchmodSync(fd, 0o600);
  } finally {
    closeSync(fd);
  }
}

/**
 * Kikitori's folder of the user's own state, shared by every data folder: what must be one per
 * user (a watched folder's lock), `$XDG_STATE_HOME/kikitori` or `~/.local/state/kikitori`.
 */
export const userStateDir = (
  env: NodeJS.ProcessEnv = process.env,
  home: string = homedir(),
): string => join(env.XDG_STATE_HOME || join(home, '.local', 'state'), 'kikitori');

/**
 * Makes `dir` (and its parents) if missing, then checks it is a folder of this user's, not a link,
 * and makes it 0700: else `data-not-own` (another user made it, to read or steer what goes in).
 */
export function makePrivateFolderOf(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const refusal = notOwnFolder(dir);
  if (refusal) throw new AppFailure(appError('data-not-own', { path: dir, reason: refusal }));
  tightenFolder(dir);
}
