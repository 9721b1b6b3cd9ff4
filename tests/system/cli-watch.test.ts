/**
 * `kikitori watch` as a person runs it: the package's bin as a child process,
 * holding the data folder with the real local service. A clip copied into the folder gets its
 * transcript in each format asked for, once; a second `kikitori watch` of the same folder goes
 * through the first (its program endpoint) and is refused, naming the watcher that holds it; a
 * file it leaves alone (not audio or video) is said with its reason, in text and as an event;
 * SIGTERM stops the watcher cleanly with exit code 0.
 */
import { copyFile, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKikitori, type RunningCli } from '../support/cli-run';
import { removeDir, tempDir } from '../support/service-process';
import { until } from '../support/until';

const CLIP = 'tests/fixtures/generated/espeak/sentence-1.wav';

type Running = RunningCli;
const kikitori = (args: readonly string[]) => startKikitori(args);

let dataDir: string;
let folder: string;
let watcher: Running;
beforeAll(async () => {
  dataDir = await tempDir('kikitori-watch-data-');
  folder = await tempDir('kikitori-watch-in-');
  watcher = kikitori(['--data', dataDir, '--json', 'watch', folder, '--format', 'txt,srt']);
  await until(
    () => watcher.out.stdout.includes('"state":"watching"') || watcher.child.exitCode !== null,
    Boolean,
  );
  expect(watcher.child.exitCode, watcher.out.stderr).toBeNull();
}, 180_000);
afterAll(async () => {
  if (watcher.child.exitCode === null) watcher.child.kill('SIGKILL');
  await removeDir(dataDir);
  await removeDir(folder);
});

describe('kikitori watch', () => {
  it('transcribes a clip moved into the folder once, in each format asked for', async () => {
    // Written beside the folder, then moved in whole, as a download or a save-as does.
    const staging = join(dataDir, '..', `${folder.split('/').pop()}-talk.wav`);
    await copyFile(CLIP, staging);
    await rename(staging, join(folder, 'talk.wav'));
    // Done once both are written whole (a name shows while it is being filled).
    await until(
      () => watcher.out.stdout,
      (said) => said.includes('"type":"file"') && said.includes('"state":"done"'),
    );
    expect((await readdir(folder)).sort()).toEqual(['talk.srt', 'talk.txt', 'talk.wav']);
    expect((await readFile(join(folder, 'talk.txt'), 'utf8')).trim().length).toBeGreaterThan(5);
    expect(await readFile(join(folder, 'talk.srt'), 'utf8')).toMatch(/^1\n00:00:0/);
    const lines = watcher.out.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const picked = lines.filter((l) => l.type === 'file' && l.state === 'picked');
    expect(picked.map((l) => l.path)).toEqual([join(folder, 'talk.wav')]);
  }, 180_000);

  it('refuses a second watcher of the folder through the first, naming it', async () => {
    const second = kikitori(['--data', dataDir, 'watch', folder]);
    expect(await second.exited).toBe(1);
    expect(second.out.stderr).toContain(
      `${folder} is already watched by the command “kikitori watch” (process ${watcher.child.pid})`,
    );
  }, 120_000);

  it('says a file it leaves alone (not audio or video), with its reason, in text and with --json', async () => {
    const folders = [await tempDir('kikitori-watch-text-'), await tempDir('kikitori-watch-json-')];
    // Through the first watcher (it holds the data folder), each its own folder.
    const text = kikitori(['--data', dataDir, 'watch', folders[0]!]);
    const json = kikitori(['--data', dataDir, '--json', 'watch', folders[1]!]);
    try {
      await until(
        () => [text.out.stderr, json.out.stdout],
        ([said, events]) => said!.includes('Watching') && events!.includes('"state":"watching"'),
      );
      for (const into of folders) {
        const staging = join(dataDir, '..', `${into.split('/').pop()}-notes.txt`);
        await writeFile(staging, 'Agenda: budget, hiring.\n');
        await rename(staging, join(into, 'notes.txt'));
      }
      await until(
        () => [text.out.stderr, json.out.stdout],
        ([said, events]) => said!.includes('left alone') && events!.includes('"state":"skipped"'),
      );
      expect(text.out.stderr).toContain(
        `${join(folders[0]!, 'notes.txt')}: left alone. Kikitori will not transcribe notes.txt: its content is not audio or video it can read`,
      );
      const skipped = json.out.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .find((l) => l.type === 'file' && l.state === 'skipped');
      expect(skipped).toMatchObject({
        path: join(folders[1]!, 'notes.txt'),
        error: { code: 'file-refused', params: { reason: 'not-media' } },
      });
    } finally {
      text.child.kill('SIGTERM');
      json.child.kill('SIGTERM');
      expect(await text.exited).toBe(0);
      expect(await json.exited).toBe(0);
      for (const into of folders) await removeDir(into);
    }
  }, 120_000);

  it('stops cleanly on SIGTERM with exit code 0', async () => {
    watcher.child.kill('SIGTERM');
    expect(await watcher.exited).toBe(0);
    const last = JSON.parse(watcher.out.stdout.trim().split('\n').at(-1)!) as Record<
      string,
      unknown
    >;
    expect(last).toMatchObject({ type: 'result', ok: true, exitCode: 0 });
    expect((await readdir(folder)).sort()).toEqual(['talk.srt', 'talk.txt', 'talk.wav']);
  }, 60_000);
});
