/**
 * The only module that talks to the host (docs/architecture.md §2, §4). Under Electron it wraps
 * `window.kikitori` (built by the preload from the IPC contract); in browser mode it calls the web
 * host: `POST /rpc/<channel>`, the `/events` stream, `PUT /uploads` for dropped files (a browser
 * has no paths) and `/media/<job>` for the player. Every call answers a Result, never throws.
 *
 * Browser-mode auth (web-host/server.ts): the page arrives with a one-time code in its address
 * (`#open=`), takes it out at once and spends it for a session secret, kept in sessionStorage
 * (this tab only, so a reload works) and sent as a header; the player and the event stream get a
 * ticket for their one URL each. A program's launch token (`#token=`) works too. Nothing rests
 * on a cookie, and nothing secret is logged or left in the address.
 */
import type {
  Channel,
  ChannelInput,
  ChannelOutput,
  EventName,
  EventPayload,
  Result,
} from '../../../shared/ipc/contract';
import { fromWire } from '../../../shared/ipc/wire';
import { appError, type AppError } from '../../../shared/domain/errors';
import { liveEventSchema, type LiveClientMessage, type LiveEvent } from '../../../shared/ipc/live';
import { EVENT_NAMES, LIVE_AUDIO_PORT_MESSAGE } from '../../../shared/ipc/names';
import type { WorkerCommand, WorkerNews } from './live-relay';

export type Unsubscribe = () => void;
export type UploadProgress = (sent: number, total: number) => void;

export interface Bridge {
  readonly mode: 'electron' | 'browser';
  call<C extends Channel>(channel: C, input: ChannelInput<C>): Promise<Result<ChannelOutput<C>>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): Unsubscribe;
  /**
   * An opaque reference to a dropped or picked file, for transcribe:files (`files`): the window
   * never holds a path. Electron's preload hands the file's path to the main process, which
   * answers the reference; the browser streams the file to the web host, which answers one for
   * where it stored it.
   */
  chosenFile(file: File, onProgress: UploadProgress, signal: AbortSignal): Promise<Result<string>>;
  /** The address the player loads a job's source audio from (with its ticket in browser mode). */
  mediaUrl(jobId: string): Promise<string>;
  /** Whether the host's event stream is up: false when it dropped, true when it is back. */
  onReachable(listener: (reachable: boolean) => void): Unsubscribe;
  /**
   * The host no longer knows this window (it was started again, or the session ended unused):
   * a reload cannot help; the person opens the address the new start gave.
   */
  onSessionEnded(listener: () => void): Unsubscribe;
  /**
   * A live link to the host (shared/ipc/live.ts): Electron's MessagePort through the preload, or
   * the web host's `/live` WebSocket with a ticket. Messages sent before it is open are queued.
   */
  openLive(): LiveConnection;
}

/** One live session's link, as the store uses it. */
export interface LiveConnection {
  /** The link's own text: `start` (and `stop` when the capture could not say it). */
  send(message: LiveClientMessage): void;
  /**
   * The port the audio goes into, for the capture's worklet to write (capture-core.ts): LSB16K
   * ArrayBuffers and, among them, `pause`, `resume` and `stop` as JSON. Undefined when the link
   * could not give one. The audio never passes through the window's main thread.
   */
  audioPort(): Promise<LiveAudioPort | undefined>;
  onEvent(listener: (event: LiveEvent) => void): Unsubscribe;
  /** The link closed: after `stopped`, or cut off (the host went away). */
  onClose(listener: () => void): Unsubscribe;
  close(): void;
}

/** The link's audio port, and whether its other end takes transferred ArrayBuffers. */
export interface LiveAudioPort {
  readonly port: MessagePort;
  /**
   * A Worker does; Electron's MessagePortMain loses a transferred ArrayBuffer's data
   * (electron/electron#34905), so under Electron each chunk is copied (3.2 KB).
   */
  readonly transfer: boolean;
}

