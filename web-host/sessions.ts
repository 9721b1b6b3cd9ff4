/**
 * Browser mode's sessions (how a page is let in: the top of web-host/server.ts): the one-time
 * codes, the pages' sessions and their tickets, each a secret kept by its hash.
 *
 * Sessions are kept across starts of the app on one data folder, so a
 * tab left open keeps working when Kikitori is stopped and started again:
 * `<data>/web-sessions.json` (0600 in the 0700 data folder, written atomically) holds each
 * session's SHA-256 hash and when it ends, never the secret, and the port the host last listened
 * on (a tab's session is kept per origin, so a new start listens there again when it can).
 * A session ends 12 hours after its last use, whichever start saw that use; a session of another
 * data folder is never in this file. The launch token is not involved: it changes every start.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { z } from 'zod';
import { readJson, writeJsonAtomic } from '../core/storage/atomic-json';

const SCHEMA = 1;
const fileSchema = z.object({
  port: z.number().int().min(1).max(65535).optional(),
  sessions: z.array(z.object({ name: z.string().min(1), expires: z.number() })),
});
export type StoredSessions = z.infer<typeof fileSchema>;

/** How long a session's newer end may wait before it is written (a use slides it). */
const SLIDE_WRITE_MS = 30_000;

export const sessionsFile = (dataDir: string) => join(dataDir, 'web-sessions.json');

/** What the last start left; nothing when there is no file or it cannot be read. */
export async function readStoredSessions(dataDir: string): Promise<StoredSessions> {
  try {
    const parsed = fileSchema.safeParse(await readJson(sessionsFile(dataDir), SCHEMA));
    if (parsed.success) return parsed.data;
  } catch {
    // A torn or newer file: start with no sessions (the person opens the new address).
  }
  return { sessions: [] };
}

/** The port the host last listened on for this data folder, if any. */
export const lastPort = async (dataDir: string): Promise<number | undefined> =>
  (await readStoredSessions(dataDir)).port;

/**
 * Writes the sessions as they change: at once when one is added or ended (a claim is answered
 * only once its session is on disk), within 30 s when a use only slid an end, and on `flush`.
 * Writes never overlap; the newest state wins.
 */
export function sessionWriter(dataDir: string, snapshot: () => StoredSessions) {
  let chain: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const write = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    chain = chain
      .then(() => writeJsonAtomic(sessionsFile(dataDir), snapshot(), SCHEMA))
      .catch(() => {
        // A disk that refuses leaves sessions in memory: they still end with this start.
      });
    return chain;
  };
  return {
    now: write,
    soon(): void {
      if (timer) return;
      timer = setTimeout(() => void write(), SLIDE_WRITE_MS);
      timer.unref();
    },
    flush: write,
  };
}

/** A one-time address works once, and only this long after it was made. */
export const CODE_LIFETIME_MS = 10 * 60_000;
/** A page's session ends this long after its last request (and always with the host). */
export const SESSION_IDLE_MS = 12 * 3_600_000;
/**
 * An events ticket ends this long after its last use (and always with its session). A media
 * ticket lives as long as its session: the player (preload="metadata") asks for the audio only
 * when played, and for more ranges as it seeks, maybe long after the viewer opened.
 */
export const TICKET_IDLE_MS = 10 * 60_000;
/** The header a page's session secret travels in. */
export const SESSION_HEADER = 'x-kikitori-session';
const secret = () => randomBytes(32).toString('base64url');
/** Secrets are kept by their hash: a lookup's timing says nothing about a secret. */
const digest = (value: string) => createHash('sha256').update(value).digest('base64url');

/** What changed in a Secrets: one added or ended, or only an end slid by a use. */
type SecretsChange = 'added' | 'removed' | 'slid';

/** Secrets with a sliding expiry, kept and found by their hash (which names the entry). */
class Secrets<T extends object> {
  private readonly byHash = new Map<string, T & { expires: number }>();
  /**
   * `idleMs`: how long an entry lives past its last use; `held`: whether it is in use right now
   * (a session whose window holds its event stream open never runs out); `changed`: told of
   * every change (the sessions are written to the data folder).
   */
  constructor(
    private readonly idleMs: (value: T) => number,
    private readonly held: (name: string) => boolean = () => false,
    private readonly changed: (change: SecretsChange) => void = () => {},
  ) {}
  /** A new secret for `value`, and the name it is kept under. */
  add(value: T): { secret: string; name: string } {
    const made = secret();
    const name = digest(made);
    this.byHash.set(name, { ...value, expires: Date.now() + this.idleMs(value) });
    this.changed('added');
    return { secret: made, name };
  }
  /** Entries a former start kept (by name, never by secret), those still alive. */
  restore(entries: readonly { name: string; expires: number }[], value: T): void {
    const now = Date.now();
    for (const { name, expires } of entries)
      if (expires > now) this.byHash.set(name, { ...value, expires });
  }
  /** Every entry's name and end, as they are kept. */
  entries(): { name: string; expires: number }[] {
    return [...this.byHash].map(([name, { expires }]) => ({ name, expires }));
  }
  /** The entry a secret names while it lives (its life starts over), else undefined. */
  use(candidate: string | undefined): (T & { name: string }) | undefined {
    if (!candidate) return undefined;
    const name = digest(candidate);
    const entry = this.alive(name);
    if (!entry) return undefined;
    entry.expires = Date.now() + this.idleMs(entry);
    this.changed('slid');
    return { ...entry, name };
  }
  /** The entry kept under `name` if it has not expired. */
  alive(name: string): (T & { expires: number }) | undefined {
    const entry = this.byHash.get(name);
    if (entry && this.held(name)) {
      entry.expires = Date.now() + this.idleMs(entry);
      this.changed('slid');
    }
    if (entry && entry.expires > Date.now()) return entry;
    if (this.byHash.delete(name)) this.changed('removed');
    return undefined;
  }
  /** Ends an entry now (a ticket that may be used once). */
  drop(name: string): void {
    this.byHash.delete(name);
  }
  sweep(): void {
    for (const name of [...this.byHash.keys()]) this.alive(name);
  }
}

