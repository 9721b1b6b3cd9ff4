/**
 * What a live recognizer (live-recognizer.ts) does with its service sessions: opens one (its
 * socket is recognizer-session.ts), reads its messages (interim and final results, in recording time),
 * notices a drop and reconnects after a back-off, and reports what was lost.
 */
import {
  parseServerMessage,
  type FinalResult,
  type InterimResult,
  type Token,
} from '../../shared/api';
import { AppFailure, appError, type AppError } from '../../shared/domain/errors';
import WebSocket from 'ws';
import { AudioFlow, type FlowLimits } from './audio-flow';
import {
  attachSocket,
  closeSocket,
  type DropReason,
  type Session,
  sessionTimer,
} from './recognizer-session';
import {
  ReplayBuffer,
  backoffFor,
  bytesOfMs,
  DEFAULT_BACKOFF_MS,
  finalInRecording,
  interimText,
  msOfBytes,
  replayFromAfterFinal,
  type SessionUtterance,
} from './replay';

export interface RealtimeTarget {
  /** `ws://127.0.0.1:PORT/v1/`, `wss://acp-api.amivoice.com/v1/nolog/` … (realtimeUrlOf). */
  readonly url: string;
  /** The `s` line, key included (startLineOf). */
  readonly startLine: string;
  /** The host named in errors. */
  readonly host: string;
}

export interface RecognizerHandlers {
  /** The utterance being spoken; startMs: the recording time of its S, if known. */
  onInterim(text: string, startMs: number | undefined): void;
  /** A final result, its times (and its tokens') in recording time. */
  onFinal(utterance: { startMs: number; endMs: number; text: string; tokens: Token[] }): void;
  onState(state: {
    state: 'connecting' | 'open' | 'reconnecting';
    attempt?: number;
    retryInMs?: number;
  }): void;
  /** fatal: the recognizer has given up (a refused `s` while reconnecting, no key any more). */
  onError(error: AppError, fatal: boolean): void;
  /** Audio went to the service (replayed audio again, as it is sent again): its bytes. */
  onSent?(bytes: number): void;
}

export interface RecognizerOptions {
  /** Waits before reconnection attempts 1, 2…; the last one repeats. */
  readonly backoffMs?: readonly number[];
  /** Audio kept for replay at most (default 5 min). */
  readonly replayLimitMs?: number;
  /**
   * How long stop() and pause() wait for the audio to go out, and then for the last A and the
   * answer to `e`, while nothing moves (default 10 s): a service still catching up is waited for.
   */
  readonly finalTimeoutMs?: number;
  /** How long the handshake and the answer to `s` may take (default 10 s). */
  readonly replyTimeoutMs?: number;
  /** No pong for this long: the connection is taken as dropped (default 20 s). */
  readonly stallTimeoutMs?: number;
  /** Audio sent beyond the last pong, at most (default 256 KiB, 8 s). */
  readonly maxInFlightBytes?: number;
}

/** How often a quiet but open session is checked on. */
const HEARTBEAT_MS = 2_000;

/** Target failures that a later attempt may not meet (the local service restarting…). */
const TRANSIENT: ReadonlySet<AppError['code']> = new Set([
  'network',
  'timeout',
  'service-starting',
  'service-not-started',
  'local-service',
]);

export type Mode = 'idle' | 'live' | 'paused' | 'stopping' | 'stopped' | 'failed';

export abstract class RecognizerSessions {
  protected readonly buffer: ReplayBuffer;
  protected readonly backoffMs: readonly number[];
  protected readonly finalTimeoutMs: number;
  protected readonly replyTimeoutMs: number;
  protected readonly flowLimits: FlowLimits;

  protected mode: Mode = 'idle';
  protected session: Session | undefined;
  /** A session being opened (start, a reconnection, the first write after resume). */
  protected opening: Promise<void> | undefined;
  protected reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  protected attempt = 0;
  protected host = '';
  protected lastDrop: DropReason = 'closed';
  /** Audio was lost to the replay limit since the last session opened (reported once). */
  protected lossReported = false;
  /** The session being ended (pause, stop). */
  protected ending: Promise<void> | undefined;

  constructor(
    protected readonly target: () => Promise<RealtimeTarget>,
    protected readonly handlers: RecognizerHandlers,
    options: RecognizerOptions = {},
  ) {
    this.backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
    this.buffer = new ReplayBuffer(bytesOfMs(options.replayLimitMs ?? 300_000));
    this.finalTimeoutMs = options.finalTimeoutMs ?? 10_000;
    this.replyTimeoutMs = options.replyTimeoutMs ?? 10_000;
    this.flowLimits = {
      replyTimeoutMs: this.replyTimeoutMs,
      stallTimeoutMs: options.stallTimeoutMs ?? 20_000,
      maxInFlightBytes: options.maxInFlightBytes ?? 256 * 1024,
    };
  }

