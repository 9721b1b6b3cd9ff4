/** The keys made for programs (core/programs/program-keys.ts): a real file in a temporary folder. */
import { mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { PROGRAM } from '../../../core/caller';
import { ProgramKeys } from '../../../core/programs/program-keys';
import type { ProgramsView } from '../../../shared/domain/program-key';

let dir: string;
let now = 1_000;
const told: ProgramsView[] = [];
const open = () => ProgramKeys.open({ dataDir: dir, emit: (v) => told.push(v), now: () => now });

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kikitori-program-keys-'));
  told.length = 0;
});
afterEach(() => rm(dir, { recursive: true, force: true }));

it('keeps a key’s hash only, knows the key by it, notes its use, and forgets it when revoked', async () => {
  const keys = await open();
  const { key } = await keys.create('Obsidian');
  expect(key).toMatch(/^kkp-[\w-]{43}$/);
  const file = await readFile(join(dir, 'program-keys.json'), 'utf8');
  expect(file).not.toContain(key);
  expect(file).toContain('Obsidian');
  await expect(keys.create('Obsidian')).rejects.toMatchObject({
    error: { code: 'program-key', params: { reason: 'name-taken' } },
  });
  now = 5_000;
  expect(keys.check(key)).toBe('Obsidian');
  expect(keys.check(`${key}x`)).toBeUndefined();
  expect(keys.check('')).toBeUndefined();
  // Read again from the file: the key still works, its last use is kept.
  await new Promise((resolve) => setImmediate(resolve));
  const again = await open();
  await expect.poll(async () => (await open()).view().keys[0]?.lastUsedAt).toBe(5_000);
  expect(again.check(key)).toBe('Obsidian');
  expect(await again.revoke('Obsidian')).toBe(true);
  expect(await again.revoke('Obsidian')).toBe(false);
  expect(again.check(key)).toBeUndefined();
  expect(told.at(-1)).toEqual({ keys: [], folders: [] });
});

it('allows a folder only as a full path to a folder, resolved', async () => {
  const keys = await open();
  await expect(keys.addFolder('recordings', PROGRAM)).rejects.toMatchObject({
    error: { code: 'program-folder', params: { reason: 'not-absolute' } },
  });
  await expect(keys.addFolder(join(dir, 'nowhere'), PROGRAM)).rejects.toMatchObject({
    error: { params: { reason: 'missing' } },
  });
  await writeFile(join(dir, 'a-file'), '');
  await expect(keys.addFolder(join(dir, 'a-file'), PROGRAM)).rejects.toMatchObject({
    error: { params: { reason: 'not-folder' } },
  });
  // The window under Electron names folders only through the system's picker.
  await expect(
    keys.addFolder(dir, {
      paths: { kind: 'chosen', files: { resolve: () => undefined } },
    } as never),
  ).rejects.toMatchObject({ error: { code: 'file-refused' } });
  expect((await keys.addFolder(`${dir}/.`, PROGRAM)).folders).toEqual([await realpath(dir)]);
  expect((await keys.removeFolder(await realpath(dir))).folders).toEqual([]);
});