/** What the preload's `openLive` gives (electron/preload/bridge.ts PreloadLiveLink). */
interface PreloadLiveLink {
  send(message: string): void;
  onMessage(listener: (message: string) => void): void;
  onClose(listener: () => void): void;
  close(): void;
  /** The id of the window message that brings the audio port (LIVE_AUDIO_PORT_MESSAGE). */
  readonly audioPortId: string;
}

/**
 * A LiveConnection over a link that carries text, and a port for the audio: queues what is sent
 * before the link opens, checks each event against the contract (a malformed one is dropped).
 */
function liveConnection(
  open: (hooks: {
    message: (text: string) => void;
    closed: () => void;
  }) => Promise<{ send: (text: string) => void; close: () => void } | undefined>,
  audio: Promise<LiveAudioPort | undefined>,
): LiveConnection {
  const events = new Set<(event: LiveEvent) => void>();
  const closes = new Set<() => void>();
  let queue: string[] | undefined = [];
  let link: { send: (text: string) => void; close: () => void } | undefined;
  let closed = false;
  const finish = () => {
    if (closed) return;
    closed = true;
    queue = undefined;
    for (const listener of closes) listener();
  };
  void open({
    message: (text) => {
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return;
      }
      const parsed = liveEventSchema.safeParse(json);
      if (parsed.success) for (const listener of events) listener(parsed.data);
    },
    closed: finish,
  })
    .then((opened) => {
      if (!opened) return finish();
      if (closed) return opened.close();
      link = opened;
      for (const data of queue ?? []) opened.send(data);
      queue = undefined;
    })
    // A link that could not be made (no ticket, a Worker that would not start) is closed.
    .catch(finish);
  return {
    send(message) {
      if (closed) return;
      const text = JSON.stringify(message);
      if (link) link.send(text);
      else queue?.push(text);
    },
    audioPort: () => audio,
    onEvent(listener) {
      events.add(listener);
      return () => void events.delete(listener);
    },
    onClose(listener) {
      closes.add(listener);
      if (closed) listener();
      return () => void closes.delete(listener);
    },
    close() {
      link?.close();
      finish();
    },
  };
}

/** How long the preload's audio port may take to arrive before the link is given up. */
const AUDIO_PORT_WAIT_MS = 5_000;

/**
 * The page's end of the live audio channel, which the preload hands over as a window message
 * (Electron's documented way from its world to the page's): only from this window itself, with
 * the id the preload gave the link.
 */
export function audioPortFromPreload(win: Window, id: string): Promise<MessagePort | undefined> {
  return new Promise((resolve) => {
    const done = (port: MessagePort | undefined) => {
      clearTimeout(timer);
      win.removeEventListener('message', onMessage);
      resolve(port);
    };
    const onMessage = (event: MessageEvent<unknown>) => {
      const data = event.data as { type?: unknown; id?: unknown } | null;
      if (event.source !== win || data?.type !== LIVE_AUDIO_PORT_MESSAGE || data.id !== id) return;
      done(event.ports[0]);
    };
    const timer = setTimeout(() => done(undefined), AUDIO_PORT_WAIT_MS);
    win.addEventListener('message', onMessage);
  });
}

type ElectronMethod = (input: unknown) => Promise<unknown>;
interface ElectronKikitori {
  readonly [domain: string]: unknown;
  on(event: string, listener: (payload: unknown) => void): Unsubscribe;
  chosenFile(file: File): string;
  openLive(): PreloadLiveLink;
}

declare global {
  interface Window {
    kikitori?: ElectronKikitori;
  }
}

const TOKEN_KEY = 'kikitori.token';
const SESSION_KEY = 'kikitori.session';

/** Reads (and, with a value, writes) this tab's sessionStorage; storage may be disabled. */
function tabStore(win: Window, key: string, value?: string): string | undefined {
  try {
    if (value !== undefined) win.sessionStorage.setItem(key, value);
    return win.sessionStorage.getItem(key) ?? undefined;
  } catch {
    return value;
  }
}

