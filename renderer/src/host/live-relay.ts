/**
 * Browser mode's live link, off the window's main thread: a dedicated Worker that owns the one
 * WebSocket to the web host's `/live` (shared/ipc/live.ts), reading the audio port the capture's
 * worklet writes into (the whole path, told once: docs/architecture.md §4, "Live: a stream, not a channel").
 *
 * Messages from the window (WorkerCommand): `open` with the socket's address and the audio port,
 * `send` (text for the socket, in order, before any audio), `close`. To the window (WorkerNews):
 * `opened` or `closed`, and each text the socket receives, as it is (the window checks it).
 *
 * Order on the socket: the window's text queued before the socket opened, then the audio port's
 * messages (ArrayBuffers as binary, text as text) in the order the worklet wrote them; the port
 * is read only once the socket is open, and holds what comes meanwhile.
 *
 * The logic is here, apart from the worker's globals (live-socket-worker.ts), so the unit tests
 * run it against a real WebSocket server. Imports nothing.
 */

export type WorkerCommand =
  | { type: 'open'; url: string; audio: MessagePort }
  | { type: 'send'; text: string }
  | { type: 'close' };

export type WorkerNews =
  { type: 'opened' } | { type: 'message'; text: string } | { type: 'closed' };

/** What the relay uses of a WebSocket (the browser's, or `ws` in the unit tests). */
export interface RelaySocket {
  binaryType: string;
  readonly readyState: number;
  readonly OPEN: number;
  readonly CLOSED: number;
  send(data: string | ArrayBuffer): void;
  close(): void;
  addEventListener(type: 'open' | 'close' | 'error', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

/** The link's logic, apart from the worker's globals (so it runs anywhere a WebSocket does). */
export function relay(
  post: (news: WorkerNews) => void,
  connect: (url: string) => RelaySocket,
): (command: WorkerCommand) => void {
  let socket: RelaySocket | undefined;
  let audio: MessagePort | undefined;
  let queue: string[] = [];
  let over = false;
  const end = () => {
    if (over) return;
    over = true;
    audio?.close();
    post({ type: 'closed' });
  };
  return (command) => {
    if (over) return;
    switch (command.type) {
      case 'open': {
        if (socket) return;
        audio = command.audio;
        const ws = connect(command.url);
        socket = ws;
        ws.binaryType = 'arraybuffer';
        ws.addEventListener('open', () => {
          for (const text of queue) ws.send(text);
          queue = [];
          const port = command.audio;
          port.onmessage = (event: MessageEvent<unknown>) => {
            const data = event.data;
            if (ws.readyState !== ws.OPEN) return;
            if (typeof data === 'string' || data instanceof ArrayBuffer) ws.send(data);
          };
          post({ type: 'opened' });
        });
        ws.addEventListener('message', (event) => {
          if (typeof event.data === 'string') post({ type: 'message', text: event.data });
        });
        // An error is always followed by close, which ends the link.
        ws.addEventListener('error', () => {});
        ws.addEventListener('close', end);
        return;
      }
      case 'send':
        if (socket && socket.readyState === socket.OPEN) socket.send(command.text);
        else queue.push(command.text);
        return;
      case 'close':
        if (socket && socket.readyState !== socket.CLOSED) socket.close();
        else end();
        return;
    }
  };
}
