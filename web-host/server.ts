/**
 * The web host (docs/architecture.md §2, §4 "Threat model"): the core's handlers over HTTP on
 * 127.0.0.1, for browser mode and end-to-end tests. `POST /rpc/<channel>` with the JSON input
 * answers the JSON Result; events stream on `GET /events`. Requests with a foreign Origin or a
 * Host other than the loopback address are refused, and so is any request that is not
 * authenticated.
 *
 * How the browser is let in. Cookies are not separated by port, so every page any program
 * serves on 127.0.0.1 would receive one: nothing here rests on a cookie.
 * 1. The host makes a one-time code (`openUrl()`, valid 10 minutes) and hands it to the browser
 *    without putting it on a command line (start.ts writes a 0600 page that carries it).
 * 2. `GET /open?code=` answers 303 to `/#open=<code>`: the code moves into the fragment, which
 *    is never sent to a server nor kept in a Referer.
 * 3. The page takes the code out of its address and spends it with `POST /session/claim`
 *    (its own Origin only), getting the session secret, which it keeps in sessionStorage (this
 *    tab, this origin and port) and sends as `X-Kikitori-Session` on `/rpc`, `/uploads` and
 *    `/session/ticket`. A session ends 12 hours after its last use (an open event stream is use).
 *    It outlives the process: its hash is kept in the data folder (web-host/sessions.ts), so a
 *    tab keeps working when the app is started again on the same data folder and port.
 * 4. `<audio>`, EventSource and WebSocket cannot send headers: the page asks `POST /session/ticket`
 *    for a ticket bound to one path (`/events`, `/media/<job>`, `/live`), living 10 minutes past
 *    its last use and never past its session, and puts it in that one URL as `?ticket=`. A
 *    `/live` ticket opens one link.
 * Programs (tests, a second start handing over) use `Authorization: Bearer <token>` instead, the
 * per-launch token kept in the user-only `<data>/instance.json`; `POST /session/code` with it
 * makes a fresh one-time code, and `/events` and `/media` take it as `?token=`.
 * Each path's methods and callers are declared in its route (web-host/routes.ts); the codes,
 * sessions and tickets are web-host/sessions.ts.
 */
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { appError } from '../shared/domain/errors';
import type { Core } from '../core/core';
import { ChosenFiles } from '../core/media/media-file';
import {
  PLACEHOLDER_PAGE,
  contentTypeOf,
  rendererHeaders,
  resolveRendererFile,
} from '../core/host/renderer-files';
import { liveUpgrade } from './live';
import { createUploads } from './uploads';
import { sendJson } from '../core/host/http-reply';
import { EventStreams, refuse } from '../core/host/http-channels';
import { bearerOf, routeFor, tokenCheck, webRoutes, whoCalls } from './routes';
import { browserSessions } from './sessions';

export { SESSION_HEADER, SESSION_IDLE_MS, TICKET_IDLE_MS } from './sessions';

export interface WebHostOptions {
  readonly core: Core;
  readonly port: number;
  readonly token: string;
  /** The built renderer (index.html and assets). */
  readonly staticDir?: string;
  /**
   * Serves the window's files instead of `staticDir`, given the host's HTTP server before it
   * listens (`npm run dev`: Vite's dev server, whose hot-reload socket shares the host's port).
   */
  readonly window?: (server: Server) => Promise<WindowFiles>;
}

/**
 * Answers the GETs for the window's own files (the page, its scripts and styles) once the host
 * has let the request through its Host and Origin checks; every other path stays the host's.
 */
export interface WindowFiles {
  serve(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void>;
  close(): Promise<void>;
}

export interface WebHost {
  readonly server: Server;
  readonly url: string;
  readonly port: number;
  /** A one-time address that lets a browser in (see the top of this file). */
  openUrl(): string;
  close(): Promise<void>;
}

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const tokenOk = tokenCheck(options.token);
  let port = options.port;
  // Sessions outlive this start: kept by hash in the data folder (web-host/sessions.ts).
  const sessions = await browserSessions(options.core.dataDir, () => port);
  const base = () => `http://127.0.0.1:${port}`;
  const loopback = () => [`127.0.0.1:${port}`, `localhost:${port}`];
  const ownOrigin = (origin: string) => loopback().some((h) => origin === `http://${h}`);
  const events = new EventStreams((listener) => options.core.subscribe(listener));
  // What each page uploaded, by reference: the page is given the reference, never the path.
  const chosen = new ChosenFiles();
  const uploads = createUploads({ core: options.core, dataDir: options.core.dataDir, chosen });
  await uploads.sweep();
  const deps = {
    core: options.core,
    sessions,
    uploads,
    chosen,
    events,
    token: options.token,
    tokenOk,
    base,
  };
  const routes = webRoutes(deps);

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

  const windowFiles = await options.window?.(server);

  // The live link (web-host/live.ts): the Host exactly this app's; from a page, its exact Origin
  // and a ticket for /live; from a program, its token (header or ?token=, as for /events). Other
  // upgrades are Vite's (npm run dev).
  const live = liveUpgrade({
    live: options.core.live,
    allowed: (req, url) => {
      if (!loopback().includes(req.headers.host ?? '')) return false;
      // A program's token: in the header, or (a page opened with #token=, like /events) ?token=.
      if (tokenOk(bearerOf(req) ?? url.searchParams.get('token') ?? undefined)) return true;
      const origin = req.headers.origin;
      return origin !== undefined && ownOrigin(origin) && sessions.fromTicket(url) !== undefined;
    },
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    if (live.handle(req, socket, head, url)) return;
    if (!windowFiles) socket.destroy();
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!loopback().includes(req.headers.host ?? '')) {
      return refuse(res, 403, 'forbidden', `Host ${req.headers.host ?? '(none)'} is not this app`);
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !ownOrigin(origin)) {
      return refuse(res, 403, 'forbidden', `Origin ${origin} is not this app`);
    }
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const route = routeFor(routes, url.pathname);
    if (route) {
      const { methods, access } = route;
      if (methods && !methods.includes(req.method ?? ''))
        return refuse(res, 405, 'invalid-input', `use ${methods[0]}`);
      const who = whoCalls(access, req, url, deps);
      if (!who) {
        const what = access === 'session' ? 'missing or ended session' : 'missing or wrong token';
        return refuse(res, 401, 'forbidden', what);
      }
      return route.handle(req, res, url, who);
    }
    // The window's own files.
    if (req.method !== 'GET') return refuse(res, 405, 'invalid-input', 'use GET');
    if (windowFiles) return windowFiles.serve(req, res, url.pathname);
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
  }).catch(async (error: unknown) => {
    await windowFiles?.close();
    throw error;
  });
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : options.port;
  // The port this data folder's tabs know: a new start listens there again when it can.
  await sessions.save();
  return {
    server,
    url: base(),
    port,
    openUrl: () => `${base()}/open?code=${sessions.issueCode()}`,
    async close() {
      // Windows holding their event streams were using their sessions until now.
      sessions.sweep();
      uploads.close();
      live.close();
      events.close();
      await windowFiles?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await sessions.flush();
    },
  };
}
