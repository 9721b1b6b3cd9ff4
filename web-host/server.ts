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
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { appError } from '../shared/domain/errors';
import { handoverProof } from '../core/app-instance';
import { type Caller, type Core } from '../core/core';
import { ChosenFiles } from '../core/media-file';
import {
  PLACEHOLDER_PAGE,
  contentTypeOf,
  rendererHeaders,
  resolveRendererFile,
} from '../core/renderer-files';
import { sendLinkUsed } from './link-used-page';
import { liveUpgrade } from './live';
import { serveMedia } from './media';
import { createUploads } from './uploads';
import { sendJson } from '../core/http-reply';
import { EventStreams, RPC_PREFIX, answerRpc, refuse } from '../core/http-channels';
import { readStoredSessions, sessionWriter } from './sessions';

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

const CODE_LIFETIME_MS = 10 * 60_000;
/** A page's session ends this long after its last request (and always with the host). */
export const SESSION_IDLE_MS = 12 * 3_600_000;
/**
 * An events ticket ends this long after its last use (and always with its session). A media
 * ticket lives as long as its session: the player (preload="metadata") asks for the audio only
 * when played, and for more ranges as it seeks, maybe long after the viewer opened.
 */
export const TICKET_IDLE_MS = 10 * 60_000;
const secret = () => randomBytes(32).toString('base64url');
/** Secrets are kept by their hash: a lookup's timing says nothing about a secret. */
const digest = (value: string) => createHash('sha256').update(value).digest('base64url');
/** The header a page's session secret travels in. */
export const SESSION_HEADER = 'x-kikitori-session';

/** What changed in a Secrets: one added or ended, or only an end slid by a use. */
type SecretsChange = 'added' | 'removed' | 'slid';

/** Secrets with a sliding expiry, kept and found by their hash (which names the entry). */
class Secrets<T extends object> {
  private readonly byHash = new Map<string, T & { expires: number }>();
  /**
   * `idleMs`: how long an entry lives past its last use; `held`: whether it is in use right now
   * (a session whose window holds its event stream open never runs out); `changed`: told of
   * every change (the sessions are written to the data folder).
   */
  constructor(
    private readonly idleMs: (value: T) => number,
    private readonly held: (name: string) => boolean = () => false,
    private readonly changed: (change: SecretsChange) => void = () => {},
  ) {}
  /** A new secret for `value`, and the name it is kept under. */
  add(value: T): { secret: string; name: string } {
    const made = secret();
    const name = digest(made);
    this.byHash.set(name, { ...value, expires: Date.now() + this.idleMs(value) });
    this.changed('added');
    return { secret: made, name };
  }
  /** Entries a former start kept (by name, never by secret), those still alive. */
  restore(entries: readonly { name: string; expires: number }[], value: T): void {
    const now = Date.now();
    for (const { name, expires } of entries)
      if (expires > now) this.byHash.set(name, { ...value, expires });
  }
  /** Every entry's name and end, as they are kept. */
  entries(): { name: string; expires: number }[] {
    return [...this.byHash].map(([name, { expires }]) => ({ name, expires }));
  }
  /** The entry a secret names while it lives (its life starts over), else undefined. */
  use(candidate: string | undefined): (T & { name: string }) | undefined {
    if (!candidate) return undefined;
    const name = digest(candidate);
    const entry = this.alive(name);
    if (!entry) return undefined;
    entry.expires = Date.now() + this.idleMs(entry);
    this.changed('slid');
    return { ...entry, name };
  }
  /** The entry kept under `name` if it has not expired. */
  alive(name: string): (T & { expires: number }) | undefined {
    const entry = this.byHash.get(name);
    if (entry && this.held(name)) {
      entry.expires = Date.now() + this.idleMs(entry);
      this.changed('slid');
    }
    if (entry && entry.expires > Date.now()) return entry;
    if (this.byHash.delete(name)) this.changed('removed');
    return undefined;
  }
  /** Ends an entry now (a ticket that may be used once). */
  drop(name: string): void {
    this.byHash.delete(name);
  }
  sweep(): void {
    for (const name of [...this.byHash.keys()]) this.alive(name);
  }
}

