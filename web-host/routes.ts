/**
 * The web host's routes (web-host/server.ts): once a request is through the Host and Origin
 * checks, the first route whose path matches answers it. Each route declares the methods it
 * answers and who may call it; the server refuses any other method (405) and then any other
 * caller (401) before the route's handler runs. How a page is let in (codes, sessions, tickets):
 * the top of web-host/server.ts; the secrets themselves are web-host/sessions.ts.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { appError } from '../shared/domain/errors';
import { handoverProof } from '../core/host/app-instance';
import { type Caller, type Core } from '../core/core';
import type { ChosenFiles } from '../core/media/media-file';
import { sendJson } from '../core/host/http-reply';
import { type EventStreams, RPC_PREFIX, answerRpc, refuse } from '../core/host/http-channels';
import { sendLinkUsed } from './link-used-page';
import { serveMedia } from './media';
import { SESSION_IDLE_MS, isTicketPath, type BrowserSessions } from './sessions';
import type { Uploads } from './uploads';

/**
 * Who may call a route:
 * - `anyone`: a person's browser before it has a session (the route checks what it needs);
 * - `program`: the launch token as `Authorization: Bearer`;
 * - `session`: a page's session secret in its header;
 * - `page`: either of the two above;
 * - `ticket`: for what cannot set a header (`<audio>`, EventSource), a ticket for exactly this
 *   path, or a program's token as Bearer or `?token=`.
 */
export type Access = 'anyone' | 'program' | 'session' | 'page' | 'ticket';

/** The caller a route was let in for: a program (the token) or a page's session, by name. */
export interface Who {
  readonly program: boolean;
  readonly session?: string;
}

export interface Route {
  /** The path it serves: exactly this one, or (ending in `/`) every path under it. */
  readonly path: string;
  /** The methods it answers; any when left out. */
  readonly methods?: readonly string[];
  readonly access: Access;
  handle(req: IncomingMessage, res: ServerResponse, url: URL, who: Who): Promise<void> | void;
}

/** Whose uploads a program's are (a session's name is a hash: never this). */
export const PROGRAM_UPLOADS = 'program';

export interface RouteDeps {
  readonly core: Core;
  readonly sessions: BrowserSessions;
  readonly uploads: Uploads;
  /** What each page (or program) uploaded, by reference: a page is never given a path. */
  readonly chosen: ChosenFiles;
  readonly events: EventStreams;
  /** The launch token. */
  readonly token: string;
  /** Whether `candidate` is the launch token (a constant-time comparison). */
  readonly tokenOk: (candidate: string | undefined) => boolean;
  /** The host's address, `http://127.0.0.1:<port>`. */
  readonly base: () => string;
}

/** Compares candidates with `token` in constant time. */
export function tokenCheck(token: string): (candidate: string | undefined) => boolean {
  const expected = Buffer.from(token);
  return (candidate) => {
    if (!candidate) return false;
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
}

/** The bearer token in the request's Authorization header, if any. */
export const bearerOf = (req: IncomingMessage): string | undefined =>
  /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];

/** The route serving `pathname`, if any. */
export const routeFor = (routes: readonly Route[], pathname: string): Route | undefined =>
  routes.find((r) => (r.path.endsWith('/') ? pathname.startsWith(r.path) : pathname === r.path));

/** Who is calling, when `access` lets them in; undefined (refuse with 401) otherwise. */
export function whoCalls(
  access: Access,
  req: IncomingMessage,
  url: URL,
  deps: Pick<RouteDeps, 'sessions' | 'tokenOk'>,
): Who | undefined {
  const bearer = bearerOf(req);
  if (access === 'anyone') return { program: false };
  if (access === 'ticket') {
    if (deps.tokenOk(bearer ?? url.searchParams.get('token') ?? undefined))
      return { program: true };
    const session = deps.sessions.fromTicket(url);
    return session === undefined ? undefined : { program: false, session };
  }
  if (access !== 'session' && deps.tokenOk(bearer)) return { program: true };
  if (access === 'program') return undefined;
  const session = deps.sessions.fromHeader(req);
  return session === undefined ? undefined : { program: false, session };
}

/** The body of a small JSON request (a claim, a ticket or a code); throws when it is not JSON. */
async function readJson(req: IncomingMessage, max = 16 * 1024): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) throw new Error('too large');
    chunks.push(chunk);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
}

