/**
 * Live sessions, the core's part of the path told in docs/architecture.md §4, "Live: a stream,
 * not a channel": each link a host opens becomes a session (live-session.ts). One session records
 * at a time: a second Start is refused with a reason. A job a full disk kept from being saved is
 * tried again here until there is room.
 */
import { appError } from '../../shared/domain/errors';
import type { Job } from '../../shared/domain/job';
import type { LiveLink } from '../../shared/ipc/live';
import { toAppError } from '../errors';
import { LiveSession, type LiveCallHooks, type LiveDeps, type LiveInbound } from './live-session';

/**
 * Links open at once, at most, across every host: one session records at a time, the one before
 * it may still be finishing its last words (Stop), and a window just reloaded must still be able
 * to open one to be told `live-running`. A link beyond these is refused at once.
 */
export const MAX_LIVE_LINKS = 3;

/** A job a full disk kept from being saved when its session ended is tried again this often. */
export const SAVE_RETRY_MS = 2_000;

export class LiveSessions {
  private readonly sessions = new Set<LiveSession>();
  /** Ended sessions' jobs waiting for room on the disk: each call tries to save one again. */
  private readonly unsaved = new Set<() => Promise<unknown>>();
  private retryTimer: NodeJS.Timeout | undefined;
  private retrying: Promise<void> | undefined;
  /** The call watcher, once the core has made it. */
  calls: LiveCallHooks | undefined;

  constructor(private readonly deps: LiveDeps) {}

  /** The session recording now, if any, and the call it records. */
  running(): { call?: string } | undefined {
    const session = [...this.sessions].find((s) => s.active);
    if (!session) return undefined;
    return session.call === undefined ? {} : { call: session.call };
  }

  /** Ends the session recording `call` as Stop does; answers the job it was kept as. */
  async endCall(call: string): Promise<Job | undefined> {
    const session = [...this.sessions].find((s) => s.call === call && s.active);
    if (!session) return undefined;
    await session.end({ cutOff: false });
    return session.job;
  }

  /**
   * A new link from a window (or a program's stream, `origin` saying which: only the core gives
   * it, never the link): its session starts with the link's `start` message.
   */
  open(link: LiveLink, origin: Pick<Job, 'program'> = {}): LiveInbound {
    if (this.sessions.size >= MAX_LIVE_LINKS) {
      link.send({ type: 'error', error: appError('live-running'), fatal: true });
      link.send({ type: 'state', state: 'stopped' });
      link.close();
      return { text: () => undefined, audio: () => undefined, closed: () => undefined };
    }
    const session = new LiveSession(this.deps, link, {
      othersRunning: (s) => this.othersRunning(s),
      saveLater: (save) => this.saveLater(save),
      calls: () => this.calls,
      origin,
    });
    this.sessions.add(session);
    void session.done.then(() => this.sessions.delete(session));
    return session;
  }

  /** Whether another session than `asking` is recording. */
  private othersRunning(asking: LiveSession): boolean {
    return [...this.sessions].some((s) => s !== asking && s.active);
  }

  /**
   * A session ended on a full disk: its job, finals and all, is held in memory and saved as soon
   * as the disk has room (until then it shows as recognizing).
   */
  private saveLater(save: () => Promise<unknown>): void {
    this.unsaved.add(save);
    this.retryTimer ??= setInterval(() => void this.retrySaves(), SAVE_RETRY_MS);
    this.retryTimer.unref();
  }

  private retrySaves(): Promise<void> {
    this.retrying ??= (async () => {
      for (const save of [...this.unsaved]) {
        try {
          await save();
          this.unsaved.delete(save);
        } catch (error) {
          // Still no room: the next round. Anything else (the job removed meanwhile) ends it.
          if (toAppError(error).code !== 'live-disk-full') this.unsaved.delete(save);
        }
      }
      if (this.unsaved.size === 0) {
        clearInterval(this.retryTimer);
        this.retryTimer = undefined;
      }
    })().finally(() => (this.retrying = undefined));
    return this.retrying;
  }

  /**
   * The app quits: every session ends as a cut-off job, its finals kept; a job still waiting
   * for room is tried once more (if the disk is still full, the next start completes it from
   * the finals that reached the disk).
   */
  async close(): Promise<void> {
    await Promise.all([...this.sessions].map((s) => s.end({ cutOff: true })));
    await this.retrying;
    await this.retrySaves();
    clearInterval(this.retryTimer);
    this.retryTimer = undefined;
  }
}
