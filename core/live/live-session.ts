/**
 * One live session (live-sessions.ts keeps them): the audio arriving over a host's live link is
 * recorded into a job (LiveRecording) and recognized over the connection's realtime interface
 * (LiveRecognizer).
 *
 * Order of a session: `start` → the connection and its key → the realtime session opens (a
 * refusal ends it here, nothing recorded) → the recording starts (the job exists from here on)
 * → audio, pauses, finals (each journaled as it arrives) → `stop` → the last final → the job
 * is completed. A link that closes without `stop`, a fatal error and the app quitting all end
 * it as a cut-off job holding everything finalized so far.
 */
import type { EditOp } from '../../shared/domain/edits';
import { AppFailure, appError, type AppError } from '../../shared/domain/errors';
import type { Job } from '../../shared/domain/job';
import {
  liveClientMessageSchema,
  type LiveEvent,
  type LiveLink,
  type LiveUtterance,
} from '../../shared/ipc/live';
import type { ClientProvider } from '../clients';
import { toAppError } from '../errors';
import type { JobJournal } from '../jobs/job-journal';
import type { UsageMeter } from '../usage/usage-meter';
import { LiveBilling } from './live-billing';
import { LiveRecognizer } from './live-recognizer';
import { LiveRecording } from './live-recording';
import { sessionConnection } from './session-connection';
import { SessionAudio } from './session-audio';

/** What a session recording a call tells the call watcher (core/calls/call-watcher.ts). */
export interface LiveCallHooks {
  /** The connection and profile chosen for calls; throws `call-gone` for a call not taken. */
  sessionFor(call: string): { connection?: string; profileId?: string };
  recording(call: string, jobId: string): void;
  sessionEnded(call: string, job: Job | undefined, problem?: AppError): void;
}

export interface LiveDeps {
  readonly dataDir: string;
  readonly journal: JobJournal;
  readonly clients: Pick<ClientProvider, 'resolve'>;
  /** jobs:changed */
  readonly emit: (job: Job) => void;
  /** jobs:removed (a session stopped before any audio was recorded leaves no job) */
  readonly removed: (id: string) => void;
  /** Options of the recognizer (tests shorten the backoff). */
  readonly recognizer?: ConstructorParameters<typeof LiveRecognizer>[2];
  /** A completed job's correction (JobEdits.apply): a speaker named as the session ends. */
  readonly rename?: (id: string, op: EditOp) => Promise<unknown>;
  /** Where the audio streamed is counted, and the budget checked (core/usage/). */
  readonly usage?: Pick<UsageMeter, 'bill' | 'checkBudget'>;
}

/** What a host hands the core for each message that arrives on a live link. */
export interface LiveInbound {
  /** A text message (JSON of a LiveClientMessage). */
  text(data: string): void;
  /** A binary message: audio. */
  audio(chunk: Uint8Array): void;
  /** The link closed (the window went away, or the host closed it). */
  closed(): void;
}

/**
 * A link that has not said `start` this long after it opened is closed (docs/architecture.md §4,
 * "Limits against a hostile local process"): a window sends it at once, before any audio.
 */
export const START_WITHIN_MS = 10_000;

export interface SessionRoles {
  /** Whether another session than `asking` is recording. */
  readonly othersRunning: (asking: LiveSession) => boolean;
  /** Keeps trying to save a job a full disk held back. */
  readonly saveLater: (save: () => Promise<unknown>) => void;
  /** The call watcher, if any. */
  readonly calls: () => LiveCallHooks | undefined;
  /** Who sent the audio, when not a window. */
  readonly origin: Pick<Job, 'program'>;
}

type Phase = 'waiting' | 'starting' | 'running' | 'ending' | 'over';

export class LiveSession implements LiveInbound {
  private phase: Phase = 'waiting';
  private paused = false;
  private recognizer: LiveRecognizer | undefined;
  private recording: LiveRecording | undefined;
  /** The audio's frames: the mix, and each source kept apart (`start`'s `apart`). */
  private intake = new SessionAudio();
  private index = 0;
  /** The speaker labels of the finals so far: only these can be named. */
  private readonly heard = new Set<string>();
  private recordingFailed = false;
  /** The call this session records (`start`'s `call`). */
  call: string | undefined;
  /** The job it was kept as, once over. */
  job: Job | undefined;
  /** What ended it, when an error did. */
  private fatal: AppError | undefined;
  /** The window was told the disk is full (once is enough). */
  private toldDiskFull = false;
  /** The audio streamed, counted (from the moment the connection is known). */
  private billing: LiveBilling | undefined;
  /** Finals journaled one after another, in order; `end` waits for the last. */
  private journaled: Promise<void> = Promise.resolve();
  private resolveDone!: () => void;
  readonly done = new Promise<void>((resolve) => (this.resolveDone = resolve));
  /** Closes a link that never says `start`. */
  private readonly startTimer: NodeJS.Timeout;

