import { existsSync } from 'node:fs';
import { readFile, readdir, mkdir, writeFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Job } from '../../../shared/domain/job';
import type { Listener } from '../../../core/core';
import { removeDir, tempDir } from '../../support/service-process';
import { createUploads, safeFileName, type Uploads } from '../../../web-host/uploads';
import { parseRange } from '../../../core/media/media';
import { ChosenFiles } from '../../../core/media/media-file';

let dataDir: string;
let server: Server;
let uploads: Uploads;
let url: string;
let emit: Listener;
let jobs: Job[];
let chosen: ChosenFiles;

const jobFor = (id: string, path: string): Job => ({
  id,
  file: { path, name: 'clip.wav', size: 1 },
  connection: 'local',
  params: { d: '', logging: false },
  mode: 'sync',
  status: 'queued',
  createdAt: 1,
  updatedAt: 1,
});

async function start(maxBytes: number) {
  chosen = new ChosenFiles();
  uploads = createUploads({
    dataDir,
    maxBytes,
    chosen,
    core: {
      journal: { list: () => jobs },
      subscribe: (listener: Listener) => {
        emit = listener;
        return () => {};
      },
    },
  });
  await uploads.sweep();
  server = createServer((req, res) => {
    void uploads.handle(req, res, new URL(req.url!, 'http://127.0.0.1'), 'page');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  url = `http://127.0.0.1:${address.port}`;
}

/** PUTs chunks without a Content-Length (chunked), as a streaming client may. */
function put(name: string, chunks: Buffer[], headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
    const req = request(
      `${url}/uploads?name=${encodeURIComponent(name)}`,
      { method: 'PUT', headers },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text || '{}') }));
      },
    );
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

beforeEach(async () => {
  dataDir = await tempDir('kikitori-uploads-');
  jobs = [];
});
afterEach(async () => {
  uploads?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await removeDir(dataDir);
});

describe('uploads', () => {
  it('streams a file into the data folder and answers a reference to it, never its path', async () => {
    await start(1024);
    const body = [Buffer.alloc(300, 1), Buffer.alloc(300, 2)];
    const { status, body: result } = await put('../../talk.wav', body);
    expect(status).toBe(200);
    expect(result.data).toMatch(/^[0-9a-f-]{36}$/);
    const path = chosen.resolve('page', result.data as string)!;
    expect(path.startsWith(join(dataDir, 'uploads'))).toBe(true);
    expect(path.endsWith('/talk.wav')).toBe(true);
    expect(await readFile(path)).toEqual(Buffer.concat(body));
  });

  it('stops a stream at the size limit and keeps nothing of it', async () => {
    await start(1000);
    const { status, body } = await put('big.wav', [Buffer.alloc(600), Buffer.alloc(600)]);
    expect(status).toBe(413);
    expect(body).toMatchObject({ ok: false, error: { code: 'too-large' } });
    expect(await readdir(uploads.dir)).toEqual([]);
  });

  it('refuses a declared size over the limit before reading the body', async () => {
    await start(1000);
    const { status } = await put('big.wav', [Buffer.alloc(10)], { 'Content-Length': '5000' });
    expect(status).toBe(413);
    expect(existsSync(uploads.dir) ? await readdir(uploads.dir) : []).toEqual([]);
  });

  it('removes a stored file with its job, and sweeps files no job names', async () => {
    const orphan = join(dataDir, 'uploads', 'left-over', 'old.wav');
    await mkdir(dirname(orphan), { recursive: true });
    await writeFile(orphan, 'x');
    const kept = join(dataDir, 'uploads', 'kept', 'kept.wav');
    await mkdir(dirname(kept), { recursive: true });
    await writeFile(kept, 'x');
    jobs = [jobFor('kept-job', kept)];
    await start(1024);
    expect(existsSync(orphan)).toBe(false);
    expect(existsSync(kept)).toBe(true);

    const { body } = await put('clip.wav', [Buffer.alloc(10)]);
    // The page gets a reference; where the file lies stays with the core.
    const path = chosen.resolve('page', body.data as string)!;
    expect(path.startsWith(join(dataDir, 'uploads'))).toBe(true);
    expect(chosen.resolve('another page', body.data as string)).toBeUndefined();
    emit('jobs:changed', { job: jobFor('new-job', path) });
    emit('jobs:removed', { id: 'new-job' });
    await expect.poll(() => existsSync(dirname(path))).toBe(false);
    expect(existsSync(kept)).toBe(true);
  });

  it('keeps only a safe last path part of the name', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\Users\\me\\talk.wav')).toBe('talk.wav');
    expect(safeFileName('..')).toBe('audio');
    expect(safeFileName('a\u0000b.wav')).toBe('ab.wav');
  });
});

describe('media ranges', () => {
  it('reads the three forms of a byte range and refuses what cannot be served', () => {
    expect(parseRange(undefined, 100)).toBeUndefined();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('bad');
    expect(parseRange('bytes=9-2', 100)).toBe('bad');
    expect(parseRange('items=0-1', 100)).toBe('bad');
  });
});
