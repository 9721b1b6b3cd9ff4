/**
 * A program's way into the running app (docs/architecture.md §4): `connectProgram(dataDir)`
 * reaches the program endpoint of the Kikitori holding that data folder (core/programs/program-endpoint.ts)
 * and gives the same CoreLink as a core opened in this process (core/programs/program-link.ts), with
 * `where: 'app'`: `invoke` is `POST /rpc/<channel>` over the socket, `subscribe` reads its
 * `/events` stream. Before that it tells apart, as data, the cases a program acts on differently:
 * no endpoint (no app serves this folder: open the core here), a socket nobody answers on (left
 * by a Kikitori that was killed), one that refuses or is not Kikitori's, and one that is silent.
 */
import { lstat } from 'node:fs/promises';
import { Agent, request, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { z } from 'zod';
import { appError, appErrorSchema, type AppError } from '../../shared/domain/errors';
import {
  EVENTS,
  type Channel,
  type ChannelInput,
  type ChannelOutput,
  type EventName,
  type EventPayload,
  type Result,
} from '../../shared/ipc/contract';
import { fromWire } from '../../shared/ipc/wire';
import { readInstance } from '../host/app-instance';
import { ENDPOINT_NAME, programEndpointPath, type EndpointHello } from './program-endpoint';
import { notOwnFolder, whose, tightenFolder } from '../storage/private-folder';
import type { CoreLink, LinkListener } from './program-link';

/**
 * Why a program endpoint that is there could not be used (the error's `reason`); `untrusted`: the
 * data folder or its socket is not this user's own (the error is `data-not-own`).
 */
export type UnreachableReason = 'stale' | 'refused' | 'no-answer' | 'untrusted';

export type ProgramConnection =
  /** The app holding the data folder answered: drive it through `link`. */
  | {
      readonly kind: 'connected';
      readonly link: CoreLink;
      readonly pid: number;
      /**
       * Settles when the app's event stream ends while the program still listens (the app
       * stopped or was killed): a program waiting for events stops waiting.
       */
      readonly gone: Promise<void>;
      /**
       * Asks the holder to let go of the data folder (a command does, for an app starting on it):
       * true once it said it will; false when it will not (a window, an older version).
       */
      letGo(): Promise<boolean>;
    }
  /** No endpoint: no app serves this data folder (a program may open the core itself). */
  | { readonly kind: 'absent'; readonly endpoint: string }
  /** An endpoint is there but cannot be used; `error` says why in a sentence of each language. */
  | {
      readonly kind: 'unreachable';
      readonly reason: UnreachableReason;
      readonly endpoint: string;
      readonly error: AppError;
    };

export interface ConnectOptions {
  /** How long the endpoint has to answer its first request (default 5 s). */
  readonly timeoutMs?: number;
}

const helloSchema = z.object({
  ok: z.literal(true),
  data: z.object({ app: z.literal('kikitori'), pid: z.number(), dataDir: z.string() }),
});
const resultSchema = z.union([
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), error: appErrorSchema }),
]);

const REFUSED = new Set(['EACCES', 'EPERM', 'ENOTSOCK', 'EPROTOTYPE']);

/** An answer read whole. */
interface Answer {
  readonly status: number;
  readonly body: string;
}

function readAll(res: IncomingMessage): Promise<Answer> {
  return new Promise((done, failed) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () =>
      done({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
    );
    res.on('error', failed);
  });
}

/** Where a data folder's endpoint is, once the folder and the socket are known to be this user's. */
type Found =
  | { readonly kind: 'found'; readonly endpoint: string }
  | { readonly kind: 'absent'; readonly endpoint: string }
  | { readonly kind: 'untrusted'; readonly endpoint: string; readonly error: AppError };

/**
 * The endpoint of `dataDir`, trusted only when the folder is this user's own (not a link, not
 * another user's; made 0700 when it was more open, as a host does) and the socket is one this
 * user made. Its path is where the host puts it (core/programs/program-endpoint.ts), or, when this
 * process's environment names another socket folder, the one the host wrote in `instance.json`.
 */
