/**
 * A watched folder another local user may write in (a shared project folder): what they put
 * there never makes the watcher read, or write beside it, what they could not read themselves.
 * - A link to the user's 0600 recording is refused as a link, said once: no job, no transcript.
 * - A FIFO or a link in place of a recording, and a FIFO renamed over a recording while it is
 *   looked at (in a loop of tries), never hang the watcher: a real recording after them is done,
 *   and the watcher stops when asked.
 * - A recursive watch does not enter a linked folder (the user's home, /usr/include).
 * - A recording the other user may not read (0600) gives a transcript they may not read either.
 * The real core over the real local service, the user root (as CI), the other user made here.
 */
import { execFileSync, spawn } from 'node:child_process';
import {
  chmod,
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../core/core';
import {
  FolderWatchers,
  type WatchLink,
  type WatchListener,
} from '../../core/watch/folder-watcher';
import type { EventPayload } from '../../shared/ipc/contract';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import { useProxiedCore } from '../support/hooks';
import { isRoot, otherUser, runAsToEnd, type OtherUser } from '../support/other-user';
import { until } from '../support/until';

const proxied = useProxiedCore({
  connections: [{ id: 'shared-local', name: 'Local (shared folder)' }],
  activate: true,
});
const CLIP = join(DEFAULT_FIXTURES_DIR, 'espeak', 'sentence-1.wav');
const TIMING = { stableMs: 300, checkMs: 200 };

type FileEvent = EventPayload<'watch:file'>;

const linkOf = (core: Core): WatchLink => ({
  invoke: (channel, input) => core.invoke(channel, input),
  subscribe: (listener) => core.subscribe(listener),
});

function watchers() {
  const files: FileEvent[] = [];
  const onEvent: WatchListener = (event, payload) => {
    if (event === 'watch:file') files.push(payload as FileEvent);
  };
  const group = new FolderWatchers({
    dataDir: proxied.dataDir,
    link: linkOf(proxied.core),
    holder: 'command-line',
    onEvent,
    timing: TIMING,
  });
  return { group, files };
}

const jobsOf = async (path: string) => {
  const listed = await proxied.core.invoke('jobs:list', {});
  if (!listed.ok) throw new Error(listed.error.code);
  return listed.data.jobs.filter((job) => job.file.path === path);
};

let other: OtherUser;
let base: string;
beforeAll(async () => {
  if (!isRoot) return;
  other = otherUser();
  base = await mkdtemp('/tmp/kikitori-shared-');
  await chmod(base, 0o755);
});
afterAll(async () => {
  if (base) await rm(base, { recursive: true, force: true });
});

/** A folder the other user may write in (not sticky, as a shared project folder often is). */
async function sharedFolder(name: string): Promise<string> {
  const folder = join(base, name);
  await mkdir(folder);
  await chmod(folder, 0o777);
  return folder;
}

/** A file of the user's only (0600), outside the shared folder. */
async function secretRecording(name: string): Promise<string> {
  const dir = await mkdtemp(join(base, 'private-'));
  const path = join(dir, name);
  await copyFile(CLIP, path);
  await chmod(path, 0o600);
  await chmod(dir, 0o711);
  return path;
}

/**
 * Python (the fresh machine has it) as the other user: for each of N recordings, copies one into
 * the folder, waits on inotify for a reader to close it, and renames a FIFO over it at once.
 */
const RENAME_ON_CLOSE = `
import ctypes, os, shutil, struct, sys
folder, staging, tries = sys.argv[1], sys.argv[2], int(sys.argv[3])
libc = ctypes.CDLL(None, use_errno=True)
IN_CLOSE_NOWRITE = 0x10
for n in range(tries):
    path = os.path.join(folder, 'race-%d.wav' % n)
    shutil.copyfile(os.path.join(staging, 'clip.wav'), os.path.join(staging, 'next'))
    os.rename(os.path.join(staging, 'next'), path)
    fd = libc.inotify_init()
    libc.inotify_add_watch(fd, path.encode(), IN_CLOSE_NOWRITE)
    fifo = os.path.join(staging, 'fifo-%d' % n)
    os.mkfifo(fifo)
    os.read(fd, 4096)
    os.rename(fifo, path)
    os.close(fd)
`;

function runPythonAs(user: OtherUser, script: string, args: readonly string[]): Promise<void> {
  return new Promise((settle, fail) => {
    const child = spawn('python3', ['-c', script, ...args], {
      uid: user.uid,
      gid: user.gid,
      cwd: '/',
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => (code === 0 ? settle() : fail(new Error(err))));
  });
}

describe.skipIf(!isRoot)('a watched folder another user writes in', { timeout: 300_000 }, () => {
  it('refuses a link to the user’s recording, and a FIFO, once each; goes on with a real one', async () => {
    const folder = await sharedFolder('links');
    const secret = await secretRecording('secret.wav');
    const { group, files } = watchers();
    try {
      await group.add({ folder });
      await runAsToEnd(
        other,
        `import { symlinkSync } from 'node:fs'; import { execFileSync, spawn } from 'node:child_process';
         const [folder, secret] = process.argv.slice(1);
         symlinkSync(secret, folder + '/steal.wav');
         execFileSync('mkfifo', [folder + '/pipe.wav']);`,
        [folder, secret],
      );
      await copyFile(CLIP, join(folder, 'real.wav'));
      await until(
        () => files.filter((f) => f.state === 'done' || f.state === 'skipped').length,
        (n) => n >= 3,
      );
      await group.idle();
      const said = (path: string) => files.filter((f) => f.path === path);
      expect(said(join(folder, 'steal.wav'))).toEqual([
        expect.objectContaining({
          state: 'skipped',
          error: expect.objectContaining({
            code: 'file-refused',
            params: expect.objectContaining({ reason: 'link' }),
          }),
        }),
      ]);
      expect(said(join(folder, 'pipe.wav'))).toEqual([
        expect.objectContaining({
          state: 'skipped',
          error: expect.objectContaining({
            code: 'file',
            params: expect.objectContaining({ reason: 'not-a-file' }),
          }),
        }),
      ]);
      expect(said(join(folder, 'real.wav')).map((f) => f.state)).toEqual(['picked', 'done']);
      expect(await jobsOf(join(folder, 'steal.wav'))).toEqual([]);
      expect(await jobsOf(secret)).toEqual([]);
      expect((await readdir(folder)).sort()).toEqual([
        'pipe.wav',
        'real.txt',
        'real.wav',
        'steal.wav',
      ]);
    } finally {
      await group.close();
    }
  });

  it('never hangs on a FIFO renamed over a recording just after it was looked at, try after try', async () => {
    const folder = await sharedFolder('fifo-race');
    const staging = await mkdtemp(join(base, 'staging-'));
    await chmod(staging, 0o777);
    await copyFile(CLIP, join(staging, 'clip.wav'));
    await chmod(join(staging, 'clip.wav'), 0o644);
    const { group, files } = watchers();
    try {
      await group.add({ folder });
      // The other user drops recordings one after another and, the moment the watcher has
      // opened and closed one (inotify tells them), renames a FIFO over it: whoever opens that
      // name to read it next blocks for good, unless it never opens a FIFO so.
      await runPythonAs(other, RENAME_ON_CLOSE, [folder, staging, '16']);
      // The same bytes as the recordings before it, and often given the inode number of one of
      // them (freed when the FIFO took its name): a new file all the same, not one moved.
      await copyFile(CLIP, join(folder, 'after.wav'));
      // A hang is for ever; the bound only has to outlast transcribing the sixteen recordings
      // before it, two at a time, on a machine whose load is 8.
      // On a timeout the last thing said of each file is what is shown.
      const lastSaid = () =>
        Object.fromEntries(files.map((f) => [f.path.slice(folder.length + 1), f.state]));
      await until(
        () =>
          files.some((f) => f.path === join(folder, 'after.wav') && f.state === 'done')
            ? true
            : lastSaid(),
        (said) => said === true,
        { timeoutMs: 140_000 },
      );
    } finally {
      // Stopping is not held up by it either.
      await Promise.race([
        group.close(),
        new Promise((_, fail) =>
          setTimeout(() => fail(new Error('the watcher did not stop')), 30_000),
        ),
      ]);
    }
  });

  it('does not enter a linked folder when watching subfolders', async () => {
    const folder = await sharedFolder('recursive');
    const elsewhere = await mkdtemp(join(base, 'elsewhere-'));
    await copyFile(CLIP, join(elsewhere, 'theirs.wav'));
    const { group, files } = watchers();
    try {
      await group.add({ folder, recursive: true });
      await runAsToEnd(
        other,
        `import { symlinkSync } from 'node:fs';
         const [folder, elsewhere] = process.argv.slice(1);
         symlinkSync(elsewhere, folder + '/home');
         symlinkSync('/usr/include', folder + '/include');`,
        [folder, elsewhere],
      );
      await mkdir(join(folder, 'sub'));
      await copyFile(CLIP, join(folder, 'sub', 'mine.wav'));
      await until(() => files.find((f) => f.state === 'done'), Boolean);
      // A file added through the link afterwards is not seen either.
      await copyFile(CLIP, join(elsewhere, 'later.wav'));
      await copyFile(CLIP, join(folder, 'sub', 'second.wav'));
      await until(
        () => files.filter((f) => f.state === 'done').length,
        (n) => n === 2,
      );
      await group.idle();
      // The links are said once each, as links; nothing through them is looked at.
      expect(
        files
          .filter((f) => !f.path.startsWith(join(folder, 'sub')))
          .map((f) => [f.path, f.state, f.error?.params.reason]),
      ).toEqual([
        [join(folder, 'home'), 'skipped', 'link'],
        [join(folder, 'include'), 'skipped', 'link'],
      ]);
      expect(await readdir(elsewhere)).toEqual(['later.wav', 'theirs.wav']);
    } finally {
      await group.close();
    }
  });

  it('writes a recording’s transcript no more readable than the recording', async () => {
    const folder = await sharedFolder('modes');
    const { group, files } = watchers();
    try {
      await group.add({ folder });
      const staged = join(base, 'private.wav');
      await copyFile(CLIP, staged);
      await chmod(staged, 0o600);
      await rename(staged, join(folder, 'private.wav'));
      const open = join(base, 'open.wav');
      await copyFile(CLIP, open);
      await chmod(open, 0o644);
      await rename(open, join(folder, 'open.wav'));
      await until(
        () => files.filter((f) => f.state === 'done').length,
        (n) => n === 2,
      );
      expect((await stat(join(folder, 'private.txt'))).mode & 0o777).toBe(0o600);
      // The person's umask (022 here) for a recording others may read.
      expect((await stat(join(folder, 'open.txt'))).mode & 0o777).toBe(0o644);
      // The other user cannot read it.
      await expect(
        runAsToEnd(
          other,
          `import { readFileSync } from 'node:fs'; readFileSync(process.argv[1]);`,
          [join(folder, 'private.txt')],
        ),
      ).rejects.toThrow(/EACCES/);
    } finally {
      await group.close();
    }
  });
});

// Not of another user, but of the same checks: a file over the size limit is refused from its
// size, before a byte of it is read, however often it is touched.
describe('a file over the size limit', { timeout: 120_000 }, () => {
  it('is refused from its size without being read, once, and a touch does not read it either', async () => {
    const folder = await mkdtemp('/tmp/kikitori-huge-');
    const { group, files } = watchers();
    const readBytes = () =>
      Number(/rchar: (\d+)/.exec(execFileSync('cat', [`/proc/${process.pid}/io`]).toString())![1]);
    try {
      await group.add({ folder });
      const before = readBytes();
      for (const name of ['huge-1.wav', 'huge-2.wav']) {
        const path = join(folder, name);
        await writeFile(path, Buffer.from('RIFF'));
        execFileSync('truncate', ['-s', '6G', path]);
      }
      await until(
        () => files.filter((f) => f.state === 'skipped').length,
        (n) => n === 2,
      );
      execFileSync('touch', [join(folder, 'huge-1.wav')]);
      await copyFile(CLIP, join(folder, 'small.wav'));
      await until(() => files.find((f) => f.state === 'done'), Boolean);
      await group.idle();
      expect(files.filter((f) => f.state === 'skipped').map((f) => f.error?.params.reason)).toEqual(
        ['too-large', 'too-large'],
      );
      // 12 GB of sparse files: what was read is the head of each and the small clip, not them.
      expect(readBytes() - before).toBeLessThan(64 * 1024 * 1024);
    } finally {
      await group.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
