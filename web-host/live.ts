/**
 * Browser mode's live link (shared/ipc/live.ts): one WebSocket per live session at `/live`, held
 * to the rules of `/rpc` (web-host/server.ts). A page cannot set headers on a WebSocket, so it
 * comes with a ticket for `/live` (its session's, like `/events`) and its exact Origin; a program
 * comes with its Bearer token. The Host must be the loopback address and port, as everywhere.
 * Text messages go to the core as LiveClientMessages, binary ones as audio; events go back as text.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { LiveSessions } from '../core/live/live-sessions';
import { LIVE_AUDIO } from '../shared/ipc/live';

export interface LiveUpgradeOptions {
  readonly live: LiveSessions;
  /** Whether the request may open a live link (Host, Origin, ticket or token checked). */
  readonly allowed: (req: IncomingMessage, url: URL) => boolean;
}

/**
 * A message larger than a second of audio (its sources apart included) or a JSON command is
 * refused by ws itself.
 */
const MAX_PAYLOAD = Math.max(LIVE_AUDIO.maxChunkBytes * (1 + LIVE_AUDIO.maxSources), 64 * 1024);

export function liveUpgrade(options: LiveUpgradeOptions) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD });
  const sockets = new Set<WebSocket>();
  return {
    /** Handles an upgrade to `/live`; false for any other path (left to whoever serves it). */
    handle(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): boolean {
      if (url.pathname !== '/live') return false;
      if (!options.allowed(req, url)) {
        socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return true;
      }
      wss.handleUpgrade(req, socket, head, (ws) => {
        sockets.add(ws);
        const inbound = options.live.open({
          send: (event) => {
            if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(event));
          },
          close: () => ws.close(1000),
        });
        ws.on('message', (data: RawData, isBinary: boolean) => {
          const bytes = Array.isArray(data)
            ? Buffer.concat(data)
            : Buffer.isBuffer(data)
              ? data
              : Buffer.from(data);
          if (isBinary) inbound.audio(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length));
          else inbound.text(bytes.toString('utf8'));
        });
        ws.on('close', () => {
          sockets.delete(ws);
          inbound.closed();
        });
        ws.on('error', () => ws.terminate());
      });
      return true;
    },
    close(): void {
      for (const ws of sockets) ws.terminate();
      wss.close();
    },
  };
}
