/**
 * Calls noticed: another application started recording from a microphone (a platform's
 * CallProvider says which streams record), and what follows, the same on every platform.
 *
 * - A call is an application recording: its first stream starts it, and it ends when the
 *   application has recorded nothing for the end delay (30 s), so a stream closed and opened
 *   again (a device switched, a muted call on a system that closes the stream) is one call.
 * - Kikitori's own capture is never a call: the provider marks streams of its process and of the
 *   sources it made, and a window about to open its microphone says so first (`expectOwn`): the
 *   next new streams are the window's (browser mode, where the window is a browser tab that no
 *   process tie shows to be Kikitori's).
 * - What is done is the person's choice (Settings → Calls, CallSettingsStore): asked (a notice
 *   and a system notification), started by itself for the applications ticked, or nothing; never
 *   for the applications they said "Never" for. A call declined ("Not now") is not asked about
 *   again. Nothing is started while Live runs (`busy`).
 * - Whoever records a call (a window's Live, or the core's own capture for `kikitori
 *   watch-calls`) takes it with `answer(id, 'start')`, then opens a live session naming the call;
 *   the session asks `sessionFor` for the connection and profile chosen for calls, and says when
 *   it records (`recording`) and when it ends (`sessionEnded`). When the call ends, its session
 *   is stopped as Stop does and kept as a job; a session started by hand is only offered to stop.
 */
import { randomUUID } from 'node:crypto';
import type { CallSettings, CallView } from '../../shared/domain/calls';
import { AppFailure, appError, type AppError } from '../../shared/domain/errors';
import type { Job } from '../../shared/domain/job';
import type { CallSettingsStore } from './call-settings';
import type { CallProvider, RecordingStream } from './provider';

/** How long an application must record nothing before its call has ended. */
export const CALL_END_MS = 30_000;
/** How long a window's word that its capture opens holds (its streams come within it). */
export const OWN_CAPTURE_WITHIN_MS = 15_000;
/** Ended calls kept in the list for a window opened after they ended. */
const ENDED_KEPT = 5;

/** What the watcher needs of Live (core/live/live-sessions.ts). */
export interface CallLive {
  /** The session recording now, if any: `call` when it records a call. */
  running(): { call?: string } | undefined;
  /** Ends the session recording `call` as Stop does; answers its job when one was kept. */
  endCall(call: string): Promise<Job | undefined>;
}

export interface CallWatcherDeps {
  /** The platform's; undefined where calls cannot be noticed. */
  readonly provider: CallProvider | undefined;
  readonly settings: Pick<CallSettingsStore, 'get' | 'never' | 'seen'>;
  readonly live: CallLive;
  /** calls:call */
  readonly emit: (call: CallView) => void;
  /** calls:changed (the settings, or whether calls can be noticed) */
  readonly changed: () => void;
  readonly endDelayMs?: number;
  /**
   * The core records every call itself (`kikitori watch-calls`, no window): each call but those
   * of the applications marked Never is taken at once and handed to this.
   */
  readonly capture?: (call: CallView) => Promise<void>;
}

export type CallAnswer = 'start' | 'not-now' | 'never';

interface Call {
  view: CallView;
  /** Someone took it to record it. */
  taken: boolean;
  /** Its end is under way (its session being stopped). */
  ending: boolean;
  endTimer: NodeJS.Timeout | undefined;
}

export class CallWatcher {
  private readonly active = new Map<string, Call>();
  private ended: CallView[] = [];
  private readonly known = new Set<string>();
  /** Streams a window said were its own. */
  private readonly claimed = new Set<string>();
  private claims = 0;
  private claimsUntil = 0;
  private problem: AppError | undefined;
  private running = false;
  private readonly endDelayMs: number;
  /** Starting and stopping the provider, one at a time. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: CallWatcherDeps) {
    this.endDelayMs = deps.endDelayMs ?? CALL_END_MS;
    if (!deps.provider) this.problem = appError('calls-unavailable', { reason: 'platform' });
  }

  /** Watches when the settings (or the core's own capture) want calls noticed. */
  start(): Promise<void> {
    return this.serial(async () => {
      const wanted = this.deps.capture !== undefined || this.deps.settings.get().mode !== 'off';
      const provider = this.deps.provider;
      if (wanted === this.running || !provider) return;
      this.running = wanted;
      if (wanted)
        await provider.start({
          streams: (streams) => this.onStreams(streams),
          problem: (error) => this.setProblem(error),
        });
      else {
        await provider.stop();
        this.onStreams([]);
      }
    });
  }

  async stop(): Promise<void> {
    await this.serial(async () => {
      if (this.running) await this.deps.provider?.stop();
      this.running = false;
    });
    for (const call of this.active.values()) clearTimeout(call.endTimer);
  }

  /** What the window and programs are shown: the calls going on and the last ended. */
  list(): { calls: CallView[]; settings: CallSettings; watching: boolean; problem?: AppError } {
    return {
      calls: [...[...this.active.values()].map((call) => call.view), ...this.ended],
      settings: this.deps.settings.get(),
      watching: this.running,
      ...(this.problem ? { problem: this.problem } : {}),
    };
  }

  /** Settings changed: noticing starts or stops with the mode. */
  async settingsChanged(): Promise<void> {
    await this.start();
    this.deps.changed();
  }

  /** A window is about to open `streams` inputs for Live: the next new streams are its own. */
  expectOwn(streams: number): void {
    this.claims = streams;
    this.claimsUntil = Date.now() + OWN_CAPTURE_WITHIN_MS;
  }

