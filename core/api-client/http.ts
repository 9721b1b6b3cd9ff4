/**
 * One HTTP exchange with a speech service, streaming a file body from disk with progress. It
 * knows whether any byte reached the server, so callers can retry only what is safe to retry.
 */
import { createReadStream } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import {
  request as httpRequest,
  type IncomingHttpHeaders,
  type OutgoingHttpHeaders,
} from 'node:http';
import { request as httpsRequest } from 'node:https';

interface FileBody {
  /** Bytes before the file (multipart heads). */
  readonly head: Buffer;
  /** The file sent: read from `handle` when it is open (from its start), else opened at `path`. */
  readonly file: { readonly path: string; readonly size: number; readonly handle?: FileHandle };
  /** Bytes after the file (the closing boundary). */
  readonly tail: Buffer;
}

export interface Exchange {
  readonly method: 'GET' | 'POST';
  readonly url: string;
  readonly headers?: OutgoingHttpHeaders;
  readonly body?: Buffer | FileBody;
  /** No bytes for this long (connecting, sending, or waiting for the answer) → timeout. */
  readonly idleTimeoutMs: number;
  readonly onProgress?: (sent: number, total: number) => void;
  /** Cancels the exchange: the connection is closed and it rejects with kind `aborted`. */
  readonly signal?: AbortSignal;
  /**
   * The most the answer's body may hold (default 16 MiB): past it the connection is closed and
   * the exchange rejects with kind `too-large`, so no server can fill the main process's memory.
   */
  readonly maxResponseBytes?: number;
}

/** What one answer may hold unless the exchange says otherwise. */
export const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

export interface Reply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

export class ExchangeError extends Error {
  readonly connected: boolean;
  readonly errno: string | undefined;

  constructor(
    readonly kind: 'network' | 'timeout' | 'file' | 'aborted' | 'too-large',
    message: string,
    how: {
      /** Whether the connection was made (so the server may have seen the request). */
      readonly connected: boolean;
      /** The system's error code (ECONNREFUSED, ENOENT…), for a reason each language can say. */
      readonly errno?: string | undefined;
    },
  ) {
    super(message);
    this.connected = how.connected;
    this.errno = how.errno;
  }
}

const isFileBody = (body: Buffer | FileBody | undefined): body is FileBody =>
  body !== undefined && !Buffer.isBuffer(body);

export function exchange(options: Exchange): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const url = new URL(options.url);
    const body = options.body;
    const total =
      body === undefined
        ? 0
        : isFileBody(body)
          ? body.head.length + body.file.size + body.tail.length
          : body.length;
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    let connected = false;
    let settled = false;
    // Opened lazily by the stream itself, so creating it before the request costs nothing.
    const file = !isFileBody(body)
      ? undefined
      : body.file.handle
        ? createReadStream(body.file.path, {
            fd: body.file.handle,
            start: 0,
            autoClose: false,
            highWaterMark: 256 * 1024,
          })
        : createReadStream(body.file.path, { highWaterMark: 256 * 1024 });
    file?.on('error', (error: NodeJS.ErrnoException) =>
      fail(
        new ExchangeError('file', `${error.code ?? ''} ${error.message}`.trim(), {
          connected,
          errno: error.code,
        }),
      ),
    );
    const onAbort = () => fail(new ExchangeError('aborted', 'cancelled', { connected }));
    const fail = (error: ExchangeError) => {
      if (settled) return;
      settled = true;
      options.signal?.removeEventListener('abort', onAbort);
      file?.destroy();
      req.destroy();
      reject(error);
    };
    const req = send(url, {
      method: options.method,
      headers: { ...options.headers, ...(body === undefined ? {} : { 'Content-Length': total }) },
      // A fresh connection per exchange: a reused socket could have been closed by the server,
      // and then we could not tell whether it saw the request.
      agent: false,
    });
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    req.setTimeout(options.idleTimeoutMs, () =>
      fail(
        new ExchangeError('timeout', `no answer for ${options.idleTimeoutMs / 1000} s`, {
          connected,
        }),
      ),
    );
    req.on('socket', (socket) => {
      if (!socket.connecting) connected = true;
      else socket.once('connect', () => (connected = true));
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      fail(
        new ExchangeError('network', error.code ?? error.message, {
          connected,
          errno: error.code,
        }),
      ),
    );
    const maxBytes = options.maxResponseBytes ?? MAX_RESPONSE_BYTES;
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let received = 0;
      res.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > maxBytes)
          return fail(
            new ExchangeError('too-large', `the answer is larger than ${maxBytes} bytes`, {
              connected: true,
            }),
          );
        chunks.push(chunk);
      });
      res.on('error', (error: NodeJS.ErrnoException) =>
        fail(
          new ExchangeError('network', error.code ?? error.message, {
            connected: true,
            errno: error.code,
          }),
        ),
      );
      res.on('end', () => {
        if (settled) return;
        settled = true;
        options.signal?.removeEventListener('abort', onAbort);
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
      });
    });

    if (body === undefined) return void req.end();
    if (!isFileBody(body)) return void req.end(body);
    let sent = 0;
    const progress = (bytes: number) => {
      sent += bytes;
      options.onProgress?.(sent, total);
    };
    req.write(body.head);
    progress(body.head.length);
    file!.on('data', (chunk: Buffer | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      if (!req.write(bytes)) {
        file!.pause();
        req.once('drain', () => file!.resume());
      }
      progress(bytes.length);
    });
    file!.on('end', () => {
      req.end(body.tail);
      progress(body.tail.length);
    });
  });
}
