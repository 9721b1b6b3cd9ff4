/**
 * The web host (DESIGN.md §2): the core's handlers over HTTP on 127.0.0.1, for browser mode and
 * end-to-end tests. `POST /rpc/<channel>` with `Authorization: Bearer <token>` and the JSON input
 * answers the JSON Result; events stream on `GET /events`. Requests without the per-launch
 * token, with a foreign Origin, or with a Host other than the loopback address are refused.
 */
import { timingSafeEqual } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { appError } from '../shared/domain/errors';
import type { Core } from '../core/core';
import {
  PLACEHOLDER_PAGE,
  contentTypeOf,
  rendererHeaders,
  resolveRendererFile,
} from '../core/renderer-files';
import { serveMedia } from './media';
import { createUploads } from './uploads';

export interface WebHostOptions {
  readonly core: Core;
  readonly port: number;
  readonly token: string;
  /** The built renderer (index.html and assets). */
  readonly staticDir?: string;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=UTF-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

const refuse = (res: ServerResponse, status: number, detail: string) =>
  send(res, status, { ok: false, error: appError('invalid-input', { detail }) });

export interface WebHost {
  readonly server: Server;
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const expected = Buffer.from(options.token);
  const tokenOk = (candidate: string | undefined) => {
    if (!candidate) return false;
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  let port = options.port;
  const streams = new Set<ServerResponse>();
  const uploads = createUploads({ core: options.core, dataDir: options.core.dataDir });
  await uploads.sweep();
  const unsubscribe = options.core.subscribe((event, payload) => {
    const frame = `event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`;
    for (const stream of streams) stream.write(frame);
  });

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) {
        send(res, 500, {
          ok: false,
          error: appError('internal', { detail: (error as Error).message }),
        });
      } else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const loopback = [`127.0.0.1:${port}`, `localhost:${port}`];
    if (!loopback.includes(req.headers.host ?? '')) {
      return refuse(res, 403, `Host ${req.headers.host ?? '(none)'} is not this app`);
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !loopback.map((h) => `http://${h}`).includes(origin)) {
      return refuse(res, 403, `Origin ${origin} is not this app`);
    }
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];

    if (url.pathname.startsWith('/rpc/')) {
      if (req.method !== 'POST') return refuse(res, 405, 'use POST');
      if (!tokenOk(bearer)) return refuse(res, 401, 'missing or wrong token');
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of req as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > 4 * 1024 * 1024) return refuse(res, 413, 'the input is larger than 4 MiB');
        chunks.push(chunk);
      }
      let input: unknown = {};
      if (size > 0) {
        try {
          input = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          return refuse(res, 400, 'the input is not JSON');
        }
      }
      return send(
        res,
        200,
        await options.core.invoke(decodeURIComponent(url.pathname.slice(5)), input),
      );
    }

    if (url.pathname === '/uploads') {
      if (!tokenOk(bearer)) return refuse(res, 401, 'missing or wrong token');
      return uploads.handle(req, res, url);
    }

    if (url.pathname.startsWith('/media/')) {
      // <audio> cannot set headers: the token may come as ?token=.
      if (!tokenOk(bearer ?? url.searchParams.get('token') ?? undefined)) {
        return refuse(res, 401, 'missing or wrong token');
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'use GET');
      const id = decodeURIComponent(url.pathname.slice('/media/'.length));
      return serveMedia(options.core.journal.get(id), req, res);
    }

    if (url.pathname === '/events') {
      // EventSource cannot set headers: the token may come as ?token=.
      if (!tokenOk(bearer ?? url.searchParams.get('token') ?? undefined)) {
        return refuse(res, 401, 'missing or wrong token');
      }
      res.writeHead(200, {
        'Content-Type': 'text/event-stream',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
      });
      res.write(': kikitori events\n\n');
      streams.add(res);
      const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
      req.on('close', () => {
        clearInterval(heartbeat);
        streams.delete(res);
      });
      return;
    }

    if (req.method !== 'GET') return refuse(res, 405, 'use GET');
    return serveStatic(url.pathname, res);
  }

  async function serveStatic(pathname: string, res: ServerResponse): Promise<void> {
    const root = options.staticDir;
    const file = root ? resolveRendererFile(root, pathname) : undefined;
    const isFile =
      file &&
      (await stat(file).then(
        (s) => s.isFile(),
        () => false,
      ));
    if (file && isFile) {
      const body = await readFile(file);
      res.writeHead(200, {
        ...rendererHeaders(contentTypeOf(file)),
        'Content-Length': body.length,
      });
      return void res.end(body);
    }
    if (pathname === '/' || pathname === '/index.html') {
      res.writeHead(200, rendererHeaders(contentTypeOf('index.html')));
      return void res.end(PLACEHOLDER_PAGE);
    }
    res.writeHead(404, rendererHeaders('text/plain; charset=utf-8'));
    res.end();
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : options.port;
  return {
    server,
    url: `http://127.0.0.1:${port}`,
    port,
    async close() {
      unsubscribe();
      uploads.close();
      for (const stream of streams) stream.end();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