/** The paths a ticket may be for: those a page reaches without setting a header. */
export const isTicketPath = (path: unknown): path is string =>
  typeof path === 'string' &&
  (path === '/events' || path === '/live' || /^\/media\/[^/?#]+$/.test(path));

export type BrowserSessions = Awaited<ReturnType<typeof browserSessions>>;

/**
 * The codes, sessions and tickets of one host, the sessions restored from and written to
 * `dataDir`. `port` is the port the host listens on (0 until it does), written beside them.
 */
export async function browserSessions(dataDir: string, port: () => number) {
  const codes = new Map<string, number>();
  /** Sessions by name, with how many event streams their windows hold open. */
  const streaming = new Map<string, number>();
  const stored = await readStoredSessions(dataDir);
  const writer = sessionWriter(dataDir, () => ({
    ...(port() > 0 ? { port: port() } : {}),
    sessions: sessions.entries(),
  }));
  const sessions: Secrets<object> = new Secrets<object>(
    () => SESSION_IDLE_MS,
    (name) => (streaming.get(name) ?? 0) > 0,
    (change) => (change === 'slid' ? writer.soon() : void writer.now()),
  );
  sessions.restore(stored.sessions, {});
  const tickets = new Secrets<{ session: string; path: string }>(({ path }) =>
    path.startsWith('/media/') ? SESSION_IDLE_MS : TICKET_IDLE_MS,
  );
  const codeAlive = (code: string | undefined): code is string => {
    const expires = code === undefined ? undefined : codes.get(code);
    return expires !== undefined && expires > Date.now();
  };
  return {
    /** A fresh one-time code, valid 10 minutes. */
    issueCode(): string {
      const now = Date.now();
      for (const [code, expires] of codes) if (expires <= now) codes.delete(code);
      const code = secret();
      codes.set(code, now + CODE_LIFETIME_MS);
      return code;
    },
    /** Whether `code` is a code that has not been spent nor run out (`/open` looks, no more). */
    codeAlive,
    /**
     * Spends `code` for a new session, written to the data folder before its secret is given:
     * undefined when the code is spent or has run out.
     */
    async claim(code: unknown): Promise<string | undefined> {
      const alive = typeof code === 'string' && codeAlive(code);
      if (typeof code === 'string') codes.delete(code);
      if (!alive) return undefined;
      sessions.sweep();
      const { secret: session } = sessions.add({});
      await writer.now();
      return session;
    },
    /** The name of the session whose secret is in the request's header (a use), if it lives. */
    fromHeader(req: IncomingMessage): string | undefined {
      const value = req.headers[SESSION_HEADER];
      return sessions.use(typeof value === 'string' ? value : undefined)?.name;
    },
    /** A ticket of `session` for `path` (isTicketPath). */
    issueTicket(session: string, path: string): string {
      tickets.sweep();
      return tickets.add({ session, path }).secret;
    },
    /** The session whose ticket for exactly this path came with the request, if it still lives. */
    fromTicket(url: URL): string | undefined {
      const ticket = tickets.use(url.searchParams.get('ticket') ?? undefined);
      if (ticket === undefined || ticket.path !== url.pathname) return undefined;
      // A /live ticket opens one link: the window asks for a fresh one for each session.
      if (ticket.path === '/live') tickets.drop(ticket.name);
      return sessions.alive(ticket.session) !== undefined ? ticket.session : undefined;
    },
    /**
     * Holds `session` in use while its window holds an event stream open; the release returned
     * starts its idle time when the last one lets go.
     */
    hold(session: string): () => void {
      streaming.set(session, (streaming.get(session) ?? 0) + 1);
      return () => {
        const left = (streaming.get(session) ?? 1) - 1;
        if (left > 0) streaming.set(session, left);
        else {
          sessions.alive(session);
          streaming.delete(session);
        }
      };
    },
    /** Writes the sessions (and the port) now. */
    save: (): Promise<void> => writer.now(),
    /** Ends the sessions that ran out; those held open slide to now (the host is closing). */
    sweep: (): void => sessions.sweep(),
    /** Writes what is pending (the last thing the host does). */
    flush: (): Promise<void> => writer.flush(),
  };
}
