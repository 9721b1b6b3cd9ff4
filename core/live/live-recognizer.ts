/**
 * The main process's client of the realtime WebSocket interface (docs/api.md §9) for one live
 * transcription: audio in, in recording order; interim and final text out, in recording time;
 * reconnection with replay when the connection drops.
 *
 * One recognizer runs several service sessions (`s … e`) one after the other: the first at
 * start(), a new one after each pause and after each dropped connection. Each session counts
 * its times from its own first audio byte; the recognizer adds the recording time at which that
 * session's audio began (./replay.ts). The audio since the end of the last final result is kept
 * (ReplayBuffer): it is the send queue while connected, and what a new session sends again
 * after a drop, so that the utterance being spoken when the connection went is recognised whole.
 *
 * Here: the sessions' lifecycle, their messages and the reconnect policy. The send loop and its
 * flow control (pings, pongs, a stalled connection noticed) are ./audio-flow.ts.
 */
import WebSocket from 'ws';
import {
  formatCommand,
  parseServerMessage,
  type FinalResult,
  type InterimResult,
  type Token,
} from '../../shared/api';
import { AppFailure, appError, type AppError, type SubCode } from '../../shared/domain/errors';
import { networkReason } from '../api-client/reasons';
import { AudioFlow, type FlowLimits } from './audio-flow';
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

/** Why a session ended without our `e` (live-dropped's reasons). */
type DropReason = SubCode<'live-dropped', 'reason'>;

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

type Phase = 'connecting' | 'starting' | 'open' | 'ending' | 'closed';

/** One WebSocket connection carrying one service session, `s` to `e`. */
interface Session {
  readonly ws: WebSocket;
  readonly host: string;
  phase: Phase;
  /** Its audio going out (what was sent, what the service has read, when it was last heard). */
  readonly flow: AudioFlow;
  /** When a message last came. */
  lastMessageAt: number;
  /**
   * Utterances begun (S) and not finalized (A), oldest first: an A finalizes the oldest. Usually
   * one; two when an utterance cut at 30 s has its next S before its own A.
   */
  utterances: Array<{ startMs?: number; endMs?: number }>;
  timers: Set<ReturnType<typeof setTimeout>>;
  /** Settled when the answer to `s` comes, or the session fails before it. */
  started: { resolve: () => void; reject: (error: AppFailure) => void };
  /** Set while waiting for the answer to `e`. */
  ended?: (clean: boolean) => void;
}

type Mode = 'idle' | 'live' | 'paused' | 'stopping' | 'stopped' | 'failed';

export class LiveRecognizer {
  private readonly buffer: ReplayBuffer;
  private readonly backoffMs: readonly number[];
  private readonly finalTimeoutMs: number;
  private readonly replyTimeoutMs: number;
  private readonly flowLimits: FlowLimits;

  private mode: Mode = 'idle';
  private session: Session | undefined;
  /** A session being opened (start, a reconnection, the first write after resume). */
  private opening: Promise<void> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private attempt = 0;
  private host = '';
  private lastDrop: DropReason = 'closed';
  /** Audio was lost to the replay limit since the last session opened (reported once). */
  private lossReported = false;
  /** The session being ended (pause, stop). */
  private ending: Promise<void> | undefined;

