/** Response helpers: the sync-style error body and REST errors of docs/api.md §3 and §5. */
import type { ServerResponse } from 'node:http';
import { RESULT_MESSAGES, type ResultCode, type SyncResponse } from '../../shared/api';

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
  { line = false }: { line?: boolean } = {},
): void {
  if (res.headersSent || res.destroyed) return;
  const text = line ? `${JSON.stringify(body)}\r\n` : JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=UTF-8',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/**
 * A sync-style body (§3): one line, the JSON then CRLF. The official client libraries read the
 * body line by line and pass on only lines ended by CRLF.
 */
export function sendSyncBody(
  res: ServerResponse,
  status: number,
  body: SyncResponse,
  headers: Record<string, string> = {},
): void {
  sendJson(res, status, body, headers, { line: true });
}

/** The sync-style failure body, keys in the documented order. */
export function syncError(code: ResultCode, message: string = RESULT_MESSAGES[code]): SyncResponse {
  return { results: [{ tokens: [], tags: [], rulename: '', text: '' }], text: '', code, message };
}

export function sendSyncError(
  res: ServerResponse,
  code: ResultCode,
  message?: string,
  status = 200,
  headers: Record<string, string> = {},
): void {
  sendSyncBody(res, status, syncError(code, message), headers);
}

export function sendRestError(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  extra: Readonly<Record<string, unknown>> = {},
): void {
  sendJson(res, status, { code, message, ...extra });
}

export function sendText(res: ServerResponse, status: number, text: string): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=UTF-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}