/** Whose uploads a program's are (a session's name is a hash: never this). */
const PROGRAM_UPLOADS = 'program';

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const expected = Buffer.from(options.token);
  const tokenOk = (candidate: string | undefined) => {
    if (!candidate) return false;
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  let port = options.port;
  const codes = new Map<string, number>();
  /** Sessions by name, with how many event streams their windows hold open. */
  const streaming = new Map<string, number>();
  // Sessions outlive this start: kept by hash in the data folder (web-host/sessions.ts).
  const dataDir = options.core.dataDir;
  const stored = await readStoredSessions(dataDir);
  const writer = sessionWriter(dataDir, () => ({
    ...(port > 0 ? { port } : {}),
    sessions: sessions.entries(),
  }));
  const sessions: Secrets<object> = new Secrets<object>(
    () => SESSION_IDLE_MS,
    (name) => (streaming.get(name) ?? 0) > 0,
    (change) => (change === 'slid' ? writer.soon() : void writer.now()),
  );
  sessions.restore(stored.sessions, {});
  const tickets = new Secrets<{ session: string; path: string }>(({ path }) =>
    path.startsWith('/media/') ? SESSION_IDLE_MS : TICKET_IDLE_MS,
  );
  const issueCode = () => {
    const now = Date.now();
    for (const [code, expires] of codes) if (expires <= now) codes.delete(code);
    const code = secret();
    codes.set(code, now + CODE_LIFETIME_MS);
    return code;
  };
  /** The page's session's name, from the header only (a cookie would reach every local port). */
  const sessionName = (req: IncomingMessage): string | undefined => {
    const value = req.headers[SESSION_HEADER];
    return sessions.use(typeof value === 'string' ? value : undefined)?.name;
  };
  const sessionOk = (req: IncomingMessage) => sessionName(req) !== undefined;
  /** The session whose ticket for exactly this path came with the request, if it still lives. */
  const ticketSession = (url: URL): string | undefined => {
    const ticket = tickets.use(url.searchParams.get('ticket') ?? undefined);
    if (ticket === undefined || ticket.path !== url.pathname) return undefined;
    // A /live ticket opens one link: the window asks for a fresh one for each session.
    if (ticket.path === '/live') tickets.drop(ticket.name);
    return sessions.alive(ticket.session) !== undefined ? ticket.session : undefined;
  };
  const ticketOk = (url: URL) => ticketSession(url) !== undefined;
  const readJson = async (req: IncomingMessage, max = 16 * 1024): Promise<unknown> => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > max) throw new Error('too large');
      chunks.push(chunk);
    }
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  };
  const base = () => `http://127.0.0.1:${port}`;
  const events = new EventStreams((listener) => options.core.subscribe(listener));
  // What each page uploaded, by reference: the page is given the reference, never the path.
  const chosen = new ChosenFiles();
  const uploads = createUploads({ core: options.core, dataDir: options.core.dataDir, chosen });
  await uploads.sweep();

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
      const loopback = [`127.0.0.1:${port}`, `localhost:${port}`];
      if (!loopback.includes(req.headers.host ?? '')) return false;
      // A program's token: in the header, or (a page opened with #token=, like /events) ?token=.
      const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (tokenOk(bearer ?? url.searchParams.get('token') ?? undefined)) return true;
      const origin = req.headers.origin;
      return (
        origin !== undefined && loopback.map((h) => `http://${h}`).includes(origin) && ticketOk(url)
      );
    },
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    if (live.handle(req, socket, head, url)) return;
    if (!windowFiles) socket.destroy();
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
      // A person followed it: a page in their language saying what to do, not JSON.
      if (code === undefined || expires === undefined || expires <= Date.now())
        return sendLinkUsed(res, req.headers['accept-language']);
      // The code moves into the fragment, which no request and no Referer carries; the page
      // spends it with /session/claim.
      res.writeHead(303, {
        Location: `/#open=${encodeURIComponent(code)}`,
        'Cache-Control': 'no-store',
        'Referrer-Policy': 'no-referrer',
      });
      return void res.end();
    }

    if (url.pathname === '/session/claim') {
      if (req.method !== 'POST') return refuse(res, 405, 'invalid-input', 'use POST');
      // Only this app's page claims (a browser always sends Origin on a POST).
      if (origin === undefined) return refuse(res, 403, 'forbidden', 'Origin missing');
      let code: unknown;
      try {
        code = ((await readJson(req)) as { code?: unknown }).code;
      } catch {
        return refuse(res, 400, 'invalid-input', 'the input is not JSON');
      }
      const expires = typeof code === 'string' ? codes.get(code) : undefined;
      if (typeof code === 'string') codes.delete(code);
      if (expires === undefined || expires <= Date.now())
        return sendJson(res, 403, { ok: false, error: appError('link-used') });
      sessions.sweep();
      const { secret: session } = sessions.add({});
      // On disk before the page has it: a session outlives this start.
      await writer.now();
      return sendJson(res, 200, { ok: true, data: { session, idleMs: SESSION_IDLE_MS } });
    }

    if (url.pathname === '/session/ticket') {
      if (req.method !== 'POST') return refuse(res, 405, 'invalid-input', 'use POST');
      const value = req.headers[SESSION_HEADER];
      const session = sessions.use(typeof value === 'string' ? value : undefined);
      if (!session) return refuse(res, 401, 'forbidden', 'missing or ended session');
      let path: unknown;
      try {
        path = ((await readJson(req)) as { path?: unknown }).path;
      } catch {
        return refuse(res, 400, 'invalid-input', 'the input is not JSON');
      }
      if (
        typeof path !== 'string' ||
        !(path === '/events' || path === '/live' || /^\/media\/[^/?#]+$/.test(path))
      )
        return refuse(res, 400, 'invalid-input', 'tickets are for /events, /live and /media/<job>');
      tickets.sweep();
      const { secret: ticket } = tickets.add({ session: session.name, path });
      return sendJson(res, 200, { ok: true, data: { ticket } });
    }

    if (url.pathname === '/session/code') {
      if (req.method !== 'POST') return refuse(res, 405, 'invalid-input', 'use POST');
      if (!tokenOk(bearer)) return refuse(res, 401, 'forbidden', 'missing or wrong token');
      // A second start sends a nonce: the answer proves it comes from this instance.
      let nonce: unknown;
      try {
        nonce = ((await readJson(req)) as { nonce?: unknown }).nonce;
      } catch {
        return refuse(res, 400, 'invalid-input', 'the input is not JSON');
      }
      const url = `${base()}/open?code=${issueCode()}`;
      const proof =
        typeof nonce === 'string' ? { proof: handoverProof(options.token, nonce, url) } : {};
      return sendJson(res, 200, { ok: true, data: { url, ...proof } });
    }

    if (url.pathname.startsWith(RPC_PREFIX)) {
      if (req.method !== 'POST') return refuse(res, 405, 'invalid-input', 'use POST');
      if (!tokenOk(bearer) && !sessionOk(req))
        return refuse(res, 401, 'forbidden', 'missing or wrong token');
      // A program holding the token may name any path (documented); the page names no path,
      // only the references its uploads were answered with.
      const caller: Caller = tokenOk(bearer)
        ? { paths: { kind: 'any', resolve: (file) => chosen.resolve(PROGRAM_UPLOADS, file) } }
        : { paths: chosen.policy(sessionName(req)!) };
      return answerRpc(options.core, req, res, caller, 'in browser mode');
    }

    if (url.pathname === '/uploads') {
      const owner = tokenOk(bearer) ? PROGRAM_UPLOADS : sessionName(req);
      if (owner === undefined) return refuse(res, 401, 'forbidden', 'missing or wrong token');
      return uploads.handle(req, res, url, owner);
    }

    if (url.pathname.startsWith('/media/')) {
      // <audio> cannot set headers: a ticket for this very path, or a program's ?token=.
      if (!tokenOk(bearer ?? url.searchParams.get('token') ?? undefined) && !ticketOk(url)) {
        return refuse(res, 401, 'forbidden', 'missing or wrong token');
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        return refuse(res, 405, 'invalid-input', 'use GET');
      }
      const id = decodeURIComponent(url.pathname.slice('/media/'.length));
      return serveMedia(options.core.journal.get(id), req, res);
    }

    if (url.pathname === '/events') {
      // EventSource cannot set headers: a ticket for /events, or a program's ?token=.
      const program = tokenOk(bearer ?? url.searchParams.get('token') ?? undefined);
      const session = program ? undefined : ticketSession(url);
      if (!program && !session) return refuse(res, 401, 'forbidden', 'missing or wrong token');
      // While a window holds its event stream open, its session is in use.
      if (session) streaming.set(session, (streaming.get(session) ?? 0) + 1);
      return events.open(req, res, () => {
        if (!session) return;
        const left = (streaming.get(session) ?? 1) - 1;
        if (left > 0) streaming.set(session, left);
        else {
          // Its idle time starts when the window lets go.
          sessions.alive(session);
          streaming.delete(session);
        }
      });
    }

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
  await writer.now();
  return {
    server,
    url: base(),
    port,
    openUrl: () => `${base()}/open?code=${issueCode()}`,
    async close() {
      // Windows holding their event streams were using their sessions until now.
      sessions.sweep();
      uploads.close();
      live.close();
      events.close();
      await windowFiles?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await writer.flush();
    },
  };
}
