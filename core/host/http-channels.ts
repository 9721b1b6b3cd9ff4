/**
 * The core's channels and events over HTTP, as every host's server speaks them (the web host on
 * loopback, the program endpoint on the data folder's socket): `POST /rpc/<channel>` with the
 * JSON input answers the JSON Result; `GET /events` is a server-sent event stream of every event.
 * Who may call is each server's own business: these run once it has let the request in.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { appError } from '../../shared/domain/errors';
import { toWire } from '../../shared/ipc/wire';
import { ELECTRON_ONLY_CHANNELS } from '../../shared/ipc/names';
import type { Caller, Core, Listener } from '../core';
import { sendJson } from './http-reply';

/** The largest `/rpc` input taken. */
export const RPC_INPUT_MAX = 4 * 1024 * 1024;
/** The path prefix of the channels. */
export const RPC_PREFIX = '/rpc/';

/** A malformed request (`invalid-input`) or a caller let in nowhere (`forbidden`). */
export const refuse = (
  res: ServerResponse,
  status: number,
  code: 'forbidden' | 'invalid-input',
  detail: string,
) => sendJson(res, status, { ok: false, error: appError(code, {}, detail) });

/**
 * Answers `POST /rpc/<channel>` (the request's path starts with RPC_PREFIX) for `caller`. The
 * channels that need Electron's dialogs are refused (`where` names the host in the refusal).
 */
export async function answerRpc(
  core: Pick<Core, 'dispatch'>,
  req: IncomingMessage,
  res: ServerResponse,
  caller: Caller,
  where: string,
): Promise<void> {
  if (req.method !== 'POST') return refuse(res, 405, 'invalid-input', 'use POST');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > RPC_INPUT_MAX)
      return refuse(res, 413, 'invalid-input', 'the input is larger than 4 MiB');
    chunks.push(chunk);
  }
  let input: unknown = {};
  if (size > 0) {
    try {
      input = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return refuse(res, 400, 'invalid-input', 'the input is not JSON');
    }
  }
  const path = new URL(req.url ?? '/', 'http://kikitori').pathname;
  const channel = decodeURIComponent(path.slice(RPC_PREFIX.length));
  if ((ELECTRON_ONLY_CHANNELS as readonly string[]).includes(channel))
    return refuse(res, 404, 'invalid-input', `there is no channel ${channel} ${where}`);
  // Bytes go as base64 on this JSON wire (shared/ipc/wire.ts).
  return sendJson(res, 200, toWire(channel, await core.dispatch(channel, input, caller)));
}

/** The open `/events` streams of one server, each given every event of the core. */
export class EventStreams {
  private readonly streams = new Set<ServerResponse>();
  private readonly unsubscribe: () => void;

  constructor(subscribe: (listener: Listener) => () => void) {
    this.unsubscribe = subscribe((event, payload) => {
      const frame = `event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`;
      for (const stream of this.streams) stream.write(frame);
    });
  }

  /**
   * Answers `GET /events` with the stream: a first comment line once it is open (a program waits
   * for it before it acts, so it misses none of its own events), a heartbeat every 15 s.
   * `closed` is told when the caller lets go.
   */
  open(req: IncomingMessage, res: ServerResponse, closed: () => void = () => {}): void {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    res.write(': kikitori events\n\n');
    this.streams.add(res);
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
    req.on('close', () => {
      clearInterval(heartbeat);
      this.streams.delete(res);
      closed();
    });
  }

  /** Ends every stream and stops listening to the core. */
  close(): void {
    this.unsubscribe();
    for (const stream of this.streams) stream.end();
  }
}