  /** Recording time so far: ms of audio written. */
  get recordedMs(): number {
    return msOfBytes(this.buffer.end);
  }

  // -------------------------------------------------------------------------------------------
  // Sessions

  /** Opens a session and resolves on the plain `s` answer; rejects with an AppFailure. */
  protected openSession(): Promise<void> {
    const opening = this.connect().finally(() => {
      if (this.opening === opening) this.opening = undefined;
    });
    this.opening = opening;
    return opening;
  }

  protected async connect(): Promise<void> {
    const target = await this.target();
    this.host = target.host;
    if (this.mode === 'stopped' || this.mode === 'failed') {
      throw new AppFailure(appError('cancelled', { service: 'none' }));
    }
    const ws = new WebSocket(target.url, {
      perMessageDeflate: false,
      handshakeTimeout: this.replyTimeoutMs,
    });
    let resolveStarted!: () => void;
    let rejectStarted!: (error: AppFailure) => void;
    const started = new Promise<void>((resolve, reject) => {
      resolveStarted = resolve;
      rejectStarted = reject;
    });
    const session: Session = {
      ws,
      host: target.host,
      phase: 'connecting',
      flow: new AudioFlow(
        ws,
        this.buffer,
        this.flowLimits,
        () => session.phase === 'open' && session === this.session,
        (detail) => this.dropped(session, 'timeout', detail),
        (bytes) => this.handlers.onSent?.(bytes),
      ),
      lastMessageAt: Date.now(),
      utterances: [],
      timers: new Set(),
      started: { resolve: resolveStarted, reject: rejectStarted },
    };
    this.session = session;
    attachSocket(session, target.startLine, {
      fail: (error) => this.fail(session, error),
      dropped: (reason, detail) => this.dropped(session, reason, detail),
      message: (text) => this.onMessage(session, text),
    });
    sessionTimer(session, this.replyTimeoutMs, () => {
      if (session.phase === 'connecting' || session.phase === 'starting') {
        this.fail(
          session,
          new AppFailure(
            appError('timeout', {
              host: session.host,
              seconds: Math.round(this.replyTimeoutMs / 1000),
            }),
          ),
        );
      }
    });
    await started;
  }

  /** The session failed before it started: the opener is told, nothing else. */
  protected fail(session: Session, error: AppFailure): void {
    if (session.phase !== 'connecting' && session.phase !== 'starting') return;
    this.closeSession(session, 'abort');
    session.started.reject(error);
  }

  protected onMessage(session: Session, text: string): void {
    // What a dropped session's socket still delivers belongs to no session any more.
    if (session.phase === 'closed') return;
    const parsed = parseServerMessage(text);
    if (!parsed.ok) {
      // A message the official clients could not read either: say so, carry on.
      if (text[0] === 'U' || text[0] === 'A') {
        this.handlers.onError(appError('bad-response', {}, parsed.error), false);
      }
      return;
    }
    const message = parsed.data;
    const offsetMs = msOfBytes(session.flow.startByte);
    switch (message.kind) {
      case 's':
        if (session.phase !== 'starting') return;
        if (message.error !== null) {
          this.fail(session, new AppFailure(appError('live-refused', { message: message.error })));
          return;
        }
        this.opened(session);
        return;
      case 'e':
        if (session.phase === 'ending') {
          if (message.error !== null) this.lastDrop = 'service-ended';
          session.ended?.(message.error === null);
        } else if (session.phase === 'open') {
          // `e timeout occurred…`: the service ended the session on its own.
          this.dropped(session, 'service-ended', message.error ?? 'e');
        }
        return;
      case 'p':
        // The session is over on the service's side (state 0): the audio after it needs another.
        if (session.phase === 'open' || session.phase === 'ending') {
          this.dropped(session, 'service-ended', message.error ?? 'p');
        }
        return;
      case 'S':
        session.utterances.push({ startMs: message.ms });
        return;
      case 'E': {
        const open = session.utterances.find((utterance) => utterance.endMs === undefined);
        if (open) open.endMs = message.ms;
        return;
      }
      case 'U':
        this.onInterim(message.result, session, offsetMs);
        return;
      case 'A':
        this.onFinal(message.result, session, offsetMs);
        return;
      default:
        return;
    }
  }

