/**
 * Browser mode's session with the web host (web-host/server.ts): the page arrives with a one-time
 * code in its address (`#open=`), takes it out at once and spends it for a session secret, kept
 * in sessionStorage (this tab only, so a reload works) and sent as a header; what cannot send
 * headers (the player, the event stream, the live socket) gets a ticket for its one URL. A
 * program's launch token (`#token=`) works too. A 401 to the page's own session means the host
 * no longer knows it (a new start): the session has ended.
 */
import type { Result } from '../../../shared/ipc/contract';
import type { Unsubscribe } from './bridge';

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

export interface BrowserSession {
  /** Settled once the address's one-time code is spent (before any call). */
  readonly ready: Promise<void>;
  /** The headers that say who is calling. */
  readonly auth: () => Record<string, string>;
  /** Told each answer's status: a 401 to the page's own session ends it. */
  readonly heard: (status: number) => void;
  /** The URL with a ticket for it (or the token), for what cannot send headers. */
  readonly ticketed: (path: string) => Promise<string>;
  readonly hasEnded: () => boolean;
  readonly onEnded: (listener: () => void) => Unsubscribe;
}

export function browserSession(
  base: string,
  token: string | undefined,
  openCode: string | undefined,
  win: Window,
): BrowserSession {
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
  return {
    ready,
    auth,
    heard,
    ticketed,
    hasEnded: () => hasEnded,
    onEnded: (listener) => {
      ended.add(listener);
      if (hasEnded) listener();
      return () => void ended.delete(listener);
    },
  };
}
