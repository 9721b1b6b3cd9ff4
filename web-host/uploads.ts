/**
 * Browser mode's way in for files (docs/architecture.md §4): a browser has no paths, so the window streams
 * each dropped file here (`PUT /uploads?name=<file name>`, token-checked by the server) and gets
 * back an opaque reference to hand to transcribe:files (`files`); the path it was stored at, in
 * the app's data folder, stays with the core (ChosenFiles), which resolves the reference. The body goes straight to
 * disk (never held whole in memory) and stops at the async size limit; a stored file is removed
 * when its job is, and files no job names are swept away at start.
 */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { mkdir, readdir, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { basename, dirname, join, relative, sep } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { LIMITS } from '../shared/api/codes';
import { appError, type AppError } from '../shared/domain/errors';
import type { Job } from '../shared/domain/job';
import type { Core } from '../core/core';
import type { ChosenFiles } from '../core/media/media-file';
import { sendJson } from '../core/host/http-reply';

export interface UploadsOptions {
  readonly core: Pick<Core, 'subscribe'> & { readonly journal: { list(): Job[] } };
  readonly dataDir: string;
  /** Where each stored file's reference is kept, for whoever uploaded it. */
  readonly chosen: Pick<ChosenFiles, 'choose'>;
  /** The most one upload may hold (default: the service's async limit). */
  readonly maxBytes?: number;
  /** Opens the file an upload is written to (default: a new file, never an existing one). */
  readonly openFile?: (path: string) => Writable;
}

export interface Uploads {
  readonly dir: string;
  /** Stores one upload for `owner` (a page's session, or programs) and answers its reference. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL, owner: string): Promise<void>;
  /** Removes stored files that no job names (left by a cancelled or crashed upload). */
  sweep(): Promise<void>;
  close(): void;
}

// A refused upload's body is left unread: the connection closes rather than carry it on.
const fail = (res: ServerResponse, status: number, error: AppError) =>
  sendJson(res, status, { ok: false, error }, { Connection: 'close' });

/** The most bytes a file name may have on the file systems Kikitori writes to. */
const MAX_NAME_BYTES = 255;

/** `name` cut to `max` bytes of UTF-8 at a character boundary, keeping a short extension. */
function cutToBytes(name: string, max: number): string {
  if (Buffer.byteLength(name) <= max) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && Buffer.byteLength(name.slice(dot)) <= 16 ? name.slice(dot) : '';
  let budget = max - Buffer.byteLength(extension);
  let stem = '';
  for (const char of name.slice(0, name.length - extension.length)) {
    budget -= Buffer.byteLength(char);
    if (budget < 0) break;
    stem += char;
  }
  return stem + extension;
}

/** A file name safe to create: the last path part, no control characters, at most 255 bytes. */
export function safeFileName(name: string): string {
  const cleaned = basename(name.replace(/\\/g, '/'))
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  const cut = cutToBytes(cleaned, MAX_NAME_BYTES);
  return cut === '' || cut === '.' || cut === '..' ? 'audio' : cut;
}

/** Why the system refused to store an upload, as a reason each language can say. */
function uploadFailure(error: unknown, dir: string, name: string): AppError {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  const reason =
    code === 'ENOSPC' || code === 'EDQUOT'
      ? 'disk-full'
      : code === 'EACCES' || code === 'EPERM'
        ? 'denied'
        : code === 'EROFS'
          ? 'read-only'
          : code === 'ENOTDIR' || code === 'EEXIST' || code === 'ELOOP'
            ? 'not-a-folder'
            : 'other';
  return appError('upload-failed', { name, path: dir, reason }, code || String(error));
}

class TooLarge extends Error {}

export function createUploads(options: UploadsOptions): Uploads {
  const dir = join(options.dataDir, 'uploads');
  const maxBytes = options.maxBytes ?? LIMITS.asyncAudioBytes;
  const openFile = options.openFile ?? ((path: string) => createWriteStream(path, { flags: 'wx' }));
  const inside = (path: string) => {
    const rel = relative(dir, path);
    return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !rel.startsWith(sep);
  };
  /** The upload folder each job's file lives in, by job id. */
  const owned = new Map<string, string>();
  const track = (job: Job) => {
    if (inside(job.file.path)) owned.set(job.id, dirname(job.file.path));
  };
  for (const job of options.core.journal.list()) track(job);
  const unsubscribe = options.core.subscribe((event, payload) => {
    if (event === 'jobs:changed') track((payload as { job: Job }).job);
    if (event === 'jobs:removed') {
      const id = (payload as { id: string }).id;
      const folder = owned.get(id);
      owned.delete(id);
      if (folder) void rm(folder, { recursive: true, force: true });
    }
  });

  return {
    dir,
    async handle(req, res, url, owner) {
      if (req.method !== 'PUT') {
        return fail(res, 405, appError('invalid-input', { detail: 'use PUT' }));
      }
      const declared = Number(req.headers['content-length'] ?? NaN);
      const tooLarge = appError('too-large', {
        detail: `the service takes up to ${maxBytes} bytes`,
      });
      if (Number.isFinite(declared) && declared > maxBytes) return fail(res, 413, tooLarge);
      const name = safeFileName(url.searchParams.get('name') ?? '');
      const folder = join(dir, randomUUID());
      const path = join(folder, name);
      // The window going away mid-upload is not a failure to answer; a write failing is.
      let windowLeft = false;
      req.once('close', () => {
        if (!req.complete) windowLeft = true;
      });
      let size = 0;
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(size > maxBytes ? new TooLarge() : null, chunk);
        },
      });
      try {
        await mkdir(folder, { recursive: true });
        // Piped, not pipelined: a failed write must not destroy the request, whose socket
        // carries the answer.
        await new Promise<void>((resolve, reject) => {
          req.once('error', reject);
          req.pipe(limit);
          pipeline(limit, openFile(path)).then(resolve, reject);
        });
      } catch (error) {
        req.unpipe(limit);
        await rm(folder, { recursive: true, force: true }).catch(() => undefined);
        if (windowLeft || req.socket.destroyed) return;
        if (error instanceof TooLarge) return fail(res, 413, tooLarge);
        // The rest of the body is read and dropped, so that the window hears the answer
        // (a browser that is still sending may not read an early one).
        req.resume();
        if (!req.complete) await once(req, 'end').catch(() => undefined);
        if (windowLeft) return;
        return fail(res, 500, uploadFailure(error, dir, name));
      }
      if (size === 0) {
        await rm(folder, { recursive: true, force: true });
        return fail(res, 400, appError('file', { path: name, reason: 'empty' }));
      }
      sendJson(res, 200, { ok: true, data: options.chosen.choose(owner, path) });
    },
    async sweep() {
      const named = new Set(owned.values());
      const entries = await readdir(dir).catch(() => [] as string[]);
      await Promise.all(
        entries
          .map((entry) => join(dir, entry))
          .filter((folder) => !named.has(folder))
          .map((folder) => rm(folder, { recursive: true, force: true })),
      );
    },
    close: () => unsubscribe(),
  };
}
