/**
 * Errors as OpenAI's API gives them (`{"error": {"message", "type", "code"}}`) with the status
 * its clients act on: 400 a bad request, 401 no or a wrong key, 403 a web page, 404 no such
 * path or model, 413 too large, 429 busy, 502 the speech service failed.
 */
import type { ServerResponse } from 'node:http';
import { errorText, type AppError } from '../../shared/domain/errors';

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

/** Writes `error` and ends the answer; `close` when the rest of the body is not to be read. */
export function sendError(res: ServerResponse, error: OpenAiError, close = false): void {
  if (res.headersSent) return void res.destroy();
  const body = JSON.stringify({
    error: { message: error.message, type: error.type, param: null, code: error.code },
  });
  res.writeHead(error.status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    ...(close && { Connection: 'close' }),
  });
  res.end(body);
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
  if (error.code === 'too-large' || (error.code === 'file-refused' && error.params.reason === 'too-large'))
    return openAiError(413, code, message);
  if (error.code === 'busy' || error.code === 'live-running') return openAiError(429, code, message);
  if (BAD_REQUEST.has(error.code)) return openAiError(400, code, message);
  if (error.code === 'internal') return openAiError(500, code, message);
  return openAiError(502, code, message);
}