/**
 * A secret the address carries as `#name=` (and, with `query`, `?name=`), taken out of the
 * visible address (and so out of history and screenshots) at once.
 */
function takeFromAddress(win: Window, name: string, { query = false } = {}): string | undefined {
  const url = new URL(win.location.href);
  const hash = new URLSearchParams(url.hash.replace(/^#/, ''));
  const value = (query ? url.searchParams.get(name) : null) ?? hash.get(name);
  if (!value) return undefined;
  if (query) url.searchParams.delete(name);
  hash.delete(name);
  const rest = hash.toString();
  url.hash = rest ? `#${rest}` : '';
  win.history.replaceState(win.history.state, '', url.toString());
  return value;
}

/** The one-time code of `#open=`, taken out of the visible address. */
export const takeOpenCode = (win: Window = window): string | undefined =>
  takeFromAddress(win, 'open');

/**
 * The launch token from `?token=` or `#token=`, taken out of the visible address and kept for
 * reloads of this tab only.
 */
export function takeTokenFromAddress(win: Window = window): string | undefined {
  const fromAddress = takeFromAddress(win, 'token', { query: true });
  return fromAddress ? tabStore(win, TOKEN_KEY, fromAddress) : tabStore(win, TOKEN_KEY);
}

/** The host did not answer: a network error, with what the browser said kept as its detail. */
const unreachable = (detail: string): { ok: false; error: AppError } => ({
  ok: false,
  error: appError('network', { host: 'Kikitori', reason: 'other' }, detail),
});

function electronBridge(api: ElectronKikitori): Bridge {
  return {
    mode: 'electron',
    async call(channel, input) {
      const [domain, verb] = channel.split(':') as [string, string];
      const method = (api[domain] as Record<string, ElectronMethod> | undefined)?.[verb];
      if (!method) return unreachable(`no method for ${channel}`);
      try {
        return (await method(input)) as Result<ChannelOutput<typeof channel>>;
      } catch (error) {
        return unreachable((error as Error).message);
      }
    },
    on: (event, listener) => api.on(event, listener as (payload: unknown) => void),
    async chosenFile(file) {
      const chosen = api.chosenFile(file);
      if (chosen !== '') return { ok: true, data: chosen };
      // A File the page made up has no path: nothing the person chose.
      const refused = { path: file.name, name: file.name, reason: 'not-chosen' } as const;
      return { ok: false, error: appError('file-refused', refused) };
    },
    mediaUrl: (jobId) => Promise.resolve(`app://kikitori/media/${encodeURIComponent(jobId)}`),
    // The preload's channel cannot drop while the window lives, nor its session end.
    onReachable: () => () => {},
    onSessionEnded: () => () => {},
    openLive: () => {
      const link = api.openLive();
      return liveConnection(
        async ({ message, closed }) => {
          link.onMessage(message);
          link.onClose(closed);
          return { send: (text) => link.send(text), close: () => link.close() };
        },
        audioPortFromPreload(window, link.audioPortId).then((port) =>
          port ? { port, transfer: false } : undefined,
        ),
      );
    },
  };
}

export function browserBridge(
  base = '',
  token = takeTokenFromAddress(),
  openCode = token ? undefined : takeOpenCode(),
  win: Window = window,
): Bridge {
  let session = token ? undefined : tabStore(win, SESSION_KEY);
  const auth = (): Record<string, string> =>
    token ? { Authorization: `Bearer ${token}` } : session ? { 'X-Kikitori-Session': session } : {};
  const ended = new Set<() => void>();
  let hasEnded = false;
  /** A 401 to the page's own session: the host no longer knows it (a new start). */
  const heard = (status: number) => {
    if (status !== 401 || token || hasEnded) return;
    hasEnded = true;
    for (const listener of ended) listener();
  };
  /** Spends the address's one-time code for this tab's session (once, before any call). */
  const ready: Promise<void> = openCode
    ? fetch(`${base}/session/claim`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ code: openCode }),
      })
        .then(async (response) => {
          const answer = (await response.json()) as Result<{ session: string }>;
          if (answer.ok) session = tabStore(win, SESSION_KEY, answer.data.session);
        })
        .catch(() => undefined)
    : Promise.resolve();
  /** The URL with a ticket for it (or the token), for what cannot send headers. */
  const ticketed = async (path: string): Promise<string> => {
    await ready;
    if (token) return `${base}${path}?token=${encodeURIComponent(token)}`;
    try {
      const response = await fetch(`${base}/session/ticket`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...auth() },
        body: JSON.stringify({ path }),
      });
      heard(response.status);
      const answer = (await response.json()) as Result<{ ticket: string }>;
      return answer.ok
        ? `${base}${path}?ticket=${encodeURIComponent(answer.data.ticket)}`
        : `${base}${path}`;
    } catch {
      return `${base}${path}`;
    }
  };
  let source: EventSource | undefined;
  let opening = false;
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  const reachability = new Set<(reachable: boolean) => void>();
  let reachable = true;
  const tell = (now: boolean) => {
    if (now === reachable) return;
    reachable = now;
    for (const listener of reachability) listener(now);
  };

  /** Opens the event stream with a fresh ticket; again when the host closed it for good. */
  async function openSource(): Promise<void> {
    if (opening || hasEnded) return;
    opening = true;
    const url = await ticketed('/events');
    opening = false;
    if (hasEnded) return;
    const stream = new EventSource(url, { withCredentials: false });
    source = stream;
    // EventSource reconnects by itself; these say when it lost and regained the host. Closed
    // means the host refused the stream (a new start knows no old ticket): ask for another,
    // which also tells whether the session itself is gone.
    stream.addEventListener('error', () => {
      tell(false);
      if (stream.readyState === EventSource.CLOSED && source === stream)
        setTimeout(() => void openSource(), 1000);
    });
    stream.addEventListener('open', () => tell(true));
    for (const name of EVENT_NAMES) {
      stream.addEventListener(name, (message) => {
        let payload: unknown;
        try {
          payload = JSON.parse((message as MessageEvent<string>).data);
        } catch {
          return;
        }
        for (const listener of listeners.get(name) ?? []) listener(payload);
      });
    }
  }

  function ensureSource(): void {
    if (!source && !opening) void openSource();
  }

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
    on(event, listener) {
      ensureSource();
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      const untyped = listener as (payload: unknown) => void;
      set.add(untyped);
      return () => void set.delete(untyped);
    },
    async chosenFile(file, onProgress, signal) {
      await ready;
      return new Promise((resolve) => {
        const xhr = new XMLHttpRequest();
        xhr.open('PUT', `${base}/uploads?name=${encodeURIComponent(file.name)}`);
        for (const [name, value] of Object.entries(auth())) xhr.setRequestHeader(name, value);
        xhr.setRequestHeader('Content-Type', 'application/octet-stream');
        xhr.upload.onprogress = (e) =>
          onProgress(e.loaded, e.lengthComputable ? e.total : file.size);
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
    },
    mediaUrl: (jobId) => ticketed(`/media/${encodeURIComponent(jobId)}`),
    onReachable(listener) {
      ensureSource();
      reachability.add(listener);
      return () => void reachability.delete(listener);
    },
    onSessionEnded(listener) {
      ended.add(listener);
      if (hasEnded) listener();
      return () => void ended.delete(listener);
    },
    openLive: () => {
      // The socket lives in a Worker (live-relay.ts); the capture's worklet writes into `audio`.
      // The link is usable at once: the Worker keeps the link's text (start) until the socket is
      // open, and sends it before it reads the audio port.
      const audio = new MessageChannel();
      return liveConnection(
        async ({ message, closed }) => {
          const address = new URL(await ticketed('/live'), win.location.href);
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
    },
  };
}

/** The bridge for this window: Electron's preload API when present, else the web host. */
export function hostBridge(): Bridge {
  return window.kikitori ? electronBridge(window.kikitori) : browserBridge();
}
