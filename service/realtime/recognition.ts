/**
 * One `s … e` of a realtime connection (service/realtime/session.ts drives it): the audio, queued
 * (service/realtime/audio-queue.ts) → decoder (any format the HTTP side takes, streamed) → the
 * per-utterance pipeline (service/realtime/utterances.ts) → the log (`/v1/` only).
 */
import { RESULT_MESSAGES } from '../../shared/api';
import { decodeStream } from '../audio/decode';
import type { Admission } from '../admission';
import type { ServiceContext } from '../context';
import { wordsInEffect } from '../dictionary/profile-store';
import { newSessionId, utteranceId } from '../http/ids';
import type { LiveLog } from '../logs/log-store';
import { textOf } from '../recognition/recognize';
import { AudioQueue } from './audio-queue';
import type { RealtimeLimits } from './limits';
import { Utterances } from './utterances';

/** An admitted `s` (service/admission.ts), with the audio's format and whether it is logged. */
export interface LiveAdmission extends Admission {
  readonly audioFormat: string;
  readonly logged: boolean;
}

export interface SessionHooks {
  send(text: string): void;
  /** The session holds as much audio as it may: stop reading the socket. */
  full(): void;
  drained(): void;
  /** The no-speech limit was reached. */
  noSpeech(): void;
  /** The audio cannot be decoded: answer `p <message>` and drop the session. */
  refused(message: string): void;
}

/** One `s … e`: the audio, its utterances and their results. */
export class RecognitionSession {
  readonly id = newSessionId();
  private readonly queue: AudioQueue;
  private readonly utterances: Utterances;
  private aborted = false;
  /** The decoder has ended (a stream's end, a WAV's data length, a refusal): no more audio. */
  private decoderEnded = false;
  private fedBytes = 0;
  private readonly log: Promise<LiveLog | undefined>;
  private readonly decoding: Promise<boolean>;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly admission: LiveAdmission,
    private readonly limits: RealtimeLimits,
    private readonly hooks: SessionHooks,
  ) {
    this.queue = new AudioQueue({
      highWaterBytes: limits.queueHighWaterBytes,
      onFull: () => hooks.full(),
      onDrained: () => hooks.drained(),
    });
    this.utterances = new Utterances({
      sessionId: this.id,
      engine: admission.engine,
      settings: admission.settings,
      words: wordsInEffect(ctx, admission.identity.accountId, admission.settings),
      updateMs: admission.settings.resultUpdatedInterval ?? limits.defaultUpdateIntervalMs,
      maxUtteranceMs: limits.utteranceMaxMs,
      send: (text) => this.send(text),
      aborted: () => this.aborted,
    });
    this.log = admission.logged
      ? ctx.logs.openLive(admission.identity.accountId, this.id).catch(() => undefined)
      : Promise.resolve(undefined);
    this.decoding = this.decode().catch(() => {
      // A bug in the pipeline ends this session only: its decoder goes back to the pool.
      this.aborted = true;
      this.queue.abort();
      this.utterances.abandon();
      return false;
    });
  }

  /** Inside an utterance: the no-data limit then says "while recognizing". */
  get recognizing(): boolean {
    return this.utterances.open;
  }

  /** False once the decoder has ended: later `p` packets are refused, never queued or logged. */
  get takesAudio(): boolean {
    return !this.decoderEnded;
  }

  feed(audio: Uint8Array): void {
    this.fedBytes += audio.length;
    this.queue.push(audio);
  }

  /**
   * The queue as the decoder takes it, each chunk appended to the log (`/v1/`) as it is taken,
   * one write at a time: the log holds what was decoded and at most the chunk the decoder's
   * end fell in, never what waited behind it.
   */
  private async *logged(): AsyncGenerator<Uint8Array> {
    const log = await this.log;
    if (!log) {
      yield* this.queue;
      return;
    }
    let writing: Promise<void> = Promise.resolve();
    try {
      for await (const chunk of this.queue) {
        await writing;
        writing = log.write(chunk);
        yield chunk;
      }
    } finally {
      await writing;
    }
  }

  /** `e`: decodes what is left, closes the last utterance. False if the audio was refused. */
  async end(): Promise<boolean> {
    this.queue.end();
    const ok = await this.decoding;
    await this.finishLog();
    return ok;
  }

  /** The client went away (or the session was refused): nothing more is sent. */
  async abort(): Promise<void> {
    this.aborted = true;
    this.queue.abort();
    this.utterances.abandon();
    await this.decoding;
    await this.finishLog();
  }

  private async finishLog(): Promise<void> {
    this.admission.release();
    const log = await this.log;
    if (!log) return;
    try {
      const { results } = this.utterances;
      if (results.length === 0 && this.aborted) return await log.discard();
      await log.finish({
        results,
        utteranceid: utteranceId(this.id),
        text: textOf(results),
        code: '',
        message: '',
      });
    } catch {
      // A log that cannot be written (a full disk) loses the log, never the service.
    }
  }

  private async decode(): Promise<boolean> {
    const decoded = await decodeStream(this.logged(), this.admission.audioFormat, async (pcm) => {
      await this.utterances.enter(pcm);
      if (this.utterances.silenceMs >= this.limits.noSpeechMs && !this.aborted) {
        this.aborted = true;
        this.hooks.noSpeech();
      }
    }).catch((error: unknown) => ({
      ok: false as const,
      error: { message: `${RESULT_MESSAGES['?']} (${(error as Error).message})` },
    }));
    // The audio has ended (a WAV's data chunk is shorter than the stream, say): what comes after
    // it is dropped, so the queue never fills and stops the socket with nobody reading it, and
    // later packets are refused.
    this.decoderEnded = true;
    this.queue.abort();
    if (!decoded.ok) {
      // No audio at all (`e` straight after `s`) is no error: there was nothing to recognise.
      if (!this.aborted && this.fedBytes > 0) {
        this.aborted = true;
        this.utterances.abandon();
        this.hooks.refused(decoded.error.message);
        return false;
      }
    }
    await this.utterances.enter('end');
    return true;
  }

  private send(text: string): void {
    if (!this.aborted) this.hooks.send(text);
  }
}
