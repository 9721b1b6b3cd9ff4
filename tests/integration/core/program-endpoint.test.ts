/**
 * The program endpoint and its client (core/programs/program-endpoint.ts, core/programs/program-client.ts), with a
 * real core and real sockets: a program drives the core through the data folder's socket as it
 * would a core of its own, gets its events and is told when the app has gone; an app replaces a
 * socket a killed one left, and nothing else (the client's other cases:
 * tests/unit/core/program-client.test.ts).
 */
import { link, readFile, stat, writeFile } from 'node:fs/promises';
import { request, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Core } from '../../../core/core';
import { SessionKeyStore } from '../../../core/key-store/key-store';
import { connectProgram, type ProgramConnection } from '../../../core/programs/program-client';
import { startProgramEndpoint } from '../../../core/programs/program-endpoint';
import type { CoreLink } from '../../../core/programs/program-link';
import { appError } from '../../../shared/domain/errors';
import type { EventName } from '../../../shared/ipc/contract';
import { seedFailedJobs, seededId } from '../../support/seed-jobs';
import { removeDir, tempDir } from '../../support/service-process';
import { until } from '../../support/until';

const dirs: string[] = [];
const closers: (() => unknown)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  for (const dir of dirs) await removeDir(dir);
});

async function folder(): Promise<string> {
  const dir = await tempDir('kikitori-endpoint-');
  dirs.push(dir);
  return dir;
}

const open = (dataDir: string) =>
  Core.open({
    dataDir,
    keyStore: new SessionKeyStore(appError('keychain-unavailable', {}, 'tests')),
    localService: false,
  });

const listen = (server: Server | ReturnType<typeof createNetServer>, path: string) =>
  new Promise<void>((resolve) => server.listen(path, () => resolve()));

function connected(connection: ProgramConnection): CoreLink {
  if (connection.kind !== 'connected')
    throw new Error(`not connected: ${JSON.stringify(connection)}`);
  return connection.link;
}

describe('a program drives the app through its endpoint', () => {
  it('lists, renames and removes jobs over the socket, with the events, and is told when the app has gone', async () => {
    const dataDir = await folder();
    await seedFailedJobs(dataDir, 2);
    const core = await open(dataDir);
    closers.push(() => core.stop());
    const endpoint = await startProgramEndpoint(core);
    expect(endpoint.path).toBe(join(dataDir, 'kikitori.sock'));
    const file = await stat(endpoint.path);
    expect(file.isSocket()).toBe(true);
    expect(file.mode & 0o777).toBe(0o600);

    const connection = await connectProgram(dataDir);
    expect(connection).toMatchObject({ kind: 'connected', pid: process.pid });
    const app = connected(connection);
    expect(app.where).toBe('app');
    const listed = await app.invoke('jobs:list', {});
    expect(listed.ok && listed.data.jobs.map((job) => job.id).sort()).toEqual([
      seededId(0),
      seededId(1),
    ]);

    const events: { event: EventName; payload: unknown }[] = [];
    const unsubscribe = app.subscribe((event, payload) => events.push({ event, payload }));
    // Subscribed before the call goes: its own events are never missed.
    const renamed = await app.invoke('jobs:rename', { id: seededId(0), title: 'Board meeting' });
    expect(renamed).toMatchObject({ ok: true });
    await until(
      () => events,
      (got) => got.some((e) => e.event === 'jobs:changed'),
      { timeoutMs: 10_000 },
    );
    expect(events.find((e) => e.event === 'jobs:changed')?.payload).toMatchObject({
      job: { id: seededId(0), title: 'Board meeting' },
    });
    expect(await app.invoke('jobs:remove', { id: seededId(1) })).toMatchObject({ ok: true });
    await until(
      () => events,
      (got) => got.some((e) => e.event === 'jobs:removed'),
      { timeoutMs: 10_000 },
    );
    unsubscribe();

    // The contract's checks and refusals come back as Results, as from a core of its own.
    const bad = await app.invoke('jobs:rename', { id: 42 } as never);
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    // The channels that open the window's dialogs are the window's only.
    const dialog = await app.invoke('export:save', {} as never);
    expect(dialog).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(!dialog.ok && dialog.error.detail).toBe('there is no channel export:save for programs');

    // A program still listening is told when the app goes.
    app.subscribe(() => {});
    expect(await app.invoke('jobs:list', {})).toMatchObject({ ok: true });
    if (connection.kind !== 'connected') throw new Error('not connected');
    let appGone = false;
    void connection.gone.then(() => (appGone = true));
    await endpoint.close();
    await until(
      () => appGone,
      (value) => value,
      { timeoutMs: 10_000 },
    );
    // A clean stop removes the socket: no app serves the folder any more.
    await expect(stat(endpoint.path)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await connectProgram(dataDir)).toEqual({ kind: 'absent', endpoint: endpoint.path });
    const after = await app.invoke('jobs:list', {});
    expect(after).toMatchObject({
      ok: false,
      error: { code: 'program-unreachable', params: { path: dataDir, reason: 'gone' } },
    });
    await app.close();
  });

  it('refuses anything a browser sends', async () => {
    const dataDir = await folder();
    const core = await open(dataDir);
    closers.push(() => core.stop());
    const endpoint = await startProgramEndpoint(core);
    closers.push(() => endpoint.close());
    const status = (headers: Record<string, string>) =>
      new Promise<number | undefined>((resolve, reject) => {
        const req = request(
          { socketPath: endpoint.path, method: 'POST', path: '/rpc/jobs:list', headers },
          (res) => {
            res.resume();
            resolve(res.statusCode);
          },
        );
        req.on('error', reject);
        req.end('{}');
      });
    expect(await status({})).toBe(200);
    expect(await status({ Origin: 'http://127.0.0.1:8800' })).toBe(403);
    expect(await status({ 'Sec-Fetch-Site': 'cross-site' })).toBe(403);
  });
});

