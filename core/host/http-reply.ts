/**
 * The JSON answers of the hosts' HTTP servers (the web host, the program endpoint): `{ok, data}`
 * or `{ok, error}`, sized, and never cached.
 */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: OutgoingHttpHeaders = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=UTF-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(text);
}
