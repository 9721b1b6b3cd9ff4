/**
 * Exports written into a folder another local user may change (they can delete and make its
 * entries, as in a shared project folder): while the user writes, the other user swaps each of
 * the writer's temporary files for a link to another file of the user's (0400), as fast as they
 * can. Whatever they win, that file keeps its mode and its bytes, and every export that was
 * written is a plain file holding exactly its bytes: the writer sets modes on its own descriptors
 * and follows nothing. The real writers (core/export/save.ts), as root (CI); the other user made
 * here.
 */
import { chmod, lstat, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeNewFile, writeOver } from '../../core/export/save';
import { isRoot, otherUser, runAs, type OtherUser } from '../support/other-user';
import { until } from '../support/until';

/** The other user's loop: every temporary file of the writer's pattern becomes a link. */
const SWAPPER = `
import { readdirSync, symlinkSync, unlinkSync } from 'node:fs';
const [folder, target] = process.argv.slice(1);
let swaps = 0;
process.on('SIGTERM', () => { console.log('swaps ' + swaps); process.exit(0); });
console.log('swapping');
for (;;) {
  for (const name of readdirSync(folder)) {
    if (!/^\\.[0-9a-f]{12}\\.tmp$/.test(name)) continue;
    try {
      unlinkSync(folder + '/' + name);
      symlinkSync(target, folder + '/' + name);
      swaps++;
    } catch {}
  }
  await new Promise((settle) => setImmediate(settle));
}
`;

let other: OtherUser;
let base: string;
beforeAll(async () => {
  if (!isRoot) return;
  other = otherUser();
  base = await mkdtemp('/tmp/kikitori-exports-');
  await chmod(base, 0o755);
});
afterAll(async () => {
  if (base) await rm(base, { recursive: true, force: true });
});

describe.skipIf(!isRoot)(
  'exports into a folder another user may change',
  { timeout: 180_000 },
  () => {
    it('never change the mode or the bytes of another file through a swapped-in link', async () => {
      const folder = join(base, 'shared');
      await (await import('node:fs/promises')).mkdir(folder);
      await chmod(folder, 0o777);
      const secret = join(base, 'secret.txt');
      await writeFile(secret, 'the user’s own words\n');
      // Read-only: any mode the writer would give an export (0600 or the umask's 0644) shows.
      await chmod(secret, 0o400);

      const swapper = runAs(other, SWAPPER, [folder, secret]);
      let said = '';
      swapper.stdout!.on('data', (chunk: Buffer) => (said += chunk.toString()));
      swapper.stderr!.on('data', (chunk: Buffer) => (said += chunk.toString()));
      await until(
        () => said,
        (text) => text.includes('swapping') || swapper.exitCode !== null,
      );
      const bytes = Buffer.from('1\n00:00:00,000 --> 00:00:01,000\nhello\n');
      const written: string[] = [];
      let refused = 0;
      try {
        for (let n = 0; n < 150; n++) {
          await writeNewFile(folder, `talk-${n}.srt`, bytes).then(
            (path) => written.push(path),
            () => refused++,
          );
          const chosen = join(folder, `chosen-${n}.srt`);
          await writeOver(chosen, bytes).then(
            () => written.push(chosen),
            () => refused++,
          );
        }
      } finally {
        swapper.kill('SIGTERM');
        await new Promise((settle) => swapper.once('exit', settle));
      }
      const swaps = Number(/swaps (\d+)/.exec(said)?.[1] ?? 0);
      // The other user did get in between, many times.
      expect(swaps, said).toBeGreaterThan(20);
      expect((await stat(secret)).mode & 0o777).toBe(0o400);
      expect(await readFile(secret, 'utf8')).toBe('the user’s own words\n');
      for (const path of written) {
        const info = await lstat(path);
        expect(info.isFile(), `${path} is a plain file`).toBe(true);
        expect(await readFile(path)).toEqual(bytes);
      }
      // What lost a race was refused as a failed export, never written elsewhere.
      expect(written.length + refused).toBe(300);
    });
  },
);
