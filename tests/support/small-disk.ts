/**
 * A small file system to fill, for the full-disk tests: a tmpfs mounted on a fresh folder (this
 * needs root and mount(8)), and a way to fill it to the last byte.
 */
import { execFile } from 'node:child_process';
import { appendFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { removeDir, tempDir } from './service-process';

const run = promisify(execFile);

export interface SmallDisk {
  readonly path: string;
  /** Unmounts it (lazily if something still holds it) and removes the folder. */
  close(): Promise<void>;
}

export async function mountSmallDisk(prefix: string, size: string): Promise<SmallDisk> {
  const path = await tempDir(prefix);
  try {
    await run('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0700`, 'tmpfs', path]);
  } catch (error) {
    await removeDir(path);
    throw new Error(
      `this test needs a small tmpfs as the data folder and could not mount one at ${path} (run it as root, with mount(8) available): ${(error as Error).message}`,
      { cause: error },
    );
  }
  return {
    path,
    async close() {
      await run('umount', [path]).catch(() => run('umount', ['-l', path]));
      await removeDir(path);
    },
  };
}

/** Fills the file system holding `path` to the last byte, writing `path`. */
export async function fill(path: string): Promise<void> {
  const chunk = Buffer.alloc(16 * 1024, 1);
  for (let size = chunk.length; size > 0;) {
    try {
      await appendFile(path, chunk.subarray(0, size));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      size = Math.floor(size / 2);
    }
  }
}
