/**
 * The data folder is its user's alone: a folder that already exists more open
 * (given with --data, as an older Kikitori left it) is made 0700 at start and said so once in
 * the start-up output, and everything the processes then create in it, SQLite's -wal and -shm,
 * uploads and the service's kept audio too, is 0600 (files) or 0700 (folders). The real web
 * host (with its supervised local service) and a real service process, each on a 0755 folder.
 */
import { spawn } from 'node:child_process';
import { chmod, mkdir, readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import {
  multipart,
  rawRequest,
  removeDir,
  startService,
  tempDir,
  type RunningService,
} from '../support/service-process';
import { userStateDir } from '../../core/storage/private-folder';
import { until } from '../support/until';
import { openWebHost } from '../support/web-host-session';

/** Every file and folder under `dir` whose mode lets another user in. */
async function openToOthers(dir: string): Promise<string[]> {
  const open: string[] = [];
  const walk = async (d: string) => {
    for (const entry of await readdir(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      const { mode } = await stat(path);
      if ((mode & 0o077) !== 0) open.push(`${path} ${(mode & 0o777).toString(8)}`);
      if (entry.isDirectory()) await walk(path);
    }
  };
  await walk(dir);
  return open;
}

/** A folder as `--data` may name it: existing, and readable by everyone. */
async function openFolder(prefix: string): Promise<string> {
  const dir = await tempDir(prefix);
  await chmod(dir, 0o755);
  return dir;
}

const cleanup: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

describe('the data folder', () => {
  it('of the web host is made 0700, said once, and all it writes is user-only', async () => {
    const web = await openWebHost('kikitori-private-app-', async (dir) => {
      await chmod(dir, 0o755);
      // The local service's folder inside it, as an older start left it.
      await mkdir(join(dir, 'service'), { mode: 0o755 });
      await chmod(join(dir, 'service'), 0o755);
    });
    cleanup.push(() => web.close());
    const { dataDir, host } = web;

    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    expect((await stat(join(dataDir, 'service'))).mode & 0o777).toBe(0o700);
    expect(host.lines.filter((line) => line.includes('open to other users'))).toEqual([
      `The data folder ${dataDir} was open to other users (mode 0755); it is now private (0700).`,
    ]);

    // An upload, and the index's -wal and -shm written by a search.
    const upload = await fetch(`${host.url}/uploads?name=talk.wav`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${host.token}` },
      body: 'RIFF',
    });
    expect(upload.status).toBe(200);
    await host.call('search:query', { query: 'budget', limit: 5 });
    expect(await readdir(dataDir)).toEqual(
      expect.arrayContaining(['search.sqlite-wal', 'search.sqlite-shm']),
    );
    expect(await readdir(join(dataDir, 'uploads'))).not.toEqual([]);
    expect(await openToOthers(dataDir)).toEqual([]);

    // A second start on a private folder says nothing about it.
    await host.stop();
    const again = await web.restart();
    expect(again.lines.filter((line) => line.includes('open to other users'))).toEqual([]);
  });

  it('of the local service is made 0700, said once, and all it writes is user-only', async () => {
    const dataDir = await openFolder('kikitori-private-service-');
    cleanup.push(() => removeDir(dataDir));
    const service: RunningService = await startService({ dataDir });
    cleanup.push(() => service.stop());

    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    expect(service.events.filter((e) => e.event === 'data-folder-tightened')).toEqual([
      {
        event: 'data-folder-tightened',
        dataDir,
        mode: '0755',
        message: `the data folder ${dataDir} was open to other users (mode 0755); it is now private (0700)`,
      },
    ]);
    // A logged request keeps its audio and result.
    const audio = await readFile(
      join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav'),
    );
    const { body, contentType } = multipart([
      { name: 'u', value: service.key },
      { name: 'd', value: '-a-general-en' },
      { name: 'a', value: audio, filename: 'a.wav' },
    ]);
    const res = await rawRequest(service.url, {
      method: 'POST',
      path: '/v1/recognize',
      headers: { 'Content-Type': contentType },
      body,
    });
    expect(res.status).toBe(200);
    expect(await readdir(join(dataDir, 'logs'))).not.toEqual([]);
    expect(await openToOthers(dataDir)).toEqual([]);
  });

  it('is written user-only by a command working through the app, whatever its umask', async () => {
    const web = await openWebHost('kikitori-private-command-');
    cleanup.push(() => web.close());
    const folder = await tempDir('kikitori-private-watched-');
    cleanup.push(() => removeDir(folder));
    // The person's shell: umask 022, as most are.
    const child = spawn(
      'sh',
      [
        '-c',
        'umask 022; exec "$@"',
        'sh',
        process.execPath,
        'scripts/kikitori.mjs',
        '--json',
        '--data',
        web.dataDir,
        'watch',
        folder,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LANG: 'C.UTF-8' } },
    );
    let said = '';
    child.stdout.on('data', (chunk: Buffer) => (said += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
    await until(
      () => said,
      (text) => text.includes('"state":"watching"') || child.exitCode !== null,
    );
    expect(said).toContain('"state":"watching"');
    child.kill('SIGTERM');
    expect(await new Promise((settle) => child.once('exit', settle))).toBe(0);
    // Its record of files seen (and SQLite's files beside it) and its folder lock: user-only.
    expect(await readdir(web.dataDir)).toEqual(expect.arrayContaining(['watched.sqlite']));
    expect(await openToOthers(web.dataDir)).toEqual([]);
    expect(await openToOthers(join(userStateDir(), 'watch-locks'))).toEqual([]);
  });
});
