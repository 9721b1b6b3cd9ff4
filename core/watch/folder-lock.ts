/**
 * One watcher per folder and user, across the app and the command line, whatever data folder each
 * uses: each watched folder has a lock in the user's own state folder
 * (`~/.local/state/kikitori/watch-locks/<hash of its path>.lock`, or under `$XDG_STATE_HOME`),
 * SQLite's exclusive file lock as for the data folder itself (core/storage/app-lock.ts), so a watcher
 * killed by a crash never leaves it behind. Beside it, `<hash>.json` says who holds it (the app or
 * `kikitori watch`, and its process), written once the lock is taken, so a second watcher can
 * name the holder. Both are 0600 in a 0700 folder, whoever makes them.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { AppFailure, appError } from '../../shared/domain/errors';
import { exclusiveLock } from '../storage/app-lock';
import { writeTextAtomic } from '../storage/atomic-json';
import { makePrivateFile, makePrivateFolderOf, userStateDir } from '../storage/private-folder';

/** Who watches a folder: the app (its window's watched folders) or `kikitori watch`. */
export type WatchHolder = 'app' | 'command-line';

const holderSchema = z.object({
  holder: z.enum(['app', 'command-line']),
  pid: z.number().int().positive(),
  folder: z.string(),
});

export interface FolderLock {
  release(): void;
}

const lockName = (folder: string) => createHash('sha256').update(folder).digest('hex').slice(0, 32);

/** Who holds `file` (its `.json` beside it), when it can be told. */
function holderOf(file: string): z.infer<typeof holderSchema> | undefined {
  try {
    const parsed = holderSchema.safeParse(JSON.parse(readFileSync(`${file}.json`, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes `folder`'s lock (its real path) for `holder`, or throws `watch-held` naming who has it.
 */
export async function lockFolder(folder: string, holder: WatchHolder): Promise<FolderLock> {
  const dir = join(userStateDir(), 'watch-locks');
  makePrivateFolderOf(dir);
  const file = join(dir, lockName(folder));
  makePrivateFile(`${file}.lock`);
  const lock = exclusiveLock(`${file}.lock`);
  if (!lock) {
    const known = holderOf(file);
    throw new AppFailure(
      appError('watch-held', {
        path: folder,
        holder: known?.holder ?? 'other',
        ...(known ? { pid: known.pid } : {}),
      }),
    );
  }
  try {
    await writeTextAtomic(`${file}.json`, JSON.stringify({ holder, pid: process.pid, folder }));
  } catch (error) {
    lock.release();
    throw error;
  }
  return lock;
}
