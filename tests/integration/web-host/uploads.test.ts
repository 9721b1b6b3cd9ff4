/**
 * Browser mode's uploads: a write that fails is answered with an error a person can
 * act on (never left spinning), a name is cut to 255 bytes keeping its extension, and a window
 * that leaves mid-upload leaves nothing behind. Real HTTP on loopback; the failing disk is the
 * kernel's own /dev/full (every write: ENOSPC) and a file where the uploads folder should be.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorText } from '../../../shared/domain/error-text';
import { createUploads, safeFileName, type UploadsOptions } from '../../../web-host/uploads';
import { ChosenFiles } from '../../../core/media/media-file';
import { until } from '../../support/until';

let dataDir: string;
let server: Server | undefined;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'kikitori-uploads-'));
});
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

const noJobs: UploadsOptions['core'] = {
  subscribe: () => () => undefined,
  journal: { list: () => [] },
};

const chosen = new ChosenFiles();

async function serve(options: Partial<UploadsOptions> = {}): Promise<string> {
  const uploads = createUploads({ core: noJobs, dataDir, chosen, ...options });
  server = createServer((req, res) => {
    void uploads.handle(req, res, new URL(req.url!, 'http://127.0.0.1'), 'page');
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** A PUT of `bytes` in 64 KiB pieces, as a browser streams a file; its status and JSON answer. */
function put(url: string, name: string, bytes: number) {
  return new Promise<{ status: number; body: { ok: boolean; data?: string; error?: never } }>(
    (resolve, reject) => {
      const req = request(`${url}/uploads?name=${encodeURIComponent(name)}`, {
        method: 'PUT',
        headers: { 'Content-Length': String(bytes) },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
      });
      req.on('error', reject);
      const piece = Buffer.alloc(64 * 1024, 7);
      let left = bytes;
      const write = () => {
        while (left > 0) {
          const chunk = piece.subarray(0, Math.min(piece.length, left));
          left -= chunk.length;
          if (!req.write(chunk)) return void req.once('drain', write);
        }
        req.end();
      };
      write();
    },
  );
}

describe('uploads that fail are answered', () => {
  it('a full disk mid-upload: 500 with upload-failed (disk-full) in both languages, nothing left', async () => {
    const url = await serve({ openFile: () => createWriteStream('/dev/full') });
    const { status, body } = await put(url, 'talk.wav', 4 * 1024 * 1024);
    expect(status).toBe(500);
    expect(body).toMatchObject({
      ok: false,
      error: {
        code: 'upload-failed',
        params: { name: 'talk.wav', path: join(dataDir, 'uploads'), reason: 'disk-full' },
        detail: 'ENOSPC',
      },
    });
    expect(errorText(body.error!, 'en')).toMatch(/disk is full\. Free some space/);
    expect(errorText(body.error!, 'ja')).toMatch(/ディスクがいっぱいです/);
    expect(await readdir(join(dataDir, 'uploads'))).toEqual([]);
  });

  it('a file where the uploads folder should be: upload-failed (not-a-folder), not a hang', async () => {
    await writeFile(join(dataDir, 'uploads'), 'in the way');
    const url = await serve();
    const { status, body } = await put(url, 'talk.wav', 100_000);
    expect(status).toBe(500);
    expect(body).toMatchObject({
      ok: false,
      error: { code: 'upload-failed', params: { reason: 'not-a-folder' } },
    });
  });

  it('a Japanese name of 120 characters is stored, cut to 255 bytes with its extension', async () => {
    const url = await serve();
    const name = `${'会議の録音'.repeat(24)}.wav`;
    expect(name.length).toBe(124);
    const { status, body } = await put(url, name, 1000);
    expect(status).toBe(200);
    const stored = basename(chosen.resolve('page', body.data!)!);
    expect(Buffer.byteLength(stored)).toBeLessThanOrEqual(255);
    expect(stored.endsWith('.wav')).toBe(true);
    expect(name.startsWith(stored.slice(0, -4))).toBe(true);
  });

  it('a window that leaves mid-upload gets no answer and leaves no file', async () => {
    const url = await serve();
    await new Promise<void>((resolve) => {
      const req = request(`${url}/uploads?name=gone.wav`, {
        method: 'PUT',
        headers: { 'Content-Length': String(10 * 1024 * 1024) },
      });
      req.on('error', () => resolve());
      req.write(Buffer.alloc(256 * 1024), () => req.destroy());
    });
    await until(
      () => readdir(join(dataDir, 'uploads')).catch(() => ['?']),
      (entries) => entries.length === 0,
    );
  });
});

describe('safeFileName', () => {
  it.each([
    ['a'.repeat(300) + '.flac', 'a'.repeat(250) + '.flac'],
    // Three bytes a character: 83 of them and the extension fit in 255 bytes.
    ['字'.repeat(100) + '.mp3', '字'.repeat(83) + '.mp3'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\me\\talk.wav', 'talk.wav'],
    ['bad\u0000\u001fname.wav', 'badname.wav'],
    ['..', 'audio'],
    ['', 'audio'],
  ])('%j → %j', (given, expected) => {
    expect(safeFileName(given)).toBe(expected);
    expect(Buffer.byteLength(safeFileName(given))).toBeLessThanOrEqual(255);
  });
});
