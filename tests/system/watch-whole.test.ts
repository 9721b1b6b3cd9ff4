/**
 * A watched file is transcribed once, and only once it is whole, as `kikitori watch` runs for a
 * person: the package's bin as a child process with its own core and the real local service.
 * Writers that take their time (three bursts 1.5 s apart, as a recorder or a copy over the network
 * writes; a pause of 10 s in the middle) are waited for, however long they pause, and the watcher
 * stopped and started again in the middle of each (SIGTERM, as a logout does) still does the file
 * once: one job, of the whole file, one transcript, nothing more at a further restart.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { open, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../support/service-process';
import { until } from '../support/until';

const NO_KEYCHAIN = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' };
const CLIP = 'tests/fixtures/generated/librivox/sense_and_sensibility_01_austen_64kb-0870.wav';

interface Watcher {
  readonly child: ChildProcess;
  readonly lines: Record<string, unknown>[];
  readonly exited: Promise<number | null>;
}

/** `kikitori watch FOLDER --json` on `dataDir`, once it says it watches. */
async function startWatcher(dataDir: string, folder: string): Promise<Watcher> {
  const child = spawn(
    process.execPath,
    ['scripts/kikitori.mjs', '--data', dataDir, '--json', 'watch', folder],
    {
      env: { ...process.env, ...NO_KEYCHAIN, LANG: 'C.UTF-8', LC_ALL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const lines: Record<string, unknown>[] = [];
  let rest = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const text = rest + chunk.toString();
    const parts = text.split('\n');
    rest = parts.pop()!;
    for (const line of parts) if (line.trim()) lines.push(JSON.parse(line));
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((settle) => child.on('exit', (code) => settle(code)));
  await until(
    () => lines.some((l) => l.type === 'folder' && l.state === 'watching') || child.exitCode,
    Boolean,
  );
  expect(child.exitCode, stderr).toBeNull();
  return { child, lines, exited };
}

async function stopWatcher(watcher: Watcher): Promise<void> {
  watcher.child.kill('SIGTERM');
  expect(await watcher.exited).toBe(0);
}

const files = (watcher: Watcher, state: string) =>
  watcher.lines.filter((l) => l.type === 'file' && l.state === state);

/** Writes `bytes` into `path` in `pieces` bursts, held open throughout, `between` each burst. */
async function slowWrite(
  path: string,
  bytes: Buffer,
  pieces: number,
  between: (piece: number) => Promise<void>,
): Promise<void> {
  const file = await open(path, 'w');
  try {
    const size = Math.ceil(bytes.length / pieces);
    for (let piece = 0; piece < pieces; piece++) {
      await file.write(bytes.subarray(piece * size, (piece + 1) * size));
      await file.sync();
      if (piece < pieces - 1) await between(piece);
    }
  } finally {
    await file.close();
  }
}

const pause = (ms: number) => new Promise<void>((settle) => setTimeout(settle, ms));

let dataDir: string;
let work: string;
let bytes: Buffer;
beforeAll(async () => {
  dataDir = await tempDir('kikitori-whole-data-');
  work = await tempDir('kikitori-whole-');
  bytes = await readFile(CLIP);
});
afterAll(async () => {
  await removeDir(dataDir);
  await removeDir(work);
});

/** The jobs of the data folder, through the running watcher (`kikitori jobs --json`). */
function jobsOf(path: string): Promise<{ file: { path: string; size: number } }[]> {
  return new Promise((settle, fail) => {
    const child = spawn(
      process.execPath,
      ['scripts/kikitori.mjs', '--data', dataDir, '--json', 'jobs'],
      { env: { ...process.env, ...NO_KEYCHAIN }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => {
      if (code !== 0) return fail(new Error(`kikitori jobs exited ${code}`));
      const result = JSON.parse(out.trim().split('\n').at(-1)!) as {
        jobs: { file: { path: string; size: number } }[];
      };
      settle(result.jobs.filter((job) => job.file.path === path));
    });
  });
}

/**
 * Waits for the watcher's first transcript, then checks it is the only one and of the whole
 * file: one job, of the file's whole size; the folder holds the source and its `.txt` alone.
 */
async function doneOnce(watcher: Watcher, folder: string, name: string): Promise<void> {
  await until(
    () => files(watcher, 'done').length + files(watcher, 'failed').length,
    (n) => n > 0,
    {
      timeoutMs: 120_000,
    },
  );
  expect(files(watcher, 'failed')).toEqual([]);
  const jobs = await jobsOf(join(folder, `${name}.wav`));
  expect(jobs.map((job) => job.file.size)).toEqual([bytes.length]);
  expect((await readdir(folder)).sort()).toEqual([`${name}.txt`, `${name}.wav`]);
}

async function folderNamed(name: string): Promise<string> {
  const folder = join(work, name);
  await (await import('node:fs/promises')).mkdir(folder);
  return folder;
}

describe('a file written slowly into a watched folder', { timeout: 400_000 }, () => {
  it('is transcribed once, whole, when it comes in three bursts 1.5 s apart', async () => {
    const folder = await folderNamed('bursts');
    const watcher = await startWatcher(dataDir, folder);
    try {
      await slowWrite(join(folder, 'b.wav'), bytes, 3, () => pause(1_500));
      await doneOnce(watcher, folder, 'b');
      expect(files(watcher, 'picked')).toHaveLength(1);
    } finally {
      await stopWatcher(watcher);
    }
    // A further start does nothing more with it.
    const again = await startWatcher(dataDir, folder);
    await stopWatcher(again);
    expect(files(again, 'picked')).toEqual([]);
    expect((await readdir(folder)).sort()).toEqual(['b.txt', 'b.wav']);
  });

  it('is transcribed once, whole, when its writer pauses 10 s in the middle', async () => {
    const folder = await folderNamed('pause');
    const watcher = await startWatcher(dataDir, folder);
    try {
      await slowWrite(join(folder, 'p.wav'), bytes, 2, () => pause(10_000));
      await doneOnce(watcher, folder, 'p');
      expect(files(watcher, 'picked')).toHaveLength(1);
    } finally {
      await stopWatcher(watcher);
    }
  });

  it('is transcribed once, whole, when the watcher restarts between its bursts', async () => {
    const folder = await folderNamed('restart-bursts');
    let watcher = await startWatcher(dataDir, folder);
    const seen: Watcher[] = [watcher];
    await slowWrite(join(folder, 'r.wav'), bytes, 3, async (piece) => {
      await pause(1_500);
      if (piece === 0) {
        await stopWatcher(watcher);
        watcher = await startWatcher(dataDir, folder);
        seen.push(watcher);
      }
    });
    try {
      await doneOnce(watcher, folder, 'r');
    } finally {
      await stopWatcher(watcher);
    }
    const again = await startWatcher(dataDir, folder);
    await stopWatcher(again);
    seen.push(again);
    expect(seen.flatMap((w) => files(w, 'picked'))).toHaveLength(1);
    expect((await readdir(folder)).sort()).toEqual(['r.txt', 'r.wav']);
  });

  it('is transcribed once, whole, when the watcher restarts during a 10 s pause', async () => {
    const folder = await folderNamed('restart-pause');
    let watcher = await startWatcher(dataDir, folder);
    const seen: Watcher[] = [watcher];
    await slowWrite(join(folder, 's.wav'), bytes, 2, async () => {
      await pause(3_000);
      await stopWatcher(watcher);
      watcher = await startWatcher(dataDir, folder);
      seen.push(watcher);
      await pause(7_000);
    });
    try {
      await doneOnce(watcher, folder, 's');
    } finally {
      await stopWatcher(watcher);
    }
    expect(seen.flatMap((w) => files(w, 'picked'))).toHaveLength(1);
    expect((await readdir(folder)).sort()).toEqual(['s.txt', 's.wav']);
  });
});