  /** The person's answer to a call's notice, or a recorder taking a call it was asked to start. */
  async answer(id: string, answer: CallAnswer): Promise<CallView> {
    const call = [...this.active.values()].find((c) => c.view.id === id);
    const open =
      call && !call.ending && (call.view.state === 'asking' || call.view.state === 'starting');
    if (!call || !open || call.taken) throw new AppFailure(appError('call-gone'));
    if (answer === 'start') {
      if (this.deps.live.running()) {
        this.update(call, { state: 'busy' });
        throw new AppFailure(appError('live-running'));
      }
      call.taken = true;
      return this.update(call, { state: 'starting', started: call.view.started ?? 'person' });
    }
    if (answer === 'never') {
      await this.deps.settings.never(call.view.app);
      this.deps.changed();
    }
    return this.update(call, { state: 'declined' });
  }

  /** A live session naming `id` opens: the connection and profile chosen for calls. */
  sessionFor(id: string): { connection?: string; profileId?: string } {
    const call = this.byId(id);
    if (!call || !call.taken || call.ending || call.view.state !== 'starting')
      throw new AppFailure(appError('call-gone'));
    const { connection, profileId } = this.deps.settings.get();
    return { ...(connection ? { connection } : {}), ...(profileId ? { profileId } : {}) };
  }

  /** The call's session records into `jobId`. */
  recording(id: string, jobId: string): void {
    const call = this.byId(id);
    if (call && !call.ending) this.update(call, { state: 'recording', jobId });
  }

  /**
   * The call's session ended before the call did (Stop, the window closed, a failure): the call
   * is not asked about again, and keeps the job it made.
   */
  sessionEnded(id: string, job: Job | undefined, problem?: AppError): void {
    const call = this.byId(id);
    if (!call || call.ending) return;
    this.update(call, {
      state: 'declined',
      ...(job ? { jobId: job.id } : {}),
      ...(problem ? { problem } : {}),
    });
  }

  private byId(id: string): Call | undefined {
    return [...this.active.values()].find((c) => c.view.id === id);
  }

  private update(call: Call, changes: Partial<CallView>): CallView {
    call.view = { ...call.view, ...changes };
    this.deps.emit(call.view);
    return call.view;
  }

  private setProblem(error: AppError | undefined): void {
    if (JSON.stringify(error) === JSON.stringify(this.problem)) return;
    this.problem = error;
    this.deps.changed();
  }

  private onStreams(streams: readonly RecordingStream[]): void {
    if (Date.now() > this.claimsUntil) this.claims = 0;
    const present = new Set(streams.map((s) => s.id));
    for (const id of [...this.known])
      if (!present.has(id)) {
        this.known.delete(id);
        this.claimed.delete(id);
      }
    const byApp = new Map<string, RecordingStream>();
    for (const stream of streams) {
      const fresh = !this.known.has(stream.id);
      this.known.add(stream.id);
      if (fresh && this.claims > 0) {
        // A window's capture opening: each new stream takes one of its word's streams.
        this.claims -= 1;
        if (!stream.own) this.claimed.add(stream.id);
        continue;
      }
      if (stream.own || this.claimed.has(stream.id)) continue;
      if (!byApp.has(stream.app)) byApp.set(stream.app, stream);
    }
    for (const [app, stream] of byApp) {
      const call = this.active.get(app);
      if (call) {
        clearTimeout(call.endTimer);
        call.endTimer = undefined;
      } else this.notice(app, stream);
    }
    for (const [app, call] of this.active)
      if (!byApp.has(app) && !call.endTimer && !call.ending) {
        call.endTimer = setTimeout(() => void this.end(call), this.endDelayMs);
        call.endTimer.unref();
      }
  }

  private notice(app: string, stream: RecordingStream): void {
    const settings = this.deps.settings.get();
    if (settings.never.includes(app)) return;
    const capture = this.deps.capture;
    if (!capture && settings.mode === 'off') return;
    void this.deps.settings.seen(app).then(
      () => this.deps.changed(),
      () => undefined,
    );
    const byItself =
      capture !== undefined || (settings.mode === 'auto' && settings.auto.includes(app));
    const call: Call = {
      view: {
        id: `call-${randomUUID()}`,
        app,
        ...(stream.binary ? { binary: stream.binary } : {}),
        since: Date.now(),
        state: this.deps.live.running() ? 'busy' : byItself ? 'starting' : 'asking',
        ...(byItself ? { started: 'auto' as const } : {}),
      },
      taken: false,
      ending: false,
      endTimer: undefined,
    };
    this.active.set(app, call);
    this.deps.emit(call.view);
    if (capture && call.view.state === 'starting') {
      call.taken = true;
      capture(call.view).catch((error: unknown) =>
        this.sessionEnded(
          call.view.id,
          undefined,
          error instanceof AppFailure ? error.error : appError('internal', {}, String(error)),
        ),
      );
    }
  }

  /** The application has recorded nothing for the end delay: the call is over. */
  private async end(call: Call): Promise<void> {
    call.endTimer = undefined;
    call.ending = true;
    const running = this.deps.live.running();
    let jobId = call.view.jobId;
    if (running?.call === call.view.id) {
      // Said at once: the last words are still being finalized and the job saved.
      this.update(call, { state: 'ending' });
      const job = await this.deps.live.endCall(call.view.id).catch(() => undefined);
      jobId = job?.id ?? jobId;
    }
    const handStarted = running !== undefined && running.call === undefined;
    this.active.delete(call.view.app);
    const view = this.update(call, {
      state: 'ended',
      endedAt: Date.now(),
      ...(jobId ? { jobId } : {}),
      ...(handStarted && this.deps.live.running() ? { offerStop: true } : {}),
    });
    this.ended = [view, ...this.ended.filter((v) => v.id !== view.id)].slice(0, ENDED_KEPT);
  }

  private serial(work: () => Promise<void>): Promise<void> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }
}
