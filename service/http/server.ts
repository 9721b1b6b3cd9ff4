/**
 * The HTTP front: request-line limit, routing, method checks, authentication as each route
 * declares it, and a last-resort error guard.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { LIMITS, RESULT_MESSAGES, REST_MESSAGES } from '../../shared/api';
import type { ServiceContext } from '../context';
import type { KeyIdentity } from '../keys/accounts';
import { authenticateBearer, bearerOf } from './auth';
import { drainDeadlineMs } from './deadlines';
import { lingerAtMost } from './linger';
import { sendJson, sendRestError, sendSyncError } from './respond';
import { handleClassnames, handleProfileWords } from './routes/dictionary';
import { handleEngines } from './routes/engines';
import { handleIssue } from './routes/issue';
import { handleSyncRecognize } from './routes/recognize';
import type { JobRoutes } from './routes/jobs';

/** How long a connection refused as malformed HTTP is read from after its answer, before it is closed. */
const LINGER_MS = 2_000;

type Handler = (
  req: IncomingMessage,
  res: ServerResponse,
  query: URLSearchParams,
  match: RegExpExecArray,
  /** Who the route's authentication found (routes that authenticate by Bearer). */
  identity: KeyIdentity | undefined,
) => Promise<void> | void;

/**
 * How a route authenticates, declared in the table and checked before its handler runs (as
 * fastify's hooks run before a route's handler), after the method:
 * - `bearer`: a key in the Authorization header (docs/api.md §5), else 401;
 * - `bearer-if-given`: the same when the header names a key; without one the handler asks for
 *   another proof (issuing a key: the account's sid and spw);
 * - `with-parameters`: the key comes with the recognition's parameters (`u`, `d`'s
 *   `authorization` or the header), checked with them when the request is admitted
 *   (service/admission.ts), so that a refusal is the recognition's own;
 * - `none`: no key (the engine list).
 */
type Authentication = 'bearer' | 'bearer-if-given' | 'with-parameters' | 'none';

interface Route {
  readonly pattern: RegExp;
  readonly methods: Readonly<Record<string, Handler>>;
  readonly authentication: Authentication;
  /** Recognition paths answer errors with the sync-style body. */
  readonly sync?: boolean;
}

export function createHttpServer(ctx: ServiceContext, jobs: JobRoutes): Server {
  const routes = routeTable(ctx, jobs);
  const server = createServer(
    { maxHeaderSize: 64 * 1024, requestTimeout: 30 * 60_000, headersTimeout: 60_000 },
    (req, res) => {
      lingerAtMost(req, res, drainDeadlineMs());
      void route(ctx, routes, req, res).catch((error: unknown) => {
        // Never let one request take the process down.
        const detail = error instanceof Error ? error.message : String(error);
        if (!res.headersSent) sendRestError(res, 500, '?', `${RESULT_MESSAGES['?']} (${detail})`);
        else res.destroy();
      });
    },
  );
  refuseMalformed(server);
  return server;
}

/** Each path the service answers, its methods and how it authenticates. */
function routeTable(ctx: ServiceContext, jobs: JobRoutes): Route[] {
  return [
    {
      pattern: /^\/v1\/recognize$/,
      sync: true,
      authentication: 'with-parameters',
      methods: { POST: (req, res, q) => handleSyncRecognize(ctx, req, res, q, { logged: true }) },
    },
    {
      pattern: /^\/v1\/nolog\/recognize$/,
      sync: true,
      authentication: 'with-parameters',
      methods: { POST: (req, res, q) => handleSyncRecognize(ctx, req, res, q, { logged: false }) },
    },
    {
      pattern: /^\/(v1|v2)\/recognitions$/,
      sync: true,
      authentication: 'with-parameters',
      methods: { POST: (req, res, q, m) => jobs.create(req, res, q, m[1] === 'v2' ? 2 : 1) },
    },
    {
      pattern: /^\/(v1|v2)\/recognitions\/([^/]+)$/,
      authentication: 'bearer',
      methods: {
        GET: (_req, res, _q, m, identity) => jobs.status(res, m[2]!, identity!),
        DELETE: (_req, res, _q, m, identity) => jobs.cancel(res, m[2]!, identity!),
      },
    },
    {
      pattern: /^\/v1\/engines$/,
      authentication: 'none',
      methods: { GET: (_req, res) => handleEngines(ctx, res) },
    },
    {
      pattern: /^\/profilewords\/([^/]+)\/([^/]*)$/,
      authentication: 'bearer',
      methods: {
        GET: (req, res, q, m, identity) =>
          handleProfileWords(ctx, req, res, q, identity!, {
            engine: decodeURIComponent(m[1]!),
            ...(m[2] && { profileId: decodeURIComponent(m[2]) }),
          }),
        POST: (req, res, q, m, identity) =>
          m[2]
            ? handleProfileWords(ctx, req, res, q, identity!, {
                engine: decodeURIComponent(m[1]!),
                profileId: decodeURIComponent(m[2]),
              })
            : sendRestError(res, 405, '>', REST_MESSAGES.methodNotAllowed('POST')),
      },
    },
    {
      pattern: /^\/classnames\/([^/]+)$/,
      authentication: 'bearer',
      methods: {
        GET: (_req, res, _q, m) => handleClassnames(ctx, res, decodeURIComponent(m[1]!)),
      },
    },
    {
      pattern: /^\/issue_service_authorization$/,
      authentication: 'bearer-if-given',
      methods: { POST: (req, res, q, _m, identity) => handleIssue(ctx, req, res, q, identity) },
    },
  ];
}