  constructor(
    private readonly target: () => Promise<RealtimeTarget>,
    private readonly handlers: RecognizerHandlers,
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

  /**
   * Connects and opens the first session. Rejects with live-refused when the service answers
   * `s <message>`, with network (or timeout) when it cannot be reached: no retry here, the
   * person is told at once.
   */
  async start(): Promise<void> {
    if (this.mode !== 'idle') throw new Error('LiveRecognizer.start: already started');
    this.mode = 'live';
    this.handlers.onState({ state: 'connecting' });
    try {
      await this.openSession();
    } catch (error) {
      if (this.mode === 'live') this.mode = 'failed';
      throw error;
    }
  }

  /** LSB16K audio, in recording order. */
  write(pcm: Uint8Array): void {
    if (this.mode === 'stopping' || this.mode === 'stopped' || this.mode === 'failed') return;
    if (pcm.byteLength === 0) return;
    // The caller may reuse its buffer: the copy is what is kept for replay.
    const dropped = this.buffer.append(pcm.slice());
    if (dropped) this.onReplayLimit(dropped.to);
    if (this.mode !== 'live') return;
    if (this.session?.phase === 'open') this.session.flow.pump();
    else if (!this.session && !this.opening && this.reconnectTimer === undefined) {
      // After resume: the first audio opens the next session.
      this.handlers.onState({ state: 'connecting' });
      this.openInBackground();
    }
  }

  /** Ends the session (its last results come first) and closes: none stays open while paused. */
  async pause(): Promise<void> {
    if (this.mode !== 'live') return;
    this.mode = 'paused';
    this.cancelReconnect();
    await this.opening?.catch(() => undefined);
    await this.endSession();
  }

  /** The next write opens a new session; recording time goes on from where it was. */
  resume(): void {
    if (this.mode === 'paused') this.mode = 'live';
  }

  /**
   * Sends what is left, ends the session and waits (≤ finalTimeoutMs) for the last utterance's
   * A and the answer to `e`, then closes. While reconnecting, it tries once more at once.
   */
  async stop(): Promise<void> {
    if (this.mode === 'stopping' || this.mode === 'stopped' || this.mode === 'failed') return;
    this.mode = 'stopping';
    this.cancelReconnect();
    await this.opening?.catch(() => undefined);
    await this.ending;
    // Audio no session has sent (a drop, a pause whose e went unanswered): one more session.
    if (!this.session && this.buffer.size > 0) {
      try {
        await this.openSession();
      } catch (error) {
        this.report(error, false);
      }
    }
    await this.endSession();
    this.mode = 'stopped';
  }

  /** Closes at once: no `e`, no last results. */
  abort(): void {
    this.mode = 'stopped';
    this.cancelReconnect();
    const session = this.session;
    if (!session) return;
    // A start() still waiting is told, rather than left waiting for ever.
    this.fail(session, new AppFailure(appError('cancelled', { service: 'none' })));
    this.closeSession(session, 'abort');
  }

  // -------------------------------------------------------------------------------------------
  // Sessions

  /** Opens a session and resolves on the plain `s` answer; rejects with an AppFailure. */
  private openSession(): Promise<void> {
    const opening = this.connect().finally(() => {
      if (this.opening === opening) this.opening = undefined;
    });
    this.opening = opening;
    return opening;
  }

  private async connect(): Promise<void> {
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
    this.attach(session, target.startLine);
    this.timer(session, this.replyTimeoutMs, () => {
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

  private attach(session: Session, startLine: string): void {
    const { ws } = session;
    ws.on('open', () => {
      session.phase = 'starting';
      ws.send(startLine);
    });
    ws.on('unexpected-response', (request, response) => {
      // The upgrade was answered with HTTP: a wrong path, or a proxy in the way.
      const status = response.statusCode ?? 0;
      request.destroy();
      this.fail(
        session,
        new AppFailure(
          status === 401 || status === 403
            ? appError('auth', {}, `HTTP ${status}`)
            : appError('network', { host: session.host, reason: 'other' }, `HTTP ${status}`),
        ),
      );
    });
    ws.on('error', (error: NodeJS.ErrnoException) => {
      const errno = error.code ?? '';
      if (session.phase === 'connecting' || session.phase === 'starting') {
        this.fail(
          session,
          new AppFailure(
            appError(
              'network',
              { host: session.host, reason: networkReason(errno) },
              error.message,
            ),
          ),
        );
      } else {
        this.dropped(
          session,
          errno === 'ECONNRESET' || errno === 'EPIPE' ? 'closed' : 'other',
          error.message,
        );
      }
    });
    ws.on('close', () => {
      if (session.phase === 'connecting' || session.phase === 'starting') {
        this.fail(
          session,
          new AppFailure(appError('network', { host: session.host, reason: 'reset' })),
        );
      } else this.dropped(session, 'closed');
    });
    ws.on('pong', (data: Buffer) => session.flow.onPong(data.toString()));
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      session.flow.heard();
      session.lastMessageAt = session.flow.lastHeardAt;
      if (isBinary) return; // The interface sends text only; nothing to do with bytes.
      this.onMessage(session, data.toString('utf8'));
    });
  }

  /** The session failed before it started: the opener is told, nothing else. */
  private fail(session: Session, error: AppFailure): void {
    if (session.phase !== 'connecting' && session.phase !== 'starting') return;
    this.closeSession(session, 'abort');
    session.started.reject(error);
  }

  private onMessage(session: Session, text: string): void {
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

  private onInterim(result: InterimResult, session: Session, offsetMs: number): void {
    const start = session.utterances.at(-1)?.startMs;
    this.handlers.onInterim(
      interimText(result),
      start === undefined ? undefined : Math.round(start + offsetMs),
    );
  }

  private onFinal(result: FinalResult, session: Session, offsetMs: number): void {
    const utterance: SessionUtterance = session.utterances.shift() ?? {};
    const final = finalInRecording(result, offsetMs, utterance);
    // Audio up to this utterance's end is recognised for good: a new session need not have it.
    const replayFrom = replayFromAfterFinal(result, offsetMs, utterance);
    if (replayFrom !== undefined) {
      this.buffer.trimTo(Math.min(bytesOfMs(replayFrom), session.flow.sentTo));
    }
    if (final) this.handlers.onFinal(final);
  }

  private opened(session: Session): void {
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
  private dropped(session: Session, reason: DropReason, detail?: string): void {
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

  private scheduleReconnect(): void {
    if (this.mode !== 'live' || this.reconnectTimer !== undefined) return;
    this.attempt += 1;
    const retryInMs = backoffFor(this.attempt, this.backoffMs);
    this.handlers.onState({ state: 'reconnecting', attempt: this.attempt, retryInMs });
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (this.mode === 'live') this.openInBackground();
    }, retryInMs);
  }

  private cancelReconnect(): void {
    if (this.reconnectTimer !== undefined) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
  }

  /** A session opened while audio flows (a reconnection, or the first write after resume). */
  private openInBackground(): void {
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

  /**
   * Sends the audio not sent yet, then `e`, and waits for its answer (the last A comes before
   * it), then closes. A clean answer means every utterance has its final: nothing is kept.
   */
  private endSession(): Promise<void> {
    // pause() and then stop() at once: the second waits for the first's end.
    this.ending ??= this.endCurrent().finally(() => (this.ending = undefined));
    return this.ending;
  }

  private async endCurrent(): Promise<void> {
    const session = this.session;
    if (!session) return;
    if (session.phase !== 'open') {
      this.closeSession(session, 'abort');
      return;
    }
    const lost = (reason: DropReason) =>
      this.handlers.onError(
        appError('live-dropped', { host: session.host, reason }, 'the last results did not come'),
        false,
      );
    const { flow } = session;
    if (flow.sentTo < this.buffer.end) {
      // As long as it goes out: a service catching up is waited for, a dead one is not.
      const flushed = await this.whileProgressing(
        flow.flushed(),
        () => flow.sentTo + flow.lastHeardAt,
      );
      if ((session.phase as Phase) !== 'open') {
        lost(this.lastDrop); // Dropped meanwhile: it let this wait go.
        return;
      }
      if (flushed === undefined) {
        this.closeSession(session, 'abort');
        this.lastDrop = 'timeout';
        lost('timeout');
        return;
      }
    }
    session.phase = 'ending';
    const answered = new Promise<boolean>((resolve) => (session.ended = resolve));
    session.ws.send(formatCommand({ kind: 'e' }));
    // The answer comes after the last A; while the service sends events it is still at work.
    const clean = await this.whileProgressing(answered, () => session.lastMessageAt);
    if (clean === true) {
      // Every utterance has its final: nothing is left to recognise again.
      this.buffer.trimTo(flow.sentTo);
    } else {
      // The audio stays for the next session (after resume) to recognise again.
      lost(clean === undefined ? 'timeout' : this.lastDrop);
    }
    this.closeSession(session, clean === true ? 'close' : 'abort');
  }

  /**
   * The promise's value, or undefined once `progress()` has not changed for finalTimeoutMs.
   */
  private async whileProgressing<T>(
    promise: Promise<T>,
    progress: () => number,
  ): Promise<T | undefined> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const every = Math.min(500, this.finalTimeoutMs);
    const stalled = new Promise<undefined>((resolve) => {
      let last = progress();
      let lastAt = Date.now();
      const check = () => {
        const now = progress();
        if (now !== last) {
          last = now;
          lastAt = Date.now();
        }
        if (Date.now() - lastAt >= this.finalTimeoutMs) resolve(undefined);
        else timer = setTimeout(check, every);
      };
      timer = setTimeout(check, every);
    });
    try {
      return await Promise.race([promise, stalled]);
    } finally {
      clearTimeout(timer);
    }
  }

  private closeSession(session: Session, how: 'close' | 'abort'): void {
    if (session.phase === 'closed') return;
    session.phase = 'closed';
    session.ended = undefined;
    for (const timer of session.timers) clearTimeout(timer);
    session.timers.clear();
    if (this.session === session) this.session = undefined;
    // Whoever waits for the audio to go out is let go: it will not, on this socket.
    session.flow.wake();
    const { ws } = session;
    if (how === 'close' && ws.readyState === WebSocket.OPEN) {
      ws.close();
      // A server that never answers the close frame is not waited for (ws's own 30 s).
      setTimeout(() => ws.terminate(), 2_000).unref();
    } else ws.terminate();
  }

  private timer(session: Session, ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      session.timers.delete(timer);
      run();
    }, ms);
    session.timers.add(timer);
  }

  /**
   * Audio older than the replay limit was dropped from the buffer. Lost only if no session has
   * sent it: while connected it is the service's already. A session that has not sent it cannot
   * skip it (its clock would jump), so it is ended and the next one starts after the gap.
   */
  private onReplayLimit(to: number): void {
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

  private report(error: unknown, fatal: boolean): void {
    this.handlers.onError(
      error instanceof AppFailure
        ? error.error
        : appError('internal', {}, error instanceof Error ? error.message : String(error)),
      fatal,
    );
  }
}
