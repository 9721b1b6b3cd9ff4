/**
 * The OpenAI-compatible endpoint (docs/architecture.md §4, "Programs"): served by whichever host
 * holds the data folder (the window, browser mode, `kikitori serve`) on 127.0.0.1 only, at
 * `http://127.0.0.1:<port>/v1`, the port it last used when that is free (a program's settings
 * keep working across starts). Every request needs a key made for programs
 * (core/programs/program-keys.ts) as `Authorization: Bearer`.
 *
 * No web page may use it: a request that says where it comes from (`Origin`, `Sec-Fetch-Site`:
 * browsers send them, programs do not) is refused, nothing answers CORS' preflight, and the
 * `Host` must be this address (a page that rebinds a name to 127.0.0.1 gets nothing). Each key
 * has at most `perKey` requests at once, all keys `maxRequests` (429 beyond); an upload is
 * streamed to disk, never held, up to `maxBytes`.
 */
import { readdir, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { LIMITS } from '../../../shared/api/codes';
import type { Job } from '../../../shared/domain/job';
import type { Core } from '../../core';
import { isInside } from '../../media/media-file';
import { openAiError, refuse, sendError } from './errors';
import { offeredModels, WHISPER_ALIAS } from './models';
import { transcribe } from './transcriptions';

export interface OpenAiServerOptions {
  /** The port to listen on (default: the last one used when free, else any free one). */
  readonly port?: number;
  /** The largest upload, in bytes (default: the service's async limit, 2 GiB). */
  readonly maxBytes?: number;
  /** Requests at once per key (default 4). */
  readonly perKey?: number;
  /** Requests at once in all (default 16). */
  readonly maxRequests?: number;
}

export interface OpenAiServer {
  /** The base URL programs are given: `http://127.0.0.1:<port>/v1`. */
  readonly baseUrl: string;
  close(): Promise<void>;
}

export const UPLOADS_FOLDER = 'program-uploads';

/** Removes a job's upload with the job, and uploads no job names (a crash, a refused file). */
function keepUploads(core: Core, dir: string): () => void {
  const folderOf = (job: Job) =>
    isInside(dir, job.file.path) ? dirname(job.file.path) : undefined;
  const owned = new Map<string, string>();
  for (const job of core.journal.list()) {
    const folder = folderOf(job);
    if (folder) owned.set(job.id, folder);
  }
  void readdir(dir)
    .then((entries) =>
      Promise.all(
        entries
          .map((entry) => join(dir, entry))
          .filter((folder) => ![...owned.values()].includes(folder))
          .map((folder) => rm(folder, { recursive: true, force: true })),
      ),
    )
    .catch(() => undefined);
  return core.subscribe((event, payload) => {
    if (event === 'jobs:changed') {
      const { job } = payload as { job: Job };
      const folder = folderOf(job);
      if (folder) owned.set(job.id, folder);
    } else if (event === 'jobs:removed') {
      const { id } = payload as { id: string };
      const folder = owned.get(id);
      owned.delete(id);
      if (folder) void rm(folder, { recursive: true, force: true });
    }
  });
}

function answerModels(core: Core, res: ServerResponse, id: string | undefined): void {
  const created = Math.floor(Date.now() / 1000);
  const models = offeredModels(core.connections.list());
  const active = models.find((m) => m.connection.id === core.connections.activeId() && !m.engine);
  const listed = [
    ...models.map((m) => ({
      id: m.id,
      object: 'model',
      created,
      owned_by: 'kikitori',
      name: m.engine ? `${m.connection.name} (${m.engine})` : m.connection.name,
      connection: m.connection.id,
      engine: m.engine ?? m.connection.engine,
    })),
    ...(active
      ? [
          {
            id: WHISPER_ALIAS,
            object: 'model',
            created,
            owned_by: 'kikitori',
            name: `${active.connection.name} (${WHISPER_ALIAS})`,
            connection: active.connection.id,
            engine: active.connection.engine,
          },
        ]
      : []),
  ];
  const body =
    id === undefined ? { object: 'list', data: listed } : listed.find((model) => model.id === id);
  if (!body) return sendError(res, openAiError(404, 'model_not_found', `there is no model ${id}`));
  res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

export async function startOpenAiServer(
  core: Core,
  options: OpenAiServerOptions = {},
): Promise<OpenAiServer> {
  const uploadsDir = join(core.dataDir, UPLOADS_FOLDER);
  const context = { core, uploadsDir, maxBytes: options.maxBytes ?? LIMITS.asyncAudioBytes };
  const perKey = options.perKey ?? 4;
  const maxRequests = options.maxRequests ?? 16;
  const running = new Map<string, number>();
  let total = 0;
  let origin = '';

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // A page: refused before anything else, and never told CORS' answers.
    if (req.headers.origin !== undefined || req.headers['sec-fetch-site'] !== undefined)
      return refuse(req, res, openAiError(403, 'forbidden', 'web pages cannot use this endpoint'));
    const host = req.headers.host ?? '';
    if (
      `http://${host}` !== origin &&
      `http://${host.replace(/^localhost:/, '127.0.0.1:')}` !== origin
    )
      return refuse(req, res, openAiError(403, 'forbidden', `this endpoint is ${origin}`));
    const { pathname } = new URL(req.url ?? '/', origin);
    const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const name = bearer === undefined ? undefined : core.programKeys.check(bearer);
    if (name === undefined)
      return refuse(
        req,
        res,
        openAiError(
          401,
          'invalid_api_key',
          bearer === undefined
            ? 'no key was given: make one in Settings → Programs, or with kikitori program-key new'
            : 'this key is not one of the keys made for programs (revoked, or mistyped)',
        ),
      );
    if (pathname === '/v1/models' || pathname.startsWith('/v1/models/')) {
      if (req.method !== 'GET')
        return sendError(res, openAiError(405, 'method_not_allowed', 'use GET'));
      const id = pathname === '/v1/models' ? undefined : decodeURIComponent(pathname.slice(11));
      return answerModels(core, res, id);
    }
    if (pathname !== '/v1/audio/transcriptions')
      return sendError(res, openAiError(404, 'not_found', `there is no ${pathname} here`));
    if (req.method !== 'POST')
      return sendError(res, openAiError(405, 'method_not_allowed', 'use POST'));
    const declared = Number(req.headers['content-length'] ?? NaN);
    if (Number.isFinite(declared) && declared > context.maxBytes + 64 * 1024)
      return refuse(
        req,
        res,
        openAiError(413, 'file_too_large', `the file is larger than ${context.maxBytes} bytes`),
      );
    const mine = running.get(name) ?? 0;
    if (mine >= perKey || total >= maxRequests)
      return refuse(
        req,
        res,
        openAiError(
          429,
          'too_many_requests',
          mine >= perKey
            ? `this key has ${perKey} requests running already; wait for one to finish`
            : `${maxRequests} requests are running already; try again in a moment`,
        ),
      );
    running.set(name, mine + 1);
    total++;
    try {
      await transcribe(context, name, req, res);
    } finally {
      total--;
      const left = (running.get(name) ?? 1) - 1;
      if (left > 0) running.set(name, left);
      else running.delete(name);
    }
  };

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) =>
      sendError(res, openAiError(500, 'internal', (error as Error).message ?? String(error))),
    );
  });
  // A refused request's body is not read: its answer goes, then the connection closes.
  server.on('clientError', (_error, socket) => socket.destroy());
  const listen = (port: number) =>
    new Promise<number>((done, failed) => {
      server.once('error', failed);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', failed);
        done((server.address() as AddressInfo).port);
      });
    });
  const wanted = options.port ?? core.programKeys.lastPort;
  const port =
    wanted === undefined
      ? await listen(0)
      : await listen(wanted).catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'EADDRINUSE' && options.port === undefined) return listen(0);
          throw error;
        });
  origin = `http://127.0.0.1:${port}`;
  const baseUrl = `${origin}/v1`;
  const unsubscribe = keepUploads(core, uploadsDir);
  await core.programKeys.setServed(baseUrl, port);
  return {
    baseUrl,
    async close() {
      unsubscribe();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      await core.programKeys.setServed(undefined);
    },
  };
}
