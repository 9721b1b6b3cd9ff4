/**
 * The only module that talks to the host (docs/architecture.md §2, §4). Under Electron it wraps
 * `window.kikitori` (built by the preload from the IPC contract); in browser mode it calls the web
 * host: `POST /rpc/<channel>`, the `/events` stream, `PUT /uploads` for dropped files (a browser
 * has no paths) and `/media/<job>` for the player. Every call answers a Result, never throws.
 *
 * Browser-mode auth: the session cookie when the host set one (`credentials: 'same-origin'`),
 * and the launch token when the address carried it. The token is taken out of the visible
 * address at once and kept in sessionStorage so that a reload still works; it is never logged.
 */
import type {
  Channel,
  ChannelInput,
  ChannelOutput,
  EventName,
  EventPayload,
  Result,
} from '../../../shared/ipc/contract';
import { EVENT_NAMES } from '../../../shared/ipc/names';
import { appError, type AppError } from '../../../shared/domain/errors';

export type Unsubscribe = () => void;
export type UploadProgress = (sent: number, total: number) => void;

export interface Bridge {
  readonly mode: 'electron' | 'browser';
  call<C extends Channel>(channel: C, input: ChannelInput<C>): Promise<Result<ChannelOutput<C>>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): Unsubscribe;
  /**
   * A path the core can read for a dropped or picked file: Electron gives the file's own path;
   * the browser streams the file to the web host, which answers where it stored it.
   */
  pathOf(file: File, onProgress: UploadProgress, signal: AbortSignal): Promise<Result<string>>;
  /** The address the player loads a job's source audio from. */
  mediaUrl(jobId: string): string;
  /** Whether the host's event stream is up: false when it dropped, true when it is back. */
  onReachable(listener: (reachable: boolean) => void): Unsubscribe;
}

type ElectronMethod = (input: unknown) => Promise<unknown>;
interface ElectronKikitori {
  readonly [domain: string]: unknown;
  on(event: string, listener: (payload: unknown) => void): Unsubscribe;
  pathForFile(file: File): string;
}

declare global {
  interface Window {
    kikitori?: ElectronKikitori;
  }
}

const TOKEN_KEY = 'kikitori.token';

/**
 * The launch token from `?token=` or `#token=`, removed from the visible address (and so from
 * history and screenshots) and kept for reloads of this tab only.
 */
export function takeTokenFromAddress(win: Window = window): string | undefined {
  const url = new URL(win.location.href);
  const hash = new URLSearchParams(url.hash.replace(/^#/, ''));
  const fromAddress = url.searchParams.get('token') ?? hash.get('token');
  if (fromAddress) {
    url.searchParams.delete('token');
    hash.delete('token');
    const rest = hash.toString();
    url.hash = rest ? `#${rest}` : '';
    win.history.replaceState(win.history.state, '', url.toString());
    try {
      win.sessionStorage.setItem(TOKEN_KEY, fromAddress);
    } catch {
      // Storage may be disabled; the token still works for this page's life.
    }
    return fromAddress;
  }
  try {
    return win.sessionStorage.getItem(TOKEN_KEY) ?? undefined;
  } catch {
    return undefined;
  }
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
    async pathOf(file) {
      return { ok: true, data: api.pathForFile(file) };
    },
    mediaUrl: (jobId) => `app://kikitori/media/${encodeURIComponent(jobId)}`,
    // The preload's channel cannot drop while the window lives.
    onReachable: () => () => {},
  };
}

export function browserBridge(base = '', token = takeTokenFromAddress()): Bridge {
  const auth: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const withToken = (path: string) =>
    token ? `${path}${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}` : path;
  let source: EventSource | undefined;
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  const reachability = new Set<(reachable: boolean) => void>();
  let reachable = true;
  const tell = (now: boolean) => {
    if (now === reachable) return;
    reachable = now;
    for (const listener of reachability) listener(now);
  };

  function ensureSource(): void {
    if (source) return;
    source = new EventSource(withToken(`${base}/events`), { withCredentials: false });
    // EventSource reconnects by itself; these say when it lost and regained the host.
    source.addEventListener('error', () => tell(false));
    source.addEventListener('open', () => tell(true));
    for (const name of EVENT_NAMES) {
      source.addEventListener(name, (message) => {
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

  return {
    mode: 'browser',
    async call(channel, input) {
      try {
        const response = await fetch(`${base}/rpc/${channel}`, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'Content-Type': 'application/json', ...auth },
          body: JSON.stringify(input ?? {}),
        });
        return (await response.json()) as Result<ChannelOutput<typeof channel>>;
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
    pathOf(file, onProgress, signal) {
      return new Promise((resolve) => {
        const xhr = new XMLHttpRequest();
        xhr.open('PUT', `${base}/uploads?name=${encodeURIComponent(file.name)}`);
        for (const [name, value] of Object.entries(auth)) xhr.setRequestHeader(name, value);
        xhr.setRequestHeader('Content-Type', 'application/octet-stream');
        xhr.upload.onprogress = (e) =>
          onProgress(e.loaded, e.lengthComputable ? e.total : file.size);
        xhr.onload = () => {
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
    mediaUrl: (jobId) => withToken(`${base}/media/${encodeURIComponent(jobId)}`),
    onReachable(listener) {
      ensureSource();
      reachability.add(listener);
      return () => void reachability.delete(listener);
    },
  };
}

/** The bridge for this window: Electron's preload API when present, else the web host. */
export function hostBridge(): Bridge {
  return window.kikitori ? electronBridge(window.kikitori) : browserBridge();
}