describe('an app starting where an endpoint was left', () => {
  it('replaces a socket a dead app left, which a program was told is stale', async () => {
    const dataDir = await folder();
    // A socket nobody listens on, as a killed app leaves it: a second name of a closed one.
    const elsewhere = join(await folder(), 'gone.sock');
    const server = createNetServer();
    await listen(server, elsewhere);
    await link(elsewhere, join(dataDir, 'kikitori.sock'));
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(await connectProgram(dataDir)).toMatchObject({ kind: 'unreachable', reason: 'stale' });

    const core = await open(dataDir);
    closers.push(() => core.stop());
    const endpoint = await startProgramEndpoint(core);
    closers.push(() => endpoint.close());
    const app = connected(await connectProgram(dataDir));
    expect(await app.invoke('jobs:list', {})).toMatchObject({ ok: true, data: { jobs: [] } });
    await app.close();
  });

  it('never removes what is not a socket: the endpoint is not served, and a program is refused', async () => {
    const dataDir = await folder();
    await writeFile(join(dataDir, 'kikitori.sock'), 'a file of the person');
    const core = await open(dataDir);
    closers.push(() => core.stop());
    await expect(startProgramEndpoint(core)).rejects.toThrow(/not a socket/);
    expect(await readFile(join(dataDir, 'kikitori.sock'), 'utf8')).toBe('a file of the person');
    expect(await connectProgram(dataDir)).toMatchObject({ kind: 'unreachable', reason: 'refused' });
  });
});

describe('a data folder whose path is too long for a socket', () => {
  /** A folder inside `parent` whose `kikitori.sock` would pass the 108 bytes a socket's path has. */
  async function longFolder(): Promise<{ parent: string; dataDir: string }> {
    const parent = await folder();
    const dataDir = join(parent, 'a-data-folder-with-a-long-name'.repeat(3));
    const { mkdir } = await import('node:fs/promises');
    await mkdir(dataDir, { mode: 0o700 });
    expect(Buffer.byteLength(join(dataDir, 'kikitori.sock'))).toBeGreaterThan(108);
    return { parent, dataDir };
  }

  it('gets its socket in the user’s socket folder, reached by a program, and nothing beside the folder', async () => {
    const { parent, dataDir } = await longFolder();
    const runtime = await folder();
    const saved = process.env.XDG_RUNTIME_DIR;
    process.env.XDG_RUNTIME_DIR = runtime;
    try {
      const core = await open(dataDir);
      closers.push(() => core.stop());
      const endpoint = await startProgramEndpoint(core);
      closers.push(() => endpoint.close());
      expect(endpoint.path.startsWith(`${runtime}/kikitori-`)).toBe(true);
      expect(Buffer.byteLength(endpoint.path)).toBeLessThanOrEqual(103);
      expect((await stat(endpoint.path)).mode & 0o777).toBe(0o600);
      const app = connected(await connectProgram(dataDir));
      expect(await app.invoke('jobs:list', {})).toMatchObject({ ok: true });
      await app.close();
      // Nothing was made where the long path would have been cut short: beside the folder.
      const { readdir } = await import('node:fs/promises');
      expect(await readdir(parent)).toEqual([dataDir.slice(parent.length + 1)]);
      await endpoint.close();
      // Its socket went with it (PulseAudio's client may keep a folder of its own there).
      expect((await readdir(runtime)).filter((name) => name.startsWith('kikitori'))).toEqual([]);
    } finally {
      if (saved === undefined) delete process.env.XDG_RUNTIME_DIR;
      else process.env.XDG_RUNTIME_DIR = saved;
    }
  });

  it('is found through instance.json by a program whose socket folder is another', async () => {
    const { dataDir } = await longFolder();
    const runtime = await folder();
    const saved = process.env.XDG_RUNTIME_DIR;
    process.env.XDG_RUNTIME_DIR = runtime;
    let core: Core;
    try {
      core = await open(dataDir);
      closers.push(() => core.stop());
      const { holdDataFolder } = await import('../../../core/host/host-start');
      const held = await holdDataFolder(core, { host: 'command' });
      closers.push(() => held.stop());
      expect(held.endpoint?.path.startsWith(runtime)).toBe(true);
    } finally {
      if (saved === undefined) delete process.env.XDG_RUNTIME_DIR;
      else process.env.XDG_RUNTIME_DIR = saved;
    }
    // A program started from another session (no runtime folder of its own).
    delete process.env.XDG_RUNTIME_DIR;
    try {
      const app = connected(await connectProgram(dataDir));
      expect(await app.invoke('jobs:list', {})).toMatchObject({ ok: true });
      await app.close();
    } finally {
      if (saved !== undefined) process.env.XDG_RUNTIME_DIR = saved;
    }
  });
});