async function findEndpoint(dataDir: string): Promise<Found> {
  const computed = programEndpointPath(dataDir) ?? join(dataDir, ENDPOINT_NAME);
  if (process.platform === 'win32') return { kind: 'found', endpoint: computed };
  const untrusted = (endpoint: string, reason: 'owner' | 'link' | 'not-folder' | 'socket') => ({
    kind: 'untrusted' as const,
    endpoint,
    error: appError('data-not-own', { path: dataDir, reason }),
  });
  let refusal: ReturnType<typeof notOwnFolder>;
  try {
    refusal = notOwnFolder(dataDir);
    if (refusal === undefined) tightenFolder(dataDir);
  } catch {
    return { kind: 'absent', endpoint: computed };
  }
  if (refusal) return untrusted(computed, refusal);
  const written = (await readInstance(dataDir))?.endpoint;
  for (const endpoint of new Set([computed, ...(written ? [written] : [])])) {
    const owner = whose(endpoint);
    if (owner === 'absent') continue;
    return owner === 'theirs' ? untrusted(endpoint, 'socket') : { kind: 'found', endpoint };
  }
  return { kind: 'absent', endpoint: computed };
}

/**
 * Connects to the program endpoint of `dataDir`. Never throws for what it finds there: a
 * `ProgramConnection` says which case it is. Nothing is sent to an endpoint before the data
 * folder and the socket are known to be this user's own (else `unreachable`, `untrusted`).
 */
export async function connectProgram(
  dataDir: string,
  { timeoutMs = 5_000 }: ConnectOptions = {},
): Promise<ProgramConnection> {
  const found = await findEndpoint(dataDir);
  const { endpoint } = found;
  if (found.kind === 'absent') return { kind: 'absent', endpoint };
  if (found.kind === 'untrusted')
    return { kind: 'unreachable', reason: 'untrusted', endpoint, error: found.error };
  const unreachable = (
    reason: Exclude<UnreachableReason, 'untrusted'>,
    detail: string,
  ): ProgramConnection => ({
    kind: 'unreachable',
    reason,
    endpoint,
    error: appError(
      'program-unreachable',
      { path: dataDir, reason, ...(reason === 'no-answer' ? { seconds: timeoutMs / 1000 } : {}) },
      `${endpoint}: ${detail}`,
    ),
  });
  if (process.platform !== 'win32') {
    const info = await lstat(endpoint).catch(() => undefined);
    if (!info) return { kind: 'absent', endpoint };
    if (!info.isSocket()) return unreachable('refused', 'not a socket');
  }
  const agent = new Agent({ keepAlive: true });
  const send = (method: 'GET' | 'POST', path: string, body?: string, signal?: AbortSignal) =>
    new Promise<Answer>((done, failed) => {
      const req = request(
        {
          socketPath: endpoint,
          agent,
          method,
          path,
          ...(signal ? { signal } : {}),
          headers: body
            ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }
            : {},
        },
        (res) => void readAll(res).then(done, failed),
      );
      req.on('error', failed);
      req.end(body);
    });

  let hello: EndpointHello;
  try {
    const answer = await send('GET', '/', undefined, AbortSignal.timeout(timeoutMs));
    const parsed = helloSchema.safeParse(JSON.parse(answer.body));
    if (!parsed.success) {
      agent.destroy();
      return unreachable('refused', `it answered ${answer.status}, not as Kikitori`);
    }
    hello = parsed.data.data;
  } catch (error) {
    agent.destroy();
    const code = (error as NodeJS.ErrnoException).code;
    const name = (error as Error).name;
    if (code === 'ENOENT') return { kind: 'absent', endpoint };
    if (code === 'ECONNREFUSED') return unreachable('stale', 'nothing listens on it');
    if (name === 'AbortError' || name === 'TimeoutError' || code === 'ABORT_ERR')
      return unreachable('no-answer', `no answer within ${timeoutMs} ms`);
    if (code !== undefined && REFUSED.has(code)) return unreachable('refused', String(error));
    return unreachable('refused', String(error));
  }
  const letGo = () =>
    send('POST', '/handover', '{}', AbortSignal.timeout(timeoutMs)).then(
      (answer) => answer.status === 202,
      () => false,
    );
  return {
    kind: 'connected',
    pid: hello.pid,
    letGo,
    ...appLink(dataDir, endpoint, agent, send),
  };
}