  protected onInterim(result: InterimResult, session: Session, offsetMs: number): void {
    const start = session.utterances.at(-1)?.startMs;
    this.handlers.onInterim(
      interimText(result),
      start === undefined ? undefined : Math.round(start + offsetMs),
    );
  }

  protected onFinal(result: FinalResult, session: Session, offsetMs: number): void {
    const utterance: SessionUtterance = session.utterances.shift() ?? {};
    const final = finalInRecording(result, offsetMs, utterance);
    // Audio up to this utterance's end is recognised for good: a new session need not have it.
    const replayFrom = replayFromAfterFinal(result, offsetMs, utterance);
    if (replayFrom !== undefined) {
      this.buffer.trimTo(Math.min(bytesOfMs(replayFrom), session.flow.sentTo));
    }
    if (final) this.handlers.onFinal(final);
  }

  protected opened(session: Session): void {
    session.phase = 'open';
    session.flow.begin();
    this.attempt = 0;
    this.lossReported = false;
    this.handlers.onState({ state: 'open' });
    // A first ping with nothing in flight: whether the server answers pings at all.
    session.flow.sendPing();
    const beat = setInterval(() => {
      if (session.phase === 'open' || session.phase === 'ending') session.flow.heartbeat();
    }, HEARTBEAT_MS);
    session.timers.add(beat);
    session.started.resolve();
    session.flow.pump();
  }

  /**
   * The session ended without our `e`. While live: reported, and a new session is opened after
   * the back-off. While pausing or stopping: whoever waits for the `e` answer is let go.
   */
  protected dropped(session: Session, reason: DropReason, detail?: string): void {
    if (
      session.phase === 'closed' ||
      session.phase === 'connecting' ||
      session.phase === 'starting'
    )
      return;
    const ending = session.ended;
    this.closeSession(session, 'abort');
    this.lastDrop = reason;
    if (ending) {
      ending(false);
      return;
    }
    if (this.mode !== 'live') return;
    this.handlers.onError(appError('live-dropped', { host: session.host, reason }, detail), false);
    this.scheduleReconnect();
  }

  protected scheduleReconnect(): void {
    if (this.mode !== 'live' || this.reconnectTimer !== undefined) return;
    this.attempt += 1;
    const retryInMs = backoffFor(this.attempt, this.backoffMs);
    this.handlers.onState({ state: 'reconnecting', attempt: this.attempt, retryInMs });
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (this.mode === 'live') this.openInBackground();
    }, retryInMs);
  }

  protected cancelReconnect(): void {
    if (this.reconnectTimer !== undefined) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
  }

  /** A session opened while audio flows (a reconnection, or the first write after resume). */
  protected openInBackground(): void {
    this.openSession().catch((error: unknown) => {
      if (this.mode !== 'live') return;
      const failure = error instanceof AppFailure ? error.error : undefined;
      if (failure && TRANSIENT.has(failure.code)) {
        this.scheduleReconnect();
        return;
      }
      // A refused `s` (the key was revoked, a setting is refused), or no key any more: no
      // attempt will do better.
      this.mode = 'failed';
      this.report(error, true);
    });
  }

  protected closeSession(session: Session, how: 'close' | 'abort'): void {
    closeSocket(session, how, () => {
      if (this.session === session) this.session = undefined;
    });
  }

  /**
   * Audio older than the replay limit was dropped from the buffer. Lost only if no session has
   * sent it: while connected it is the service's already. A session that has not sent it cannot
   * skip it (its clock would jump), so it is ended and the next one starts after the gap.
   */
  protected onReplayLimit(to: number): void {
    const session = this.session;
    if (session?.phase === 'open' && session.flow.sentTo >= to) return;
    if (!this.lossReported) {
      this.lossReported = true;
      const seconds = Math.round(this.buffer.limitBytes / bytesOfMs(1000));
      this.handlers.onError(
        appError(
          'live-dropped',
          { host: this.host, reason: this.lastDrop },
          `audio older than ${seconds} s could not be sent again: a part of the recording is not transcribed`,
        ),
        false,
      );
    }
    if (session?.phase === 'open') this.dropped(session, 'timeout', 'the audio could not be sent');
  }

  protected report(error: unknown, fatal: boolean): void {
    this.handlers.onError(
      error instanceof AppFailure
        ? error.error
        : appError('internal', {}, error instanceof Error ? error.message : String(error)),
      fatal,
    );
  }
}
