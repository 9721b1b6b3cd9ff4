/**
 * A transcription request's multipart body as OpenAI's clients send it: a `file` part and small
 * fields (model, language, response_format, `timestamp_granularities[]`…) in any order. The file
 * goes straight to disk as it arrives (bounded memory whatever its size: a 2 GiB upload is never
 * held), and stops at `maxBytes`; the fields are kept, each at most 64 KiB.
 */
import { Busboy, type BusboyHeaders } from '@fastify/busboy';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { basename, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const FIELD_LIMIT = 64 * 1024;
const MAX_FIELDS = 32;
const MAX_NAME_BYTES = 200;

export interface Upload {
  /** Each field's values, in order (`timestamp_granularities[]` may come twice). */
  readonly fields: ReadonlyMap<string, readonly string[]>;
  /** The file, stored in its own folder under `dir`; undefined when none came. */
  readonly file?: { readonly path: string; readonly folder: string; readonly size: number };
}

export type UploadOutcome =
  | { readonly kind: 'ok'; readonly upload: Upload }
  | { readonly kind: 'too-large' }
  | { readonly kind: 'malformed'; readonly message: string };

class TooLarge extends Error {}

/** A name safe to create: the last path part, without control characters, cut short. */
function fileNameOf(given: string | undefined): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is dropped
  const cleaned = basename((given ?? '').replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f]/g, '');
  let name = '';
  for (const char of cleaned) {
    if (Buffer.byteLength(name + char) > MAX_NAME_BYTES) break;
    name += char;
  }
  return name === '' || name === '.' || name === '..' ? 'audio' : name;
}

/**
 * Reads `req`'s multipart body: the `file` part into `<dir>/<random>/<its name>`, the rest as
 * fields. Whatever goes wrong, nothing is left on disk (the caller removes the folder once done).
 */
export async function readUpload(
  req: IncomingMessage,
  dir: string,
  maxBytes: number,
): Promise<UploadOutcome> {
  let parser;
  try {
    parser = Busboy({
      headers: req.headers as BusboyHeaders,
      isPartAFile: (name) => name === 'file',
      limits: { fieldSize: FIELD_LIMIT, fields: MAX_FIELDS, files: 1, parts: MAX_FIELDS + 1 },
      defCharset: 'utf8',
    });
  } catch (error) {
    return { kind: 'malformed', message: `the body is not multipart: ${(error as Error).message}` };
  }
  const fields = new Map<string, string[]>();
  let stored: Promise<Upload['file']> | undefined;
  let folder: string | undefined;
  const outcome = await new Promise<UploadOutcome>((settle) => {
    let settled = false;
    const done = (result: UploadOutcome) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      settle(result);
    };
    parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
      if (valueTruncated) return done({ kind: 'malformed', message: `${name} is too long` });
      fields.set(name, [...(fields.get(name) ?? []), value]);
    });
    parser.on('fieldsLimit', () => done({ kind: 'malformed', message: 'too many fields' }));
    parser.on('file', (name, stream, fileName) => {
      stream.on('error', () => {});
      if (name !== 'file' || stored) return void stream.resume();
      const here = join(dir, randomUUID());
      folder = here;
      const path = join(here, fileNameOf(fileName));
      let size = 0;
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, next) {
          size += chunk.length;
          next(size > maxBytes ? new TooLarge() : null, chunk);
        },
      });
      stored = (async () => {
        await mkdir(here, { recursive: true, mode: 0o700 });
        await pipeline(stream, limit, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
        return { path, folder: here, size };
      })();
      stored.catch((error: unknown) => {
        if (error instanceof TooLarge) return done({ kind: 'too-large' });
        done({ kind: 'malformed', message: `the file cannot be stored: ${String(error)}` });
      });
    });
    parser.on('error', (error: unknown) =>
      done({ kind: 'malformed', message: `the multipart body cannot be read: ${String(error)}` }),
    );
    parser.on('finish', () => {
      void (stored ?? Promise.resolve(undefined))
        .then((file) => done({ kind: 'ok', upload: { fields, ...(file ? { file } : {}) } }))
        .catch(() => undefined);
    });
    req.on('aborted', () => done({ kind: 'malformed', message: 'the body ended early' }));
    req.pipe(parser);
  });
  if (outcome.kind !== 'ok' && folder) await rm(folder, { recursive: true, force: true });
  return outcome;
}