type Send = (method: 'GET' | 'POST', path: string, body?: string) => Promise<Answer>;

/** The CoreLink over a connected endpoint. */
function appLink(
  dataDir: string,
  endpoint: string,
  agent: Agent,
  send: Send,
): { link: CoreLink; gone: Promise<void> } {
  let ended = () => {};
  const streamEnded = new Promise<void>((resolve) => (ended = resolve));
  const gone = (detail: string): AppError =>
    appError('program-unreachable', { path: dataDir, reason: 'gone' }, `${endpoint}: ${detail}`);
  const listeners = new Set<LinkListener>();
  /** The event stream while anyone listens, and its opening (calls wait for it). */
  let stream: { req: ReturnType<typeof request>; open: Promise<void> } | undefined;

  const deliver = (block: string) => {
    let event: string | undefined;
    let data = '';
    for (const line of block.split('\n')) {
      if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data += line.slice(6);
    }
    if (event === undefined || !Object.hasOwn(EVENTS, event)) return;
    let payload: unknown;
    try {
      payload = JSON.parse(data);
    } catch {
      return;
    }
    const parsed = EVENTS[event as EventName].safeParse(payload);
    if (!parsed.success) return;
    for (const listener of listeners)
      listener(event as EventName, parsed.data as EventPayload<EventName>);
  };

  const openStream = () => {
    const req = request({ socketPath: endpoint, method: 'GET', path: '/events' });
    const open = new Promise<void>((done) => {
      req.on('response', (res) => {
        // The server counts this stream from its first line on: nothing emitted after is missed.
        done();
        let pending = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          pending += chunk;
          let end: number;
          while ((end = pending.indexOf('\n\n')) >= 0) {
            deliver(pending.slice(0, end));
            pending = pending.slice(end + 2);
          }
        });
        res.on('close', () => {
          if (stream?.req !== req) return;
          stream = undefined;
          ended();
        });
      });
      // An app gone before the stream opened: the calls that follow say so.
      req.on('error', () => {
        done();
        if (stream?.req !== req) return;
        stream = undefined;
        ended();
      });
    });
    req.end();
    stream = { req, open };
  };

  /** One call as it went over the socket, its answer checked to be a Result. */
  const call = async (channel: Channel, input: unknown): Promise<Result<unknown>> => {
    await stream?.open;
    let answer: Answer;
    try {
      answer = await send('POST', `/rpc/${encodeURIComponent(channel)}`, JSON.stringify(input));
    } catch (error) {
      return { ok: false, error: gone(String(error)) };
    }
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      body = undefined;
    }
    const result = resultSchema.safeParse(body);
    if (!result.success)
      return {
        ok: false,
        error: appError(
          'program-unreachable',
          { path: dataDir, reason: 'refused' },
          `${endpoint}: ${channel} answered ${answer.status}, not a Result`,
        ),
      };
    // The envelope is checked, not each channel's data: the app is this user's own Kikitori, and
    // its answers are the core's typed outputs, as the window takes them (checking a list of
    // 10,000 jobs again would cost a program a fifth of a second). Bytes came as base64.
    return (
      fromWire(channel, result.data) ?? {
        ok: false,
        error: appError(
          'program-unreachable',
          { path: dataDir, reason: 'refused' },
          `${endpoint}: ${channel} answered bytes that are not base64`,
        ),
      }
    );
  };

  const link: CoreLink = {
    where: 'app',
    invoke: <C extends Channel>(channel: C, input: ChannelInput<C>) =>
      call(channel, input) as Promise<Result<ChannelOutput<C>>>,
    subscribe(listener) {
      listeners.add(listener);
      if (!stream) openStream();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && stream) {
          stream.req.destroy();
          stream = undefined;
        }
      };
    },
    async close() {
      listeners.clear();
      stream?.req.destroy();
      stream = undefined;
      agent.destroy();
    },
  };
  return { link, gone: streamEnded };
}
