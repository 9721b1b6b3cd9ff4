/**
 * The program endpoint (docs/architecture.md §4): the core's channels and events for programs
 * holding the user's rights (the command line, scripts), served by whichever host holds the data
 * folder's lock. A Unix domain socket in the data folder (`<data>/kikitori.sock`, 0600 in the 0700
 * folder; where that path is too long for a socket, one named after the folder in this user's
 * private socket folder; on Windows a named pipe named after the data folder), never a TCP port:
 * no web page can reach it at all, and the file's permissions are its authentication, so every
 * call runs as the core's PROGRAM caller. It speaks HTTP like the web host: `POST /rpc/<channel>` and
 * `GET /events` (core/host/http-channels.ts), and `GET /` says it is Kikitori and whose. A command that
 * holds the folder (`kikitori watch`, a long `transcribe`) also takes `POST /handover`: the app
 * starting on the folder asks it to let go, and the command carries on through the app.
 */
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { chmod, lstat, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { appError } from '../../shared/domain/errors';
import { PROGRAM } from '../caller';
import type { Core } from '../core';
import { EventStreams, RPC_PREFIX, answerRpc, refuse } from '../host/http-channels';
import { sendJson } from '../host/http-reply';
import { makePrivateFolderOf, notOwnFolder } from '../storage/private-folder';

/** The socket's name in the data folder. */
export const ENDPOINT_NAME = 'kikitori.sock';

/** What `GET /` answers: that this is Kikitori's endpoint, and for which folder. */
export interface EndpointHello {
  readonly app: 'kikitori';
  readonly pid: number;
  readonly dataDir: string;
}

/**
 * The longest socket path every system takes: a socket's path must fit `sun_path` (108 bytes on
 * Linux, 104 on macOS, with its NUL). A longer one is cut short by the system without a word, and
 * the socket would be made at another path, in another folder.
 */
export const MAX_SOCKET_PATH = 103;

/**
 * The folder of this user's sockets for data folders whose own path is too long: the session's
 * `$XDG_RUNTIME_DIR` when it is this user's own 0700 folder, else `kikitori-<uid>` in the
 * temporary folder, made 0700 and checked to be this user's (another user may have made it first:
 * then there is none). Undefined where there is none.
 */
export function socketFolder(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const runtime = env.XDG_RUNTIME_DIR;
  if (runtime && isAbsolute(runtime)) {
    try {
      if (notOwnFolder(runtime) === undefined && (statSync(runtime).mode & 0o077) === 0)
        return runtime;
    } catch {
      // Not there: the temporary folder's then.
    }
  }
  const folder = join(tmpdir(), `kikitori-${process.getuid?.() ?? 'user'}`);
  try {
    makePrivateFolderOf(folder);
    return folder;
  } catch {
    return undefined;
  }
}

/**
 * Where the program endpoint of a data folder is: its socket in the folder, or, when that path is
 * too long for a socket, a socket named after the folder in this user's socket folder; undefined
 * when neither fits (programs cannot reach that app). On Windows, the named pipe whose name is
 * made from the folder's path (pipes live in a namespace of their own).
 */
export function programEndpointPath(
  dataDir: string,
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  const folder = createHash('sha256').update(resolve(dataDir)).digest('hex');
  if (platform === 'win32') {
    const named = createHash('sha256').update(resolve(dataDir).toLowerCase()).digest('hex');
    return `\\\\.\\pipe\\kikitori-${named.slice(0, 32)}`;
  }
  const inFolder = join(dataDir, ENDPOINT_NAME);
  if (Buffer.byteLength(inFolder) <= MAX_SOCKET_PATH) return inFolder;
  const sockets = socketFolder(env);
  if (sockets === undefined) return undefined;
  const short = join(sockets, `kikitori-${folder.slice(0, 24)}.sock`);
  return Buffer.byteLength(short) <= MAX_SOCKET_PATH ? short : undefined;
}

export interface ProgramEndpoint {
  /** The socket's path (or the pipe's name). */
  readonly path: string;
  /** Stops serving and removes the socket. */
  close(): Promise<void>;
}

/**
 * A socket left at the endpoint's path: the host holds the data folder's lock, so the process
 * that made it is gone (killed, or crashed before it removed it). Anything else there is not
 * Kikitori's to remove.
 */
async function removeLeftSocket(path: string): Promise<void> {
  const found = await lstat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (!found) return;
  if (!found.isSocket()) throw new Error(`${path} exists and is not a socket`);
  await rm(path, { force: true });
}

export interface EndpointOptions {
  /**
   * The holder lets go of the data folder when asked (`POST /handover`, answered 202 first);
   * without it the endpoint answers 409.
   */
  readonly onHandover?: () => void;
}

/**
 * Serves the core's program endpoint. Only the holder of the data folder's lock (an open Core)
 * may call this: a socket left by a Kikitori killed earlier is replaced.
 */
export async function startProgramEndpoint(
  core: Core,
  { onHandover }: EndpointOptions = {},
): Promise<ProgramEndpoint> {
  const path = programEndpointPath(core.dataDir);
  if (path === undefined)
    throw new Error(
      `no socket path of at most ${MAX_SOCKET_PATH} bytes can be made for ${core.dataDir}`,
    );
  const windows = process.platform === 'win32';
  if (!windows) await removeLeftSocket(path);
  const events = new EventStreams((listener) => core.subscribe(listener));
  const hello: EndpointHello = { app: 'kikitori', pid: process.pid, dataDir: core.dataDir };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // Programs send no Origin; a browser always says where a request comes from. None can reach
    // this socket, and a page that some proxy let through still gets nothing.
    if (req.headers.origin !== undefined || req.headers['sec-fetch-site'] !== undefined)
      return refuse(res, 403, 'forbidden', 'the program endpoint takes no requests from pages');
    const { pathname } = new URL(req.url ?? '/', 'http://kikitori');
    if (pathname.startsWith(RPC_PREFIX)) return answerRpc(core, req, res, PROGRAM, 'for programs');
    if (pathname === '/handover' && req.method === 'POST') {
      if (!onHandover)
        return refuse(res, 409, 'invalid-input', 'this Kikitori does not hand its folder over');
      // Answered before letting go: the asker then waits for the folder's lock.
      res.once('finish', onHandover);
      return sendJson(res, 202, { ok: true, data: { pid: process.pid } });
    }
    if (req.method !== 'GET') return refuse(res, 405, 'invalid-input', 'use GET');
    if (pathname === '/events') return events.open(req, res);
    if (pathname === '/') return sendJson(res, 200, { ok: true, data: hello });
    return refuse(res, 404, 'invalid-input', `there is no ${pathname} on the program endpoint`);
  };
  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      sendJson(res, 500, { ok: false, error: appError('internal', {}, (error as Error).message) });
    });
  });
  await new Promise<void>((done, failed) => {
    server.once('error', failed);
    server.listen(path, () => {
      server.off('error', failed);
      done();
    });
  });
  try {
    // bind made it 0700 under the umask 077: connecting needs write, running nothing.
    if (!windows) await chmod(path, 0o600);
  } catch (error) {
    server.close();
    throw error;
  }
  return {
    path,
    async close() {
      events.close();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      if (!windows) await rm(path, { force: true });
    },
  };
}
