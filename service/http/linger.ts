/** Closing a connection after an answer given before the whole request body came. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server, Socket } from 'node:net';

const unwelcome = new WeakSet<IncomingMessage>();

/** A sender refused as hostile (too big or too slow before its key): its rest is hardly read. */
export function closeWithoutDraining(req: IncomingMessage): void {
  unwelcome.add(req);
}

const current = new WeakMap<Socket, IncomingMessage>();

/**
 * Connections whose answer has gone and whose rest is being read away (each leaves this set in
 * the listeners that end its lingering: no listener of its own, as the ones below explain).
 */
const lingering = new Set<Socket>();

/**
 * Closes `server`'s connections that linger after their answer (the rest of a refused body
 * being read away). At shutdown nothing is owed on them, and `server.close()` would otherwise
 * wait for each until its deadline (30 s): a service asked to stop after refusing an upload took
 * 26 s to exit. Connections of requests still being answered are left to finish.
 */
export function closeLingering(server: Server): void {
  for (const socket of lingering)
    if ((socket as Socket & { server?: Server }).server === server) socket.destroy();
}

/**
 * An answer given before the whole body came (a refusal): the rest is read away so the client
 * sees the answer, but only for so long: then the connection is closed. When the connection is
 * to close after the answer, Node would close it at once, with the rest of the body unread, and
 * the kernel then resets it: a client can lose the answer it was sent. Instead our side is
 * half-closed (the client reads the answer and its end), and the rest read away first.
 */
export function lingerAtMost(req: IncomingMessage, res: ServerResponse, ms: number): void {
  // Taken now: by the time the answer is sent the request may be detached from it.
  const socket = req.socket;
  if (!current.has(socket)) {
    const destroySoon = socket.destroySoon.bind(socket);
    socket.destroySoon = () => {
      const incoming = current.get(socket);
      if (!incoming || incoming.complete) return destroySoon();
      socket.end();
      lingering.add(socket);
      // A hostile sender gets a second to read its refusal, not the time to send its body.
      const wait = unwelcome.has(incoming) ? Math.min(ms, 1_000) : ms;
      const timer = setTimeout(() => socket.destroy(), wait).unref();
      incoming.once('end', () => {
        clearTimeout(timer);
        socket.destroy();
      });
      socket.once('close', () => {
        clearTimeout(timer);
        lingering.delete(socket);
      });
    };
  }
  current.set(socket, req);
  res.once('finish', () => {
    if (req.complete || socket.destroyed) return;
    lingering.add(socket);
    const timer = setTimeout(() => socket.destroy(), ms).unref();
    // Whichever comes first takes both listeners away: a kept-alive socket serves request after
    // request, and a listener left on it per request would keep every request alive with it.
    const done = () => {
      clearTimeout(timer);
      lingering.delete(socket);
      req.off('end', done);
      socket.off('close', done);
    };
    req.once('end', done);
    socket.once('close', done);
  });
}
