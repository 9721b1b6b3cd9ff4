/**
 * The watched folders' record of files seen, on a real SQLite file: a file moved on its disk is
 * still the file seen (its inode and birth time go with it), while a new file given the inode
 * number of one deleted is a file of its own, even with the same bytes; where the file system
 * keeps no birth time, and for rows written before birth times were kept, the inode alone says;
 * on this disk, a real move keeps its inode and birth time, and a copy of its bytes is new.
 */
import Database from 'better-sqlite3';
import { copyFile, lstat, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileIdOf } from '../../../core/watch/folder-watch';
import { SeenFiles, type FileId } from '../../../core/watch/seen-files';

let dir: string;
let seen: SeenFiles;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kikitori-seen-'));
  seen = SeenFiles.open(dir);
});
afterEach(async () => {
  seen.close();
  await rm(dir, { recursive: true, force: true });
});

const plan = { formats: ['txt' as const], settings: {} };
const HASH = 'a'.repeat(64);
const file = (changes: Partial<FileId> = {}): FileId => ({
  path: '/watched/talk.wav',
  size: 1000,
  mtimeMs: 1_700_000_000_000,
  dev: 64,
  ino: 4242,
  hash: HASH,
  btime: 1_700_000_000_000,
  ...changes,
});
const claimOf = (id: FileId) => seen.claim('/watched', { ...id, mode: 0o644 }, 'claim', plan);

describe('the record of files seen', () => {
  it('knows a file moved on its disk (same inode, same birth time), with or without its hash', () => {
    expect(claimOf(file())).toBeDefined();
    const moved = file({ path: '/watched/renamed.wav' });
    expect(seen.seen(moved)).toBe(true);
    expect(seen.seen({ ...moved, hash: undefined })).toBe(true);
  });

  it('does not take a new file given a deleted one’s inode number for it, even with its bytes', () => {
    expect(claimOf(file())).toBeDefined();
    const reborn = file({ path: '/watched/after.wav', mtimeMs: 1_700_000_100_000 });
    expect(seen.seen({ ...reborn, btime: 1_700_000_100_000 })).toBe(false);
    expect(claimOf({ ...reborn, btime: 1_700_000_100_000 })).toBeDefined();
  });

  it('goes by the inode alone where no birth time is known (the file system keeps none, or an older row)', () => {
    expect(claimOf(file({ btime: 0 }))).toBeDefined();
    expect(seen.seen(file({ path: '/watched/renamed.wav', btime: 1_700_000_100_000 }))).toBe(true);
    const other = file({ path: '/watched/b.wav', ino: 77, btime: 1_700_000_000_000 });
    expect(claimOf(other)).toBeDefined();
    expect(seen.seen(file({ path: '/watched/c.wav', ino: 77, btime: 0 }))).toBe(true);
  });

  it('adds the birth time to a record made before it was kept, and keeps what it held', async () => {
    seen.close();
    const db = new Database(join(dir, 'watched.sqlite'));
    db.exec('ALTER TABLE files DROP COLUMN btime');
    db.pragma('user_version = 3');
    db.prepare(
      `INSERT INTO files (folder, path, size, mtime, dev, ino, hash, state, updated_at)
       VALUES ('/watched', '/watched/old.wav', 1000, 1, 64, 9, ?, 'done', 1)`,
    ).run(HASH);
    db.close();
    seen = SeenFiles.open(dir);
    expect(seen.seen(file({ path: '/watched/moved-old.wav', ino: 9 }))).toBe(true);
    expect(seen.seen(file({ path: '/watched/new.wav', ino: 10 }))).toBe(false);
  });

  it('on this disk, knows a file moved (its inode and birth time go with it), not a copy of its bytes', async () => {
    const first = join(dir, 'first.wav');
    await writeFile(first, 'RIFF same bytes');
    const before = fileIdOf(first, await lstat(first));
    expect(claimOf({ ...before, hash: HASH })).toBeDefined();
    await rename(first, join(dir, 'moved.wav'));
    const moved = fileIdOf(join(dir, 'moved.wav'), await lstat(join(dir, 'moved.wav')));
    expect(moved.btime).toBe(before.btime);
    expect(seen.seen({ ...moved, hash: HASH })).toBe(true);
    // The moved file is still there, so the copy has an inode of its own.
    await copyFile(join(dir, 'moved.wav'), join(dir, 'copy.wav'));
    const copy = fileIdOf(join(dir, 'copy.wav'), await lstat(join(dir, 'copy.wav')));
    expect(seen.seen({ ...copy, hash: HASH })).toBe(false);
  });
});
