/**
 * The web host (docs/architecture.md §2): the core's handlers over HTTP on 127.0.0.1, for browser mode and
 * end-to-end tests. `POST /rpc/<channel>` with the JSON input answers the JSON Result; events
 * stream on `GET /events`. Requests with a foreign Origin or a Host other than the loopback
 * address are refused, and so is any /rpc or /events request that is not authenticated.
 *
 * How the browser is let in without the token ever being on a command line (where other local
 * users can read it with ps) or in the page's address:
 * 1. The host makes a one-time code (`openUrl()`, valid 10 minutes) and opens or prints
 *    `http://127.0.0.1:<port>/open?code=<code>`.
 * 2. `GET /open?code=` spends the code and answers 303 to `/` with the session cookie
 *    `kikitori-<port>` (random, HttpOnly, SameSite=Strict, Path=/). A spent or unknown code
 *    gets 403; the visible address is then `/`, holding nothing secret.
 * 3. The page calls `/rpc/*` and `/events` with that cookie (fetch and EventSource send it on
 *    their own). A cookie is taken only from a same-origin request (Sec-Fetch-Site), so another
 *    site on 127.0.0.1 cannot ride on it.
 * Programs (tests, a second start handing over) use `Authorization: Bearer <token>` instead, the
 * per-launch token kept in the user-only `<data>/instance.json`; `POST /session/code` with it
 * makes a fresh one-time code. `/events?token=` is accepted for clients that cannot set headers.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { appError } from '../shared/domain/errors';
import { ELECTRON_ONLY_CHANNELS } from '../shared/ipc/names';
import { PROGRAM, type Caller, type Core } from '../core/core';
import {
  PLACEHOLDER_PAGE,
  contentTypeOf,
  rendererHeaders,
  resolveRendererFile,
} from '../core/renderer-files';
import { serveMedia } from './media';
import { createUploads } from './uploads';
import { sendJson } from './json-reply';

export interface WebHostOptions {
  readonly core: Core;
  readonly port: number;
  readonly token: string;
  /** The built renderer (index.html and assets). */
  readonly staticDir?: string;
}

/** A caller that is not this app's window is `forbidden`; a malformed request is `invalid-input`. */
const refuse = (
  res: ServerResponse,
  status: number,
  code: 'forbidden' | 'invalid-input',
  detail: string,
) => sendJson(res, status, { ok: false, error: appError(code, {}, detail) });

export interface WebHost {
  readonly server: Server;
  readonly url: string;
  readonly port: number;
  /** A one-time address that lets a browser in (see the top of this file). */
  openUrl(): string;
  close(): Promise<void>;
}

const CODE_LIFETIME_MS = 10 * 60_000;
const secret = () => randomBytes(32).toString('base64url');