  constructor(
    private readonly deps: LiveDeps,
    private readonly link: LiveLink,
    private readonly roles: SessionRoles,
  ) {
    this.startTimer = setTimeout(() => {
      if (this.phase === 'waiting')
        this.broken(`no start within ${START_WITHIN_MS / 1000} s of the link opening`);
    }, START_WITHIN_MS);
    this.startTimer.unref();
    void this.done.then(() => clearTimeout(this.startTimer));
  }

  get active(): boolean {
    return this.phase === 'starting' || this.phase === 'running';
  }

  private send(event: LiveEvent): void {
    if (event.type === 'error' && event.fatal) this.fatal = event.error;
    if (this.phase !== 'over') this.link.send(event);
  }

  /** A non-fatal error, each full disk said once (finals and the encoder both meet it). */
  private warn(error: AppError): void {
    if (error.code === 'live-disk-full') {
      if (this.toldDiskFull) return;
      this.toldDiskFull = true;
    }
    this.send({ type: 'error', error, fatal: false });
  }

  text(data: string): void {
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return this.broken(`not JSON: ${data.slice(0, 80)}`);
    }
    const parsed = liveClientMessageSchema.safeParse(json);
    if (!parsed.success) return this.broken(parsed.error.issues[0]?.message ?? 'invalid');
    const message = parsed.data;
    switch (message.type) {
      case 'start':
        if (this.phase !== 'waiting') return this.broken('a second start');
        clearTimeout(this.startTimer);
        this.intake = new SessionAudio(message.apart ?? 0);
        this.call = message.call;
        return void this.start(message.connection, message.title, message.overBudget === true);
      case 'pause':
        if (this.phase === 'running' && !this.paused) {
          this.paused = true;
          void this.recognizer?.pause().catch(() => undefined);
          this.sendState('paused');
        }
        return;
      case 'resume':
        if (this.phase === 'running' && this.paused) {
          this.paused = false;
          this.recognizer?.resume();
          this.sendState('listening');
        }
        return;
      case 'stop':
        return void this.end({ cutOff: false });
      case 'speaker':
        return this.nameSpeaker(message.label, message.name);
    }
  }

  audio(chunk: Uint8Array): void {
    if (chunk.byteLength === 0) return;
    const refused = this.intake.refused(chunk);
    if (refused) return this.broken(refused);
    if (this.paused) return;
    // The window sends `start` before any audio: nothing is held for a link that has not.
    if (this.phase === 'waiting') return this.broken('audio before start');
    if (this.phase === 'starting') {
      // Audio that comes while the session opens is kept (up to 30 s) and recorded after.
      return this.intake.hold(chunk);
    }
    if (this.phase !== 'running') return;
    const { mix, sources } = this.intake.split(chunk);
    try {
      this.recording?.writeAudio(mix);
    } catch (error) {
      // Told once through onError; the words still come.
      if (!this.recordingFailed) this.warn(toAppError(error));
      this.recordingFailed = true;
    }
    if (sources) this.recording?.writeSources(sources);
    this.recognizer?.write(mix);
  }

  closed(): void {
    void this.end({ cutOff: true });
  }

  private sendState(state: 'listening' | 'paused' | 'connecting' | 'stopping'): void {
    this.send({
      type: 'state',
      state,
      ...(this.recording ? { jobId: this.recording.job.id } : {}),
    });
  }

  /** The window broke the protocol: the session ends, what was finalized is kept. */
  private broken(detail: string): void {
    this.send({ type: 'error', error: appError('live-protocol', {}, detail), fatal: true });
    void this.end({ cutOff: true });
  }

  private async start(
    connectionId: string | undefined,
    title: string | undefined,
    overBudget: boolean,
  ): Promise<void> {
    if (this.roles.othersRunning(this)) {
      this.send({ type: 'error', error: appError('live-running'), fatal: true });
      return this.finishOver(undefined);
    }
    this.phase = 'starting';
    this.sendState('connecting');
    try {
      const forCall =
        this.call === undefined ? undefined : this.roles.calls()?.sessionFor(this.call);
      if (this.call !== undefined && !forCall) throw new AppFailure(appError('call-gone'));
      const { connection, target } = await sessionConnection(this.deps, {
        connection: connectionId,
        forCall,
        overBudget,
      });
      this.billing = new LiveBilling(
        this.deps.usage,
        { connection: connection.id, logged: connection.logging },
        (seconds) => {
          if (this.recording) this.recording.billedSeconds = seconds;
        },
      );
      const recognizer = new LiveRecognizer(
        target,
        {
          onInterim: (text, startMs) =>
            this.send({
              type: 'interim',
              text,
              ...(startMs === undefined ? {} : { startMs: Math.round(startMs) }),
            }),
          onFinal: (u) => this.final(u),
          onState: (s) => {
            if (this.phase !== 'running') return;
            if (s.state === 'reconnecting')
              this.send({
                type: 'state',
                state: 'reconnecting',
                ...(this.recording ? { jobId: this.recording.job.id } : {}),
                ...(s.attempt ? { attempt: s.attempt } : {}),
                ...(s.retryInMs !== undefined ? { retryInMs: s.retryInMs } : {}),
              });
            else if (s.state === 'open' && !this.paused) this.sendState('listening');
          },
          onError: (error, fatal) => {
            this.send({ type: 'error', error, fatal });
            if (fatal) void this.end({ cutOff: true });
          },
          onSent: (bytes) => this.billing?.sent(bytes),
        },
        this.deps.recognizer,
      );
      this.recognizer = recognizer;
      await recognizer.start();
      if (this.phase !== 'starting') {
        recognizer.abort();
        return;
      }
      this.recording = await LiveRecording.create({
        dataDir: this.deps.dataDir,
        journal: this.deps.journal,
        connection,
        ...(title ? { title } : {}),
        ...(this.roles.origin.program && { program: this.roles.origin.program }),
        ...(this.intake.apart > 0 ? { apart: this.intake.apart } : {}),
        emit: this.deps.emit,
        ...(this.deps.rename && { rename: this.deps.rename }),
        // The encoder died or fell behind: recognition goes on, the recording has a gap.
        onError: (error) => this.warn(error),
      });
    } catch (error) {
      this.recognizer?.abort();
      this.send({ type: 'error', error: toAppError(error), fatal: true });
      return this.finishOver(undefined);
    }
    if (this.phase !== 'starting') return;
    this.phase = 'running';
    if (this.call !== undefined) this.roles.calls()?.recording(this.call, this.recording.job.id);
    this.sendState('listening');
    for (const chunk of this.intake.takeHeld()) this.audio(chunk);
  }

  /**
   * A name for a speaker the session has heard (the window shows only those): journaled in
   * order with the finals, and the job keeps it (LiveRecording.nameSpeaker). Others are passed
   * over, so a window cannot make the session hold names of speakers nobody heard.
   */
  private nameSpeaker(label: string, name: string): void {
    const recording = this.recording;
    if (!recording || !this.heard.has(label)) return;
    this.journaled = this.journaled
      .then(() => recording.nameSpeaker(label, name))
      .catch((error: unknown) => this.warn(toAppError(error)));
  }

  private final(u: Omit<LiveUtterance, 'index'>): void {
    const utterance: LiveUtterance = {
      index: this.index++,
      startMs: Math.max(0, Math.round(u.startMs)),
      endMs: Math.max(0, Math.round(u.endMs)),
      text: u.text,
      tokens: u.tokens,
    };
    for (const token of u.tokens) if (token.label !== undefined) this.heard.add(token.label);
    this.send({ type: 'final', utterance });
    const recording = this.recording;
    if (!recording) return;
    this.journaled = this.journaled
      .then(() => recording.addFinal(utterance))
      // On a full disk the final is kept in memory, and written when there is room.
      .catch((error: unknown) => this.warn(toAppError(error)));
  }

  /**
   * Ends the session: with Stop, after the last utterance's final result; otherwise at once,
   * cut off. Either way the recording becomes a completed job.
   */
  async end({ cutOff }: { cutOff: boolean }): Promise<void> {
    if (this.phase === 'ending' || this.phase === 'over') return this.done;
    const wasRunning = this.phase === 'running';
    this.phase = 'ending';
    if (!cutOff) this.link.send({ type: 'state', state: 'stopping' });
    const recognizer = this.recognizer;
    if (recognizer) {
      if (cutOff || !wasRunning) recognizer.abort();
      else
        await recognizer.stop().catch((error: unknown) => {
          this.link.send({ type: 'error', error: toAppError(error), fatal: false });
        });
    }
    await this.journaled;
    // Everything streamed is counted, whatever becomes of the job.
    this.billing?.count();
    let job: Job | undefined;
    const recording = this.recording;
    if (recording && recording.recordedMs === 0 && this.index === 0) {
      // Stopped before a single chunk arrived: nothing to keep.
      await recording.discard().catch(() => undefined);
      this.deps.removed(recording.job.id);
    } else if (recording) {
      try {
        job = await recording.finish({ cutOff });
      } catch (error) {
        const failure = toAppError(error);
        if (failure.code === 'live-disk-full') {
          // Everything is in memory: saved (cut off) once the disk has room.
          this.roles.saveLater(() => recording.finish({ cutOff }));
          this.toldDiskFull = false;
          this.warn(failure);
        } else this.link.send({ type: 'error', error: failure, fatal: true });
      }
    }
    this.finishOver(job);
  }

  private finishOver(job: Job | undefined): void {
    if (this.phase === 'over') return;
    this.job = job;
    if (this.call !== undefined) this.roles.calls()?.sessionEnded(this.call, job, this.fatal);
    this.link.send({ type: 'state', state: 'stopped', ...(job ? { jobId: job.id, job } : {}) });
    this.phase = 'over';
    this.link.close();
    this.resolveDone();
  }
}
