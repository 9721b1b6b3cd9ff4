/**
 * What `connectProgram` (core/programs/program-client.ts) tells a program about a data folder's endpoint,
 * with real sockets and no app: nothing there, a socket a dead app left (stale), something that is
 * not Kikitori (refused), something that never answers; and a link whose app answers what is not
 * a Result. Each is data with a sentence in both languages, never a throw.
 */
import { link, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createNetServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connectProgram } from '../../../core/programs/program-client';
import { errorText } from '../../../shared/domain/error-text';

const dirs: string[] = [];
const closers: (() => unknown)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'kikitori-client-'));
  dirs.push(dir);
  return dir;
}

const listen = (server: Server | ReturnType<typeof createNetServer>, path: string) =>
  new Promise<void>((resolve) => server.listen(path, () => resolve()));

/** An HTTP server on the folder's endpoint answering every request with `answer`. */
async function answering(
  dataDir: string,
  answer: (path: string) => { status: number; body: string },
): Promise<void> {
  const server = createHttpServer((req, res) => {
    req.resume();
    const { status, body } = answer(req.url ?? '/');
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(body);
  });
  await listen(server, join(dataDir, 'kikitori.sock'));
  closers.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  );
}

describe('connectProgram', () => {
  it('says no app serves a folder without an endpoint (or no folder at all)', async () => {
    const dataDir = await folder();
    expect(await connectProgram(dataDir)).toEqual({
      kind: 'absent',
      endpoint: join(dataDir, 'kikitori.sock'),
    });
    expect(await connectProgram(join(dataDir, 'not-made'))).toMatchObject({ kind: 'absent' });
  });

  it('calls a socket nobody listens on stale, in a sentence of each language', async () => {
    const dataDir = await folder();
    // As a killed app leaves it: a second name of a socket since closed.
    const elsewhere = join(await folder(), 'gone.sock');
    const server = createNetServer();
    await listen(server, elsewhere);
    await link(elsewhere, join(dataDir, 'kikitori.sock'));
    await new Promise<void>((resolve) => server.close(() => resolve()));

    const stale = await connectProgram(dataDir);
    expect(stale).toMatchObject({
      kind: 'unreachable',
      reason: 'stale',
      error: { code: 'program-unreachable', params: { path: dataDir, reason: 'stale' } },
    });
    if (stale.kind !== 'unreachable') throw new Error('not unreachable');
    expect(stale.error.detail).toContain(join(dataDir, 'kikitori.sock'));
    expect(errorText(stale.error, 'en')).toBe(
      `A program cannot reach the Kikitori that uses the data folder ${dataDir}: its endpoint is left from a Kikitori that has stopped, and nothing answers there; the next Kikitori started on this folder replaces it.`,
    );
    expect(errorText(stale.error, 'ja')).toMatch(/終了した Kikitori が残したもの/);
  });

  it('refuses what is not Kikitori: a program answering otherwise, or a file', async () => {
    const other = await folder();
    await answering(other, () => ({ status: 404, body: 'not here' }));
    expect(await connectProgram(other)).toMatchObject({
      kind: 'unreachable',
      reason: 'refused',
      error: { code: 'program-unreachable', params: { reason: 'refused' } },
    });

    const withFile = await folder();
    await writeFile(join(withFile, 'kikitori.sock'), 'a file of the person');
    expect(await connectProgram(withFile)).toMatchObject({
      kind: 'unreachable',
      reason: 'refused',
    });
  });

  it('says an endpoint that takes the connection and never answers did not answer, and in how long', async () => {
    const dataDir = await folder();
    const held: Socket[] = [];
    const server = createNetServer((socket) => held.push(socket));
    await listen(server, join(dataDir, 'kikitori.sock'));
    closers.push(
      () =>
        new Promise((resolve) => {
          for (const socket of held) socket.destroy();
          server.close(resolve);
        }),
    );
    expect(await connectProgram(dataDir, { timeoutMs: 100 })).toMatchObject({
      kind: 'unreachable',
      reason: 'no-answer',
      error: { code: 'program-unreachable', params: { reason: 'no-answer', seconds: 0.1 } },
    });
  });

  it('turns an answer that is not a Result into an error Result', async () => {
    const dataDir = await folder();
    await answering(dataDir, (path) =>
      path === '/'
        ? {
            status: 200,
            body: JSON.stringify({ ok: true, data: { app: 'kikitori', pid: 1, dataDir } }),
          }
        : path === '/rpc/jobs:list'
          ? { status: 200, body: JSON.stringify({ ok: 'yes', jobs: [] }) }
          : { status: 500, body: '<html>oops</html>' },
    );
    const connection = await connectProgram(dataDir);
    if (connection.kind !== 'connected') throw new Error(JSON.stringify(connection));
    const app = connection.link;
    expect(await app.invoke('jobs:list', {})).toMatchObject({
      ok: false,
      error: { code: 'program-unreachable', params: { reason: 'refused' } },
    });
    expect(await app.invoke('jobs:get', { id: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'program-unreachable', params: { reason: 'refused' } },
    });
    await app.close();
  });
});