/** Constant-time membership of a secret in a set of them. */
function holds(set: Iterable<string>, candidate: string | undefined): boolean {
  if (!candidate) return false;
  const given = Buffer.from(candidate);
  let found = false;
  for (const value of set) {
    const expected = Buffer.from(value);
    if (given.length === expected.length && timingSafeEqual(given, expected)) found = true;
  }
  return found;
}

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const expected = Buffer.from(options.token);
  const tokenOk = (candidate: string | undefined) => {
    if (!candidate) return false;
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  let port = options.port;
  const codes = new Map<string, number>();
  const sessions = new Set<string>();
  const cookieName = () => `kikitori-${port}`;
  const issueCode = () => {
    const now = Date.now();
    for (const [code, expires] of codes) if (expires <= now) codes.delete(code);
    const code = secret();
    codes.set(code, now + CODE_LIFETIME_MS);
    return code;
  };
  /** The request's session cookie, from this app's own pages only. */
  const sessionOk = (req: IncomingMessage) => {
    const site = req.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin') return false;
    const cookies = (req.headers.cookie ?? '').split(';').map((c) => c.trim());
    const prefix = `${cookieName()}=`;
    const value = cookies.find((c) => c.startsWith(prefix))?.slice(prefix.length);
    return holds(sessions, value);
  };
  const base = () => `http://127.0.0.1:${port}`;
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
        sendJson(res, 500, {
          ok: false,
          error: appError('internal', {}, (error as Error).message),
        });
      } else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const loopback = [`127.0.0.1:${port}`, `localhost:${port}`];
    if (!loopback.includes(req.headers.host ?? '')) {
      return refuse(res, 403, 'forbidden', `Host ${req.headers.host ?? '(none)'} is not this app`);
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !loopback.map((h) => `http://${h}`).includes(origin)) {
      return refuse(res, 403, 'forbidden', `Origin ${origin} is not this app`);
    }
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];

    if (url.pathname === '/open') {
      if (req.method !== 'GET') return refuse(res, 405, 'invalid-input', 'use GET');
      const code = url.searchParams.get('code') ?? undefined;
      const expires = code === undefined ? undefined : codes.get(code);
      if (code !== undefined) codes.delete(code);
      if (expires === undefined || expires <= Date.now()) {
        return sendJson(res, 403, { ok: false, error: appError('link-used') });
      }
      const session = secret();
      sessions.add(session);
      res.writeHead(303, {
        Location: '/',
        'Set-Cookie': `${cookieName()}=${session}; HttpOnly; SameSite=Strict; Path=/`,
        'Cache-Control': 'no-store',
        'Referrer-Policy': 'no-referrer',
      });
      return void res.end();
    }

    if (url.pathname === '/session/code') {
      if (req.method !== 'POST') return refuse(res, 405, 'invalid-input', 'use POST');
      if (!tokenOk(bearer)) return refuse(res, 401, 'forbidden', 'missing or wrong token');
      return sendJson(res, 200, { ok: true, data: { url: `${base()}/open?code=${issueCode()}` } });
    }

    if (url.pathname.startsWith('/rpc/')) {
      if (req.method !== 'POST') return refuse(res, 405, 'invalid-input', 'use POST');
      if (!tokenOk(bearer) && !sessionOk(req))
        return refuse(res, 401, 'forbidden', 'missing or wrong token');
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of req as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > 4 * 1024 * 1024)
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
      const channel = decodeURIComponent(url.pathname.slice(5));
      if ((ELECTRON_ONLY_CHANNELS as readonly string[]).includes(channel))
        return refuse(res, 404, 'invalid-input', `there is no channel ${channel} in browser mode`);
      // A program holding the token may name any path (documented); the page only its uploads.
      const caller: Caller = tokenOk(bearer)
        ? PROGRAM
        : { paths: { kind: 'inside', dir: uploads.dir } };
      return sendJson(res, 200, await options.core.invoke(channel, input, caller));
    }

    if (url.pathname === '/uploads') {
      if (!tokenOk(bearer) && !sessionOk(req)) {
        return refuse(res, 401, 'forbidden', 'missing or wrong token');
      }
      return uploads.handle(req, res, url);
    }

    if (url.pathname.startsWith('/media/')) {
      // <audio> cannot set headers: the token may come as ?token=.
      if (!tokenOk(bearer ?? url.searchParams.get('token') ?? undefined) && !sessionOk(req)) {
        return refuse(res, 401, 'forbidden', 'missing or wrong token');
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        return refuse(res, 405, 'invalid-input', 'use GET');
      }
      const id = decodeURIComponent(url.pathname.slice('/media/'.length));
      return serveMedia(options.core.journal.get(id), req, res);
    }

    if (url.pathname === '/events') {
      // EventSource cannot set headers: the token may come as ?token=.
      if (!tokenOk(bearer ?? url.searchParams.get('token') ?? undefined) && !sessionOk(req)) {
        return refuse(res, 401, 'forbidden', 'missing or wrong token');
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

    if (req.method !== 'GET') return refuse(res, 405, 'invalid-input', 'use GET');
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
    url: base(),
    port,
    openUrl: () => `${base()}/open?code=${issueCode()}`,
    async close() {
      unsubscribe();
      uploads.close();
      for (const stream of streams) stream.end();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
