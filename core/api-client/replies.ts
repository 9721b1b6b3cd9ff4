/**
 * Reading a service's replies (docs/api.md §3, §5): a body parsed with its schema and kept as it
 * came too (the service's own answer), a failing `code` or HTTP status as an AppError, a REST
 * error's message; and the multipart body of a recognition upload.
 */
import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { z } from 'zod';
import { restErrorSchema, type RestError } from '../../shared/api';
import { RESULT_CODES } from '../../shared/api/codes';
import {
  AppFailure,
  appError,
  type AppError,
  type AppErrorCode,
  type SubCode,
} from '../../shared/domain/errors';
import { fileReason } from '../errors';
import type { RecognitionUpload } from './api-client';
import type { Reply } from './http';

/** What a person is told for each failing `code` of a sync body; any other code is `server`. */
const ERROR_OF_CODE: ReadonlyMap<string, AppErrorCode> = new Map([
  [RESULT_CODES.illegalAuthorization, 'auth'],
  [RESULT_CODES.unsupportedAudio, 'unsupported-audio'],
  [RESULT_CODES.belowConfidence, 'nothing-recognised'],
  [RESULT_CODES.illegalRequest, 'bad-request'],
  [RESULT_CODES.tooLargeAudio, 'too-large'],
  [RESULT_CODES.recognizerUnavailable, 'engine-unavailable'],
]);

/** The body's `code` (sync style) → an AppError, or undefined on success. */
export function errorOfCode(code: string, message: string): AppError | undefined {
  if (code === RESULT_CODES.success) return undefined;
  return appError(ERROR_OF_CODE.get(code) ?? 'server', {}, message || `code ${code}`);
}

/**
 * The one mapping of an HTTP status to an AppError, for recognition and REST endpoints alike;
 * undefined for a status that says nothing beyond the body (2xx, other 4xx).
 */
export function errorOfStatus(
  status: number,
  detail: string,
  missing: SubCode<'not-found', 'what'>,
): AppError | undefined {
  if (status === 401 || status === 403) return appError('auth', {}, detail);
  if (status === 404) return appError('not-found', { what: missing }, detail);
  if (status === 413) return appError('too-large', {}, detail);
  if (status === 429) return appError('busy', {}, detail);
  if (status >= 500) return appError('server', {}, detail);
  return undefined;
}

export function parseAnswer<T>(
  schema: z.ZodType<T>,
  reply: Reply,
  what: string,
): { data: T; answer: unknown } {
  let json: unknown;
  try {
    json = JSON.parse(reply.body);
  } catch {
    throw new AppFailure(
      appError(
        'bad-response',
        {},
        // What the server sent is not repeated: an error must not carry another server's page
        // back to the window (connections:test could read any address that way).
        `${what}: HTTP ${reply.status}, not JSON (${Buffer.byteLength(reply.body)} bytes)`,
      ),
    );
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new AppFailure(
      appError(
        'bad-response',
        {},
        `${what}: HTTP ${reply.status}, ${parsed.error.issues[0]?.message ?? 'unexpected shape'} at ${parsed.error.issues[0]?.path.join('.') || 'the top'}`,
      ),
    );
  }
  return { data: parsed.data, answer: json };
}

/** Multipart in the order u, d, c, a: the audio last, as the API requires. */
export async function multipart(upload: RecognitionUpload, key: string) {
  let size: number;
  try {
    const info = await (upload.handle ? upload.handle.stat() : stat(upload.filePath));
    if (!info.isFile()) throw Object.assign(new Error('not a file'), { code: 'EISDIR' });
    size = info.size;
  } catch (error) {
    const failure = error as NodeJS.ErrnoException;
    throw new AppFailure(
      appError(
        'file',
        {
          path: upload.filePath,
          name: basename(upload.filePath),
          reason: fileReason(failure),
        },
        failure.message,
      ),
    );
  }
  const boundary = `kikitori-${randomBytes(12).toString('hex')}`;
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = Buffer.from(
    field('u', key) +
      field('d', upload.d) +
      (upload.c ? field('c', upload.c) : '') +
      `--${boundary}\r\nContent-Disposition: form-data; name="a"; filename="audio"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: {
      head,
      file: { path: upload.filePath, size, ...(upload.handle && { handle: upload.handle }) },
      tail: Buffer.from(`\r\n--${boundary}--\r\n`),
    },
  };
}

/** The `message` of a REST error body (`{"code","message"}`), if the body is one. */
export function restRefusal(reply: Reply): RestError | undefined {
  try {
    const parsed = restErrorSchema.safeParse(JSON.parse(reply.body));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A service's own words as an error's detail, cut short: shown to the person and journaled with
 * the job, never a way to read a server's pages or fill the journal.
 */
export const serviceWords = (text: string): string => text.slice(0, 200);

export function restMessage(reply: Reply): string | undefined {
  const message = restRefusal(reply)?.message;
  return message === undefined ? undefined : serviceWords(message);
}

/** HTTP-level failures of recognition endpoints (their bodies are sync style). */
export function recognitionFailure(reply: Reply): AppError | undefined {
  let code = '';
  let message = '';
  try {
    const body = JSON.parse(reply.body) as { code?: unknown; message?: unknown };
    code = typeof body.code === 'string' ? body.code : '';
    message = typeof body.message === 'string' ? serviceWords(body.message) : '';
  } catch {
    // handled by status below
  }
  const byStatus = errorOfStatus(reply.status, message || `HTTP ${reply.status}`, 'endpoint');
  if (byStatus) return byStatus;
  if (reply.status !== 200) return errorOfCode(code || '>', message || `HTTP ${reply.status}`);
  return errorOfCode(code, message);
}