/** The field `key` of a small JSON request's body; `invalid` when the body is not JSON. */
const field = (req: IncomingMessage, key: string): Promise<unknown> =>
  readJson(req).then(
    (body) => (body as Record<string, unknown>)[key],
    () => invalid,
  );
const invalid = Symbol('not JSON');
const notJson = (res: ServerResponse) => refuse(res, 400, 'invalid-input', 'the input is not JSON');

/** Every route of the host but the window's own files (the server's fallback for a GET). */
export function webRoutes(deps: RouteDeps): Route[] {
  const { core, sessions, uploads, events } = deps;
  return [
    {
      path: '/open',
      methods: ['GET'],
      access: 'anyone',
      handle(req, res, url) {
        const code = url.searchParams.get('code') ?? undefined;
        // A person followed it: a page in their language saying what to do, not JSON.
        if (!sessions.codeAlive(code)) return sendLinkUsed(res, req.headers['accept-language']);
        // The code moves into the fragment, which no request and no Referer carries; the page
        // spends it with /session/claim.
        res.writeHead(303, {
          Location: `/#open=${encodeURIComponent(code)}`,
          'Cache-Control': 'no-store',
          'Referrer-Policy': 'no-referrer',
        });
        res.end();
      },
    },
    {
      path: '/session/claim',
      methods: ['POST'],
      access: 'anyone',
      async handle(req, res) {
        // Only this app's page claims (a browser always sends Origin on a POST).
        if (req.headers.origin === undefined)
          return refuse(res, 403, 'forbidden', 'Origin missing');
        const code = await field(req, 'code');
        if (code === invalid) return notJson(res);
        // On disk before the page has it: a session outlives this start.
        const session = await sessions.claim(code);
        if (session === undefined)
          return sendJson(res, 403, { ok: false, error: appError('link-used') });
        sendJson(res, 200, { ok: true, data: { session, idleMs: SESSION_IDLE_MS } });
      },
    },
    {
      path: '/session/ticket',
      methods: ['POST'],
      access: 'session',
      async handle(req, res, _url, who) {
        const path = await field(req, 'path');
        if (path === invalid) return notJson(res);
        if (!isTicketPath(path))
          return refuse(
            res,
            400,
            'invalid-input',
            'tickets are for /events, /live and /media/<job>',
          );
        const ticket = sessions.issueTicket(who.session ?? '', path);
        sendJson(res, 200, { ok: true, data: { ticket } });
      },
    },
    {
      path: '/session/code',
      methods: ['POST'],
      access: 'program',
      async handle(req, res) {
        // A second start sends a nonce: the answer proves it comes from this instance.
        const nonce = await field(req, 'nonce');
        if (nonce === invalid) return notJson(res);
        const url = `${deps.base()}/open?code=${sessions.issueCode()}`;
        const proof =
          typeof nonce === 'string' ? { proof: handoverProof(deps.token, nonce, url) } : {};
        sendJson(res, 200, { ok: true, data: { url, ...proof } });
      },
    },
    {
      path: RPC_PREFIX,
      methods: ['POST'],
      access: 'page',
      handle(req, res, _url, who) {
        // A program holding the token may name any path (documented); the page names no path,
        // only the references its uploads were answered with.
        const caller: Caller = who.program
          ? {
              paths: {
                kind: 'any',
                resolve: (file) => deps.chosen.resolve(PROGRAM_UPLOADS, file),
              },
              folders: 'any',
            }
          : { paths: deps.chosen.policy(who.session!), folders: 'typed' };
        return answerRpc(core, req, res, caller, 'in browser mode');
      },
    },
    // Its method (PUT) is checked by the uploads, which refuse with the connection closed.
    {
      path: '/uploads',
      access: 'page',
      handle: (req, res, url, who) =>
        uploads.handle(req, res, url, who.program ? PROGRAM_UPLOADS : who.session!),
    },
    {
      path: '/media/',
      methods: ['GET', 'HEAD'],
      access: 'ticket',
      handle(req, res, url) {
        const id = decodeURIComponent(url.pathname.slice('/media/'.length));
        return serveMedia(core.journal.get(id), req, res);
      },
    },
    {
      path: '/events',
      access: 'ticket',
      handle(req, res, _url, who) {
        // While a window holds its event stream open, its session is in use; its idle time
        // starts when the window lets go.
        const release = who.session === undefined ? undefined : sessions.hold(who.session);
        events.open(req, res, release);
      },
    },
  ];
}
