/**
 * A loopback HTTP proxy in front of the real local service that misbehaves on request: it can
 * slow uploads down (so that the service can be killed in the middle of one), answer 500 after
 * or instead of forwarding, or stall without ever answering. Everything else passes through
 * unchanged, so what the client talks to is still the real service. It records each request's
 * method, path and the start of its body, so a test can check what the app sent.
 */
import {
  createServer,
  request,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Socket } from 'node:net';
import { Transform, type TransformCallback } from 'node:stream';

export type Fault =
  | { readonly kind: 'pass'; readonly bytesPerSecond?: number }
  /**
   * Answers this status (with this JSON body, or a message naming the proxy); with `forward`,
   * only after the service has handled the request.
   */
  | {
      readonly kind: 'status';
      readonly status: number;
      readonly forward?: boolean;
      readonly body?: unknown;
    }
  /** Reads the request and never answers. */
  | { readonly kind: 'stall' };

export interface SeenRequest {
  readonly method: string;
  readonly path: string;
  readonly fault: Fault['kind'];
  /** The first HEAD_BYTES of the request body (enough for a multipart's u, d and c fields). */
  head: string;
}

const HEAD_BYTES = 4096;

export type Rule = (request: { method: string; path: string }) => Fault;

const PASS: Fault = { kind: 'pass' };

/** Lets bytes through at a steady rate. */
class Throttle extends Transform {
  private readonly started = Date.now();
  private sent = 0;

  constructor(private readonly bytesPerSecond: number) {
    super({ highWaterMark: 16 * 1024 });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    const pieces: Buffer[] = [];
    for (let at = 0; at < chunk.length; at += 16 * 1024)
      pieces.push(chunk.subarray(at, at + 16 * 1024));
    const next = () => {
      const piece = pieces.shift();
      if (!piece) return done();
      this.sent += piece.length;
      this.push(piece);
      const due = this.started + (this.sent / this.bytesPerSecond) * 1000;
      setTimeout(next, Math.max(0, due - Date.now()));
    };
    next();
  }
}

export class FaultProxy {
  readonly seen: SeenRequest[] = [];
  private rule: Rule = () => PASS;
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    public target: string,
    readonly url: string,
  ) {}

  static async start(target: string): Promise<FaultProxy> {
    const server = createServer();
    const url = await new Promise<string>((resolve) =>
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        resolve(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
      }),
    );
    const proxy = new FaultProxy(server, target, url);
    server.on('connection', (socket) => {
      proxy.sockets.add(socket);
      socket.on('close', () => proxy.sockets.delete(socket));
    });
    server.on('request', (req, res) => proxy.handle(req, res));
    return proxy;
  }

  /** Client connections still open (a cancelled request closes its own). */
  openConnections(): number {
    return this.sockets.size;
  }

  /** Decides each request from now on; `() => ({kind: 'pass'})` restores normal service. */
  setRule(rule: Rule): void {
    this.rule = rule;
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const path = req.url ?? '/';
    const fault = this.rule({ method: req.method ?? 'GET', path });
    const seen: SeenRequest = { method: req.method ?? 'GET', path, fault: fault.kind, head: '' };
    this.seen.push(seen);
    req.on('data', (chunk: Buffer) => {
      if (seen.head.length < HEAD_BYTES)
        seen.head += chunk.subarray(0, HEAD_BYTES - seen.head.length).toString('latin1');
    });
    if (fault.kind === 'stall') {
      req.resume();
      return;
    }
    if (fault.kind === 'status' && !fault.forward) {
      req.resume();
      req.on('end', () => this.answer(res, fault));
      return;
    }
    const upstream = request(`${this.target}${path}`, {
      method: req.method,
      headers: { ...req.headers, host: new URL(this.target).host },
    });
    upstream.on('response', (answer) => {
      if (fault.kind === 'status') {
        answer.resume();
        answer.on('end', () => this.answer(res, fault));
        return;
      }
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    // The service went away: so does the client's connection, as it would without the proxy.
    upstream.on('error', () => res.socket?.destroy());
    req.on('aborted', () => upstream.destroy());
    const body =
      fault.kind === 'pass' && fault.bytesPerSecond
        ? req.pipe(new Throttle(fault.bytesPerSecond))
        : req;
    body.pipe(upstream);
  }

  private answer(res: ServerResponse, { status, body: json }: { status: number; body?: unknown }) {
    const body = JSON.stringify(json ?? { message: `fault proxy: HTTP ${status}` });
    res.writeHead(status, {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
    });
    res.end(body);
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
