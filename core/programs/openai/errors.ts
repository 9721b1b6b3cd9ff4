/**
 * Errors as OpenAI's API gives them (`{"error": {"message", "type", "code"}}`) with the status
 * its clients act on: 400 a bad request, 401 no or a wrong key, 403 a web page, 404 no such
 * path or model, 413 too large, 429 busy, 502 the speech service failed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type AppError } from '../../../shared/domain/errors';
import { errorText } from '../../../shared/domain/error-text';

export interface OpenAiError {
  readonly status: number;
  readonly type: string;
  readonly code: string;
  readonly message: string;
}

export const openAiError = (
  status: number,
  code: string,
  message: string,
  type = status === 401
    ? 'authentication_error'
    : status === 429
      ? 'rate_limit_error'
      : status >= 500
        ? 'server_error'
        : 'invalid_request_error',
): OpenAiError => ({ status, type, code, message });

/** Writes `error` and ends the answer. */
export function sendError(res: ServerResponse, error: OpenAiError): void {
  if (res.headersSent) return void res.destroy();
  const body = JSON.stringify({
    error: { message: error.message, type: error.type, param: null, code: error.code },
  });
  res.writeHead(error.status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(body);
}

/** A refused request's body is read (and dropped) up to this much, so its client hears why. */
const DRAIN_MAX = 64 * 1024 * 1024;

/**
 * Answers `error` at once and reads the rest of the body, dropped: a client still sending would
 * not read an answer before it has sent everything if the connection closed under it. A body
 * beyond DRAIN_MAX is not read on: the connection is closed.
 */
export function refuse(req: IncomingMessage, res: ServerResponse, error: OpenAiError): void {
  sendError(res, error);
  if (req.complete) return;
  let seen = 0;
  req.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > DRAIN_MAX) req.socket.destroy();
  });
  req.resume();
}

const BAD_REQUEST = new Set<AppError['code']>([
  'invalid-input',
  'file',
  'file-refused',
  'unsupported-audio',
  'conversion-failed',
  'nothing-recognised',
  'bad-request',
  'ffmpeg-missing',
  'no-connection',
]);

/** The app's error as OpenAI's, with the whole English sentence as its message. */
export function fromAppError(error: AppError): OpenAiError {
  const message = `${errorText(error, 'en')}${error.detail ? ` (${error.detail})` : ''}`;
  const code = error.code.replace(/-/g, '_');
  if (
    error.code === 'too-large' ||
    (error.code === 'file-refused' && error.params.reason === 'too-large')
  )
    return openAiError(413, code, message);
  if (error.code === 'busy' || error.code === 'live-running')
    return openAiError(429, code, message);
  if (BAD_REQUEST.has(error.code)) return openAiError(400, code, message);
  if (error.code === 'internal') return openAiError(500, code, message);
  return openAiError(502, code, message);
}