/**
 * One request: the request line's limit, then the first route whose path matches, its method,
 * its authentication and its handler.
 */
async function route(
  ctx: ServiceContext,
  routes: readonly Route[],
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const requestLine = `${req.method} ${req.url} HTTP/${req.httpVersion}`;
  if (Buffer.byteLength(requestLine) > LIMITS.requestLineBytes) {
    return sendSyncError(
      res,
      '>',
      `${RESULT_MESSAGES['>']} (the request line is longer than ${LIMITS.requestLineBytes} bytes: send d as a multipart part)`,
      414,
      { Connection: 'close' },
    );
  }
  let url: URL;
  try {
    url = new URL(req.url ?? '/', 'http://127.0.0.1');
  } catch {
    return sendRestError(
      res,
      400,
      '>',
      `the request target ${JSON.stringify(req.url)} is not a valid URL`,
    );
  }
  for (const candidate of routes) {
    const match = candidate.pattern.exec(url.pathname);
    if (!match) continue;
    const handler = candidate.methods[req.method ?? ''];
    if (!handler) {
      res.setHeader('Allow', Object.keys(candidate.methods).join(', '));
      return sendRestError(res, 405, '>', REST_MESSAGES.methodNotAllowed(req.method ?? ''));
    }
    let identity: KeyIdentity | undefined;
    const { authentication } = candidate;
    if (
      authentication === 'bearer' ||
      (authentication === 'bearer-if-given' && bearerOf(req) !== undefined)
    ) {
      const auth = authenticateBearer(ctx, req);
      if (!auth.ok) return sendRestError(res, 401, '-', auth.error);
      identity = auth.data;
    }
    try {
      return await handler(req, res, url.searchParams, match, identity);
    } catch (error) {
      if (error instanceof URIError)
        return sendRestError(
          res,
          400,
          '>',
          `the path ${url.pathname} has invalid percent-encoding`,
        );
      throw error;
    }
  }
  sendJson(res, 404, { code: '>', message: `no such endpoint: ${req.method} ${url.pathname}` });
}

/** Malformed HTTP, or headers over the limit: answered plainly, then the connection closed. */
function refuseMalformed(server: Server): void {
  const refused = new WeakSet<object>();
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    // Malformed HTTP or headers over the limit: answer plainly and close; never crash. The parser
    // reports each later chunk of a refused request again: those are dropped, not answered by
    // destroying the connection (the client would be reset before reading its answer).
    if (refused.has(socket)) return;
    if (!socket.writable) return socket.destroy();
    refused.add(socket);
    const status =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? '431 Request Header Fields Too Large'
        : '400 Bad Request';
    const body = JSON.stringify({
      code: '>',
      message: `${RESULT_MESSAGES['>']} (${error.code ?? 'malformed HTTP'})`,
    });
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    // A lingering close: what the client still sends is read and dropped for a moment, since
    // bytes arriving at a closed socket make the system reset the connection, and a reset can
    // throw away the answer before the client has read it.
    socket.resume();
    const linger = setTimeout(() => socket.destroy(), LINGER_MS).unref();
    socket.once('close', () => clearTimeout(linger));
  });
}
