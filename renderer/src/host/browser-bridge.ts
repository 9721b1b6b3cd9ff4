/**
 * The bridge in browser mode: the web host over HTTP (web-host/server.ts): `POST /rpc/<channel>`,
 * the `/events` stream (./browser-events), `PUT /uploads` for dropped files (a browser has no
 * paths), `/media/<job>` for the player and the `/live` WebSocket in a Worker, all within the
 * tab's session (./browser-session). Nothing rests on a cookie, and nothing secret is logged or
 * left in the address.
 */
import type { ChannelOutput, Result } from '../../../shared/ipc/contract';
import { fromWire } from '../../../shared/ipc/wire';
import { appError } from '../../../shared/domain/errors';
import type { Bridge, LiveConnection, UploadProgress } from './bridge';
import { hostEvents } from './browser-events';
import {
  browserSession,
  takeOpenCode,
  takeTokenFromAddress,
  type BrowserSession,
} from './browser-session';
import { liveConnection } from './live-connection';
import type { WorkerCommand, WorkerNews } from './live-relay';
import { unreachable } from './unreachable';

export function browserBridge(
  base = '',
  token = takeTokenFromAddress(),
  openCode = token ? undefined : takeOpenCode(),
  win: Window = window,
): Bridge {
  const session = browserSession(base, token, openCode, win);
  const { ready, auth, heard } = session;
  const events = hostEvents(session);
  return {
    mode: 'browser',
    async call(channel, input) {
      await ready;
      try {
        const response = await fetch(`${base}/rpc/${channel}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...auth() },
          body: JSON.stringify(input ?? {}),
        });
        heard(response.status);
        // Bytes come as base64 on this JSON wire (shared/ipc/wire.ts).
        const answer = fromWire(channel, (await response.json()) as Result<unknown>);
        return (answer ?? unreachable(`${channel}: the answer's bytes are not base64`)) as Result<
          ChannelOutput<typeof channel>
        >;
      } catch (error) {
        return unreachable((error as Error).message);
      }
    },
    on: (event, listener) => events.on(event, listener),
    chosenFile: (file, onProgress, signal) => upload(base, session, file, onProgress, signal),
    mediaUrl: (jobId) => session.ticketed(`/media/${encodeURIComponent(jobId)}`),
    onReachable: (listener) => events.onReachable(listener),
    onSessionEnded: session.onEnded,
    openLive: () => workerLive(session, win),
  };
}

/** A dropped file streamed to the web host, which answers a reference to where it stored it. */
async function upload(
  base: string,
  { ready, auth, heard }: BrowserSession,
  file: File,
  onProgress: UploadProgress,
  signal: AbortSignal,
): Promise<Result<string>> {
  await ready;
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', `${base}/uploads?name=${encodeURIComponent(file.name)}`);
    for (const [name, value] of Object.entries(auth())) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : file.size);
    xhr.onload = () => {
      heard(xhr.status);
      try {
        resolve(JSON.parse(xhr.responseText) as Result<string>);
      } catch {
        resolve(unreachable(`the upload answered ${xhr.status}`));
      }
    };
    xhr.onerror = () => resolve(unreachable('the upload was cut off'));
    xhr.onabort = () =>
      resolve({ ok: false, error: appError('invalid-input', { detail: 'cancelled' }) });
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/**
 * The live link in browser mode: the socket lives in a Worker (live-relay.ts); the capture's
 * worklet writes into `audio`. The link is usable at once: the Worker keeps the link's text
 * (start) until the socket is open, and sends it before it reads the audio port.
 */
function workerLive(session: BrowserSession, win: Window): LiveConnection {
  const audio = new MessageChannel();
  return liveConnection(
    async ({ message, closed }) => {
      const address = new URL(await session.ticketed('/live'), win.location.href);
      address.protocol = address.protocol === 'https:' ? 'wss:' : 'ws:';
      const worker = new Worker(new URL('./live-socket-worker.ts', import.meta.url), {
        type: 'module',
        name: 'kikitori-live',
      });
      const end = () => {
        worker.terminate();
        audio.port1.close();
        closed();
      };
      worker.onmessage = (event: MessageEvent<WorkerNews>) => {
        const news = event.data;
        if (news.type === 'message') message(news.text);
        else if (news.type === 'closed') end();
      };
      // The Worker's module could not be loaded or run.
      worker.onerror = end;
      const command = (c: WorkerCommand, transfer: Transferable[] = []) =>
        worker.postMessage(c, transfer);
      command({ type: 'open', url: address.toString(), audio: audio.port2 }, [audio.port2]);
      return {
        send: (text) => command({ type: 'send', text }),
        close: () => command({ type: 'close' }),
      };
    },
    Promise.resolve({ port: audio.port1, transfer: true }),
  );
}
