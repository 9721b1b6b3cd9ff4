/**
 * A watched folder whose outputs go to a full disk: the output folder is a small tmpfs
 * mounted for this test and filled to the last byte, with the real core and the real local
 * service. The folder says so once, in one sentence in each language naming it, while a second
 * folder goes on transcribing; once there is room, the transcript waiting is written under its
 * own name (no empty file left behind, no numbered name) and the folder is watched as before.
 */
import { copyFile, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolderWatchers, type WatchListener } from '../../../core/watch/folder-watcher';
import { errorText } from '../../../shared/domain/error-text';
import type { EventPayload } from '../../../shared/ipc/contract';
import { DEFAULT_FIXTURES_DIR } from '../../fixtures/build';
import { useProxiedCore } from '../../support/hooks';
import { removeDir, tempDir } from '../../support/service-process';
import { fill, mountSmallDisk, type SmallDisk } from '../../support/small-disk';
import { until } from '../../support/until';

const proxied = useProxiedCore({
  connections: [{ id: 'watch-local', name: 'Local (watched)' }],
  activate: true,
});
const clip = join(DEFAULT_FIXTURES_DIR, 'espeak', 'sentence-1.wav');

let work: string;
let disk: SmallDisk | undefined;
beforeAll(async () => {
  work = await tempDir('kikitori-watch-full-');
  disk = await mountSmallDisk('kikitori-watch-full-disk-', '1m');
});
afterAll(async () => {
  await disk?.close();
  await removeDir(work);
});

type Folder = EventPayload<'watch:folder'>;
type File = EventPayload<'watch:file'>;

describe('a watched folder whose outputs meet a full disk', { timeout: 300_000 }, () => {
  it('says so once in one sentence, goes on with the other folder, and writes once there is room', async () => {
    const full = join(work, 'to-full-disk');
    const fine = join(work, 'fine');
    await mkdir(full);
    await mkdir(fine);
    const out = disk!.path;
    const filler = join(out, 'filler');
    await fill(filler);

    const folders: Folder[] = [];
    const files: File[] = [];
    const onEvent: WatchListener = (event, payload) => {
      if (event === 'watch:folder') folders.push(payload as Folder);
      else files.push(payload as File);
    };
    const group = new FolderWatchers({
      dataDir: proxied.dataDir,
      link: {
        invoke: (channel, input) => proxied.core.invoke(channel, input),
        subscribe: (listener) => proxied.core.subscribe(listener),
      },
      holder: 'command-line',
      onEvent,
      timing: { stableMs: 500, checkMs: 200 },
    });
    try {
      await group.add({ folder: full, out });
      await group.add({ folder: fine });
      await copyFile(clip, join(full, 'talk.wav'));
      const problems = () => folders.filter((f) => f.folder === full && f.state === 'problem');
      await until(problems, (said) => said.length > 0);
      const problem = problems()[0]!.problem!;
      expect(problem).toMatchObject({
        code: 'watch-waiting',
        params: { path: full },
      });
      // Said as what it is: the folder is still watched, only its transcripts wait.
      expect(errorText(problem, 'en')).toBe(
        `Transcripts of ${full} are waiting: the disk they are written to is full. Kikitori goes on watching the folder and writes them as soon as there is room; free some space on that disk.`,
      );
      expect(errorText(problem, 'ja')).toContain(full);
      expect(errorText(problem, 'ja')).toContain('ディスクがいっぱいです');
      expect(await readdir(out)).toEqual(['filler']);

      // The other folder goes on meanwhile, and the full one keeps saying it once.
      await copyFile(clip, join(fine, 'other.wav'));
      await until(
        () => files.find((f) => f.path === join(fine, 'other.wav') && f.state === 'done'),
        Boolean,
      );
      expect(problems()).toHaveLength(1);
      expect(files.filter((f) => f.state === 'failed')).toEqual([]);

      // Room again: the waiting transcript is written under its own name, once.
      await rm(filler);
      const written = await until(
        () => files.find((f) => f.path === join(full, 'talk.wav') && f.state === 'done'),
        Boolean,
      );
      expect(written!.outputs).toEqual([join(out, 'talk.txt')]);
      expect(await readdir(out)).toEqual(['talk.txt']);
      expect((await readFile(join(out, 'talk.txt'), 'utf8')).trim().length).toBeGreaterThan(0);
      await until(
        () => folders.filter((f) => f.folder === full).at(-1)?.state,
        (state) => state === 'watching',
      );
      expect(problems()).toHaveLength(1);
    } finally {
      await group.close();
    }
  });
});
