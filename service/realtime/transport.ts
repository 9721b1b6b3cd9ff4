/**
 * The WebSocket transport of the realtime interface (docs/api.md §9) on the service's HTTP
 * port: the upgrade at `/v1/` and `/v1/nolog/`, whole messages in, whole frames out.
 *
 * websocket-driver (faye) reads the client's frames: unlike `ws`, it can take the unmasked
 * frames that the official raw-socket clients (Python, Java, C#, C++, PHP) send. What it cannot
 * be told is done here, for the same clients:
 * - their handshake has no `Sec-WebSocket-Version`; it is taken as 13 (the only version there is);
 * - they read every frame as a whole message, and a close frame with a status code throws in
 *   the Python reader: so every frame the server sends is written here, whole and unfragmented,
 *   and every close frame is empty, whatever the driver would have written. A connection that
 *   ends on a fault (a message over the limit, a protocol error) gets the session's last words
 *   as a text message first.
 * The limit is checked on each frame header (and on a fragmented message's running length), so
 * an oversized message is refused before its payload is read, never buffered.
 *
 * Every byte the server writes goes through one bounded sender: once more than
 * `maxBufferedBytes` wait for a client that does not read, the socket is read no further (so
 * the client cannot earn more replies) until they drain, and a client that leaves them there for
 * `stallMs` is closed. Pongs are coalesced: at most one waits behind the one being written.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import websocket from 'websocket-driver';

export interface RealtimePeer {
  /** `/v1/` (logged) or `/v1/nolog/`. */
  readonly logged: boolean;
  /** For the key's allowed-address check. */
  readonly remoteAddress: string;
  /** One whole, unfragmented text frame. */
  sendText(text: string): void;
  /** An empty close frame, then the end of the connection. Idempotent. */
  close(): void;
  /**
   * Stop and resume reading the socket (the session's backpressure): after pause(), no message
   * is delivered until resume(), not even one already read; resume() delivers those first.
   */
  pause(): void;
  resume(): void;
  /** Bytes waiting to be written to a slow reader. */
  readonly bufferedBytes: number;
}

export type RealtimeFault =
  | { readonly kind: 'too-large'; readonly limit: number }
  | { readonly kind: 'protocol'; readonly detail: string };

export interface RealtimeHandlers {
  text(message: string): void;
  binary(message: Buffer): void;
  /** The client has left more than the bound unread for the stall limit: end the connection. */
  stalled(): void;
  /** The connection is ending on a fault: the message to send before the close, if any. */
  lastWords?(fault: RealtimeFault): string | undefined;
  /** The connection ended (called once, whoever ended it). */
  closed(): void;
}

export interface RealtimeOptions {
  /** Largest message taken, in bytes (the `p` byte included). */
  readonly maxMessageBytes: number;
  /** Bytes written and not yet taken by the client past which its socket is read no further. */
  readonly maxBufferedBytes: number;
  /** A client that leaves more than that unread for this long is closed. */
  readonly stallMs: number;
  /** Asked before each upgrade: why the service takes no more connections now, if so (503). */
  readonly admit?: () => string | undefined;
}

/** The realtime paths: `/v1/` logged, `/v1/nolog/` not; with or without the trailing slash. */
export function realtimePath(url: string | undefined): { logged: boolean } | undefined {
  const path = (url ?? '').split('?')[0];
  if (path === '/v1/' || path === '/v1') return { logged: true };
  if (path === '/v1/nolog/' || path === '/v1/nolog') return { logged: false };
  return undefined;
}

/** A server frame: FIN set, never masked, one frame per message. */
export function serverFrame(opcode: 0x1 | 0x2 | 0x8, payload: Buffer): Buffer {
  const length = payload.length;
  const head =
    length < 126
      ? Buffer.from([0x80 | opcode, length])
      : length < 0x10000
        ? Buffer.from([0x80 | opcode, 126, length >> 8, length & 0xff])
        : (() => {
            const h = Buffer.alloc(10);
            h[0] = 0x80 | opcode;
            h[1] = 127;
            h.writeBigUInt64BE(BigInt(length), 2);
            return h;
          })();
  return Buffer.concat([head, payload]);
}

const EMPTY_CLOSE = Buffer.from([0x88, 0x00]);

