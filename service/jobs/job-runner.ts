/**
 * Runs async jobs one after another: queued → started → processing → completed | error. Audio
 * streams from its file through the decoder into a 16 kHz PCM file beside it while frame
 * energies are measured; the PCM is then split at silences and the pieces are read back from
 * disk as they are decoded: v2 spreads them over every worker, v1 decodes them serially. Memory
 * stays flat however long the recording. A job cancelled (its DELETE, docs/api.md §4) leaves the
 * queue, or, running, takes no further piece.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { open, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { LIMITS, parseSettings, type Segment, type Utterance } from '../../shared/api';
import { decodeStream } from '../audio/decode';
import type { ServiceContext } from '../context';
import { wordsInEffect } from '../dictionary/profile-store';
import { EngineUnavailableError } from '../engine/engine';
import { utteranceId } from '../http/ids';
import { EnergyMeter, spansFromEnergies } from '../recognition/segment';
import { RecognitionAborted, recognizeSpans, textOf } from '../recognition/recognize';
import type { JobRow, JobStore } from './job-store';

export class JobRunner {
  private readonly queue: string[] = [];
  private running: Promise<void> | undefined;
  /** The job being run, and how to stop it. */
  private current: { sessionId: string; controller: AbortController } | undefined;
  private stopped = false;
  /** Resolves each time a job finishes: lets tests and shutdown wait. */
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly ctx: ServiceContext,
    private readonly jobs: JobStore,
    readonly jobsDir: string,
    private readonly workers: number,
    /** Longest audio of a job; longer fails while decoding, before it fills the disk. */
    private readonly maxAudioSeconds: number = LIMITS.asyncAudioSeconds,
  ) {}

  /** Queues every unfinished job (after a crash, the ones in flight too) and removes orphan files. */
  async resume(): Promise<number> {
    const known = this.jobs.audioPaths();
    for (const name of await readdir(this.jobsDir).catch(() => [] as string[])) {
      const path = join(this.jobsDir, name);
      // Uploads cut off before their job was recorded, and PCM scratch files of interrupted runs.
      if (!known.has(path)) await rm(path, { force: true });
    }
    const unfinished = this.jobs.unfinished();
    for (const job of unfinished) this.enqueue(job.session_id);
    return unfinished.length;
  }

  enqueue(sessionId: string): void {
    this.queue.push(sessionId);
    this.running ??= this.drain();
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0 && !this.stopped) {
      const sessionId = this.queue.shift()!;
      const job = this.jobs.get(sessionId);
      if (job && job.status !== 'completed' && job.status !== 'error') await this.run(job);
    }
    this.running = undefined;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  /** Waits until no job is running (for shutdown and tests). */
  idle(): Promise<void> {
    return this.running
      ? new Promise((resolve) => this.idleWaiters.push(resolve))
      : Promise.resolve();
  }

  stop(): void {
    this.stopped = true;
  }

  /**
   * Stops a job: out of the queue, or, running, no piece more decoded (those on a decoder finish,
   * their words dropped). Its row and audio are the caller's to delete.
   */
  cancel(sessionId: string): void {
    for (let at = this.queue.indexOf(sessionId); at >= 0; at = this.queue.indexOf(sessionId))
      this.queue.splice(at, 1);
    if (this.current?.sessionId === sessionId) this.current.controller.abort();
  }

  private async run(job: JobRow): Promise<void> {
    const pcmPath = join(this.jobsDir, `${job.session_id}.pcm`);
    const audioPath = job.audio_path;
    const optOut = job.logging_opt_out === 1;
    // With loggingOptOut the audio goes as soon as decoding ends, whatever the outcome. The job's
    // end is written first (without its audio), then the file goes: a crash between the two
    // leaves a file no job names, which the next start's sweep removes (`resume`), where the
    // other order left an unfinished job without audio, failed at its resumption.
    const keptAudio = optOut ? null : audioPath;
    const dropAudio = async () => {
      if (optOut && audioPath) await rm(audioPath, { force: true });
    };
    const controller = new AbortController();
    const { signal } = controller;
    this.current = { sessionId: job.session_id, controller };
    try {
      this.jobs.setStatus(job.session_id, 'started');
      const settings = parseSettings(job.d);
      if (!settings.ok) throw new JobError(settings.error);
      const slot = this.ctx.engines.get(settings.data.engine);
      if (!slot || slot.state !== 'ready')
        throw new JobError(slot ? slot.message : `unknown engine ${settings.data.engine}`);
      if (!audioPath) throw new JobError('the audio of this job is gone');

      const meter = new EnergyMeter(160);
      const out = createWriteStream(pcmPath, { mode: 0o600 });
      const decoded = await decodeStream(
        createReadStream(audioPath),
        job.c ?? undefined,
        async (pcm) => {
          meter.push(pcm);
          if (!out.write(Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength))) {
            await new Promise<void>((resolve) => out.once('drain', () => resolve()));
          }
        },
        { maxSeconds: this.maxAudioSeconds },
      );
      out.end();
      await finished(out);
      if (!decoded.ok) throw new JobError(decoded.error.message);
      if (signal.aborted) throw new RecognitionAborted();

      this.jobs.setStatus(job.session_id, 'processing');
      const spans = spansFromEnergies(meter.energies(), meter.samples);
      const file = await open(pcmPath, 'r');
      let perSpan: Array<Utterance | undefined>;
      try {
        const read = async (span: { start: number; end: number }) => {
          const buffer = Buffer.alloc((span.end - span.start) * 2);
          await file.read(buffer, 0, buffer.length, span.start * 2);
          return new Int16Array(buffer.buffer, buffer.byteOffset, buffer.length / 2);
        };
        ({ perSpan } = await recognizeSpans(slot.engine, spans, read, {
          keepFillerToken: settings.data.keepFillerToken,
          words: wordsInEffect(this.ctx, job.account_id, settings.data),
          parallel: job.api_version === 2,
          concurrency: job.api_version === 2 ? this.workers * 2 : 1,
          signal,
        }));
      } finally {
        await file.close();
      }
      const utterances = perSpan.filter((u): u is Utterance => u !== undefined);
      const segments: Segment[] = utterances.map((u) => ({ results: [u], text: u.text }));
      const result = {
        ...(settings.data.compatibleWithSync ? { results: utterances } : { segments }),
        utteranceid: utteranceId(job.session_id),
        text: textOf(utterances),
        code: '',
        message: '',
      };
      if (!optOut)
        await this.ctx.logs.record({
          accountId: job.account_id,
          kind: 'async',
          sessionId: job.session_id,
          audio: { path: audioPath },
          result,
        });
      this.jobs.complete(job.session_id, result, keptAudio);
      await dropAudio();
    } catch (error) {
      // Stopping (SIGTERM) is not the job's failure: it stays unfinished and resumes at the next
      // start. A cancelled job is gone: nothing is written of it.
      if (this.stopped || signal.aborted) return;
      const message =
        error instanceof JobError
          ? error.message
          : error instanceof EngineUnavailableError
            ? `the recognizer is unavailable: ${error.message}`
            : `unexpected failure: ${(error as Error).message}`;
      this.jobs.fail(job.session_id, `ERROR: ${message}`, keptAudio);
      await dropAudio();
    } finally {
      this.current = undefined;
      await rm(pcmPath, { force: true });
    }
  }
}

class JobError extends Error {}