/**
 * Ends our side and lets the client end its own: the socket is read (and what comes dropped)
 * until its FIN, then destroyed; a client that never ends it is cut off after 5 s. An upgraded
 * socket is half-open capable and, unread, would never see the client's FIN: it would stay open
 * and hold the HTTP server's close for ever.
 */
function closeGently(socket: Duplex, last?: string | Buffer): void {
  if (socket.readableEnded) {
    // The client has ended its side already: ours goes once the last bytes are written.
    socket.end(last ?? '', () => socket.destroy());
    return;
  }
  const timer = setTimeout(() => socket.destroy(), 5_000);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  socket.once('end', () => socket.destroy());
  socket.resume();
  if (last !== undefined) socket.end(last);
  else socket.end();
}

function refuseUpgrade(socket: Duplex, status: string, message: string): void {
  const body = JSON.stringify({ code: '>', message });
  closeGently(
    socket,
    `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export function attachRealtime(
  server: Server,
  accept: (peer: RealtimePeer) => RealtimeHandlers,
  options: RealtimeOptions,
): void {
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const path = realtimePath(request.url);
    if (!path) {
      return refuseUpgrade(socket, '404 Not Found', `no such endpoint: ${request.url ?? ''}`);
    }
    if (!websocket.isWebSocket(request)) {
      return refuseUpgrade(socket, '400 Bad Request', 'only a WebSocket upgrade is served here');
    }
    if (typeof request.headers['sec-websocket-key'] !== 'string') {
      return refuseUpgrade(socket, '400 Bad Request', 'the handshake has no Sec-WebSocket-Key');
    }
    // [client: Wrp_.py and its twins send no Sec-WebSocket-Version]; 13 is the only version.
    request.headers['sec-websocket-version'] ??= '13';
    if (request.headers['sec-websocket-version'] !== '13') {
      closeGently(
        socket,
        'HTTP/1.1 426 Upgrade Required\r\nSec-WebSocket-Version: 13\r\nContent-Length: 0\r\nConnection: close\r\n\r\n',
      );
      return;
    }
    const full = options.admit?.();
    if (full !== undefined) return refuseUpgrade(socket, '503 Service Unavailable', full);
    serve(request, socket, head, path.logged, accept, options);
  });
}

function serve(
  request: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  logged: boolean,
  accept: (peer: RealtimePeer) => RealtimeHandlers,
  options: RealtimeOptions,
): void {
  const driver = websocket.http(request, {
    maxLength: options.maxMessageBytes,
    requireMasking: false,
  });
  const net = socket as Duplex & { setTimeout?(ms: number): void; setNoDelay?(on: boolean): void };
  // A live session may last hours: no idle timeout (the session's own limits apply), and each
  // event goes out at once.
  net.setTimeout?.(0);
  net.setNoDelay?.(true);

  let ended = false;
  // Set once accept() returns; undefined until then, as accept() may close the peer at once.
  // eslint-disable-next-line prefer-const
  let handlers: RealtimeHandlers | undefined;
  const sender = boundedSender(socket, options, {
    drained: () => release(),
    stalled: () => handlers?.stalled(),
  });
  const { write } = sender;

  const finish = () => {
    if (ended) return;
    ended = true;
    held.length = 0;
    sender.stop();
    handlers?.closed();
  };
  const end = () => {
    if (ended) return;
    if (socket.writable) closeGently(socket, EMPTY_CLOSE);
    else socket.destroy();
    finish();
  };

  // pause() holds what the driver has already read: it parses a whole socket read at once, so
  // the messages after the one that made the session pause (hundreds of small packets can share
  // one read) wait here, in order, and go out on resume(), before a close that followed them.
  // A congested sender holds them the same way.
  let paused = false;
  const held: Array<string | Buffer> = [];
  let afterHeld: (() => void) | undefined;
  const holding = () => paused || sender.congested;
  const deliver = (data: string | Buffer) => {
    if (typeof data === 'string') handlers?.text(data);
    else handlers?.binary(data);
  };
  /** Reading may go on: what is held first, then the close that followed it, or the socket. */
  const release = () => {
    while (!holding() && !ended && held.length > 0) deliver(held.shift()!);
    if (holding() || ended) return;
    const then = afterHeld;
    afterHeld = undefined;
    if (then) then();
    else socket.resume();
  };

  // What the driver writes goes through here: the handshake as it is, pongs coalesced; its close
  // frame (a reply to the client's, or a fault's) is replaced by our empty one, after the
  // session's last words on a fault. The driver reports the fault ('error') just after writing
  // its close frame, so the close is finished once that has had its chance.
  let fault: RealtimeFault | undefined;
  let closing = false;
  const closeAfterFault = () => {
    if (ended) return;
    const words = fault && handlers?.lastWords?.(fault);
    if (words !== undefined) write(serverFrame(0x1, Buffer.from(words)));
    end();
  };
  driver.io.on('data', (chunk: Buffer) => {
    if (ended || closing) return;
    if (chunk[0] === 0x8a) return sender.pong(chunk);
    if (chunk[0] !== 0x88) return write(chunk);
    closing = true;
    // While the session holds the socket paused (an `e` being finished, a full queue), the
    // close waits for resume(), so that what came before it is answered first.
    setImmediate(() => {
      if (held.length > 0 || holding()) afterHeld = closeAfterFault;
      else closeAfterFault();
    });
  });
  driver.on('error', (event) => {
    fault = /too large/i.test(event.message)
      ? { kind: 'too-large', limit: options.maxMessageBytes }
      : { kind: 'protocol', detail: event.message };
  });
  driver.on('message', (event) => {
    if (ended || closing || !handlers) return;
    if (holding() || held.length > 0) held.push(event.data);
    else deliver(event.data);
  });
  socket.on('close', finish);
  // The client ended the connection (a raw client's shutdown): no close frame after its FIN,
  // since writing to a socket it has closed only earns it a reset in its reader thread.
  socket.on('end', () => {
    if (ended) return;
    socket.end();
    finish();
  });

  const peer: RealtimePeer = {
    logged,
    remoteAddress: request.socket.remoteAddress ?? '',
    sendText: (text) => write(serverFrame(0x1, Buffer.from(text))),
    close: () => end(),
    pause: () => {
      if (ended) return;
      paused = true;
      socket.pause();
    },
    resume: () => {
      if (ended) return;
      paused = false;
      release();
    },
    get bufferedBytes() {
      return sender.unread;
    },
  };
  driver.start();
  handlers = accept(peer);
  if (head.length > 0) driver.io.write(head);
  // Not piped: pause() must hold until resume(), whatever the driver's side does.
  socket.on('data', (chunk: Buffer) => {
    if (!ended) driver.io.write(chunk);
  });
}

/**
 * The bounded sender, through which every byte to the client goes. `congested`: more than the
 * bound waits for the client; reading stops until it has all been taken ('drain', then
 * `drained`), and the stall timer runs meanwhile. Nothing is written once it is stopped.
 */
function boundedSender(
  socket: Duplex,
  options: RealtimeOptions,
  on: { drained(): void; stalled(): void },
) {
  const unread = () => (socket as Duplex & { writableLength: number }).writableLength;
  let stopped = false;
  let congested = false;
  let stall: NodeJS.Timeout | undefined;
  let pongInFlight = false;
  let nextPong: Buffer | undefined;
  const write = (frame: Buffer, written?: () => void) => {
    if (stopped || !socket.writable) return;
    socket.write(frame, written);
    if (congested || unread() <= options.maxBufferedBytes) return;
    congested = true;
    socket.pause();
    stall = setTimeout(() => {
      if (!stopped) on.stalled();
    }, options.stallMs);
    stall.unref();
  };
  socket.on('drain', () => {
    if (!congested || stopped) return;
    congested = false;
    clearTimeout(stall);
    on.drained();
  });
  // A ping flood from a client that does not read earns one pong at a time, the newest waiting.
  const pong = (frame: Buffer) => {
    if (pongInFlight) {
      nextPong = frame;
      return;
    }
    pongInFlight = true;
    write(frame, () => {
      pongInFlight = false;
      const next = nextPong;
      nextPong = undefined;
      if (next && !stopped) pong(next);
    });
  };
  return {
    write,
    pong,
    get congested() {
      return congested;
    },
    get unread() {
      return unread();
    },
    /** The connection ended: no more writes, no pong waiting, no stall timer. */
    stop() {
      stopped = true;
      nextPong = undefined;
      clearTimeout(stall);
    },
  };
}
