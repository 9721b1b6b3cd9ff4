/**
 * A live utterance on one worker (see EngineStream): audio fed is sent to the worker when it has
 * caught up, feeding waits while the worker lags too far behind, and the utterance's words come
 * when it finishes.
 */
import type { EngineResult, EngineStream, StreamOptions } from '../engine';
import { SAMPLE_RATE, toResult, type Worker } from './worker';

/** A live utterance on one worker (see EngineStream). */
export class Stream implements EngineStream {
  private state: 'open' | 'finishing' | 'done' | 'abandoned' | 'dead' = 'open';
  private failure: Error | undefined;
  /** Audio fed but not yet sent: sent in one piece when the worker has caught up. */
  private queued: Int16Array[] = [];
  private queuedSamples = 0;
  private sentSamples = 0;
  private decodedSamples = 0;
  private inFlight = 0;
  private readonly lagWaiters: { resolve: () => void; reject: (error: Error) => void }[] = [];
  private readonly maxLagSamples: number;
  private finishing: Promise<EngineResult> | undefined;

  constructor(
    private readonly worker: Worker,
    options: StreamOptions,
    private readonly release: () => void,
  ) {
    this.maxLagSamples = Math.round(((options.maxLagMs ?? 500) * SAMPLE_RATE) / 1000);
  }

  private get lag(): number {
    return this.queuedSamples + this.sentSamples - this.decodedSamples;
  }

  private ended(): Error {
    return (
      this.failure ??
      new Error(`the stream is ${this.state === 'abandoned' ? 'abandoned' : 'finished'}`)
    );
  }

  feed(pcm: Int16Array): Promise<void> {
    if (this.state !== 'open') return Promise.reject(this.ended());
    if (pcm.length > 0) {
      this.queued.push(pcm.slice());
      this.queuedSamples += pcm.length;
      if (this.inFlight === 0) this.send();
    }
    if (this.lag <= this.maxLagSamples) return Promise.resolve();
    return new Promise((resolve, reject) => this.lagWaiters.push({ resolve, reject }));
  }

  /** Sends the queued audio as one feed; the next goes when its reply comes. */
  private send(): void {
    if (this.queuedSamples === 0) return;
    const pcm = new Int16Array(this.queuedSamples);
    let offset = 0;
    for (const chunk of this.queued) {
      pcm.set(chunk, offset);
      offset += chunk.length;
    }
    this.queued = [];
    this.queuedSamples = 0;
    this.sentSamples += pcm.length;
    this.inFlight++;
    this.worker.command(`feed {id} ${pcm.byteLength}`, pcm).then(
      (reply) => {
        this.inFlight--;
        if ('fed' in reply) this.decodedSamples = reply.fed;
        if (this.state === 'open' && this.inFlight === 0) this.send();
        this.wakeFeeders();
      },
      (error: Error) => this.die(error),
    );
  }

  private wakeFeeders(): void {
    if (this.lag > this.maxLagSamples && this.state === 'open') return;
    for (const waiter of this.lagWaiters.splice(0)) waiter.resolve();
  }

  async partial(): Promise<readonly string[]> {
    if (this.state !== 'open') throw this.ended();
    this.send();
    const reply = await this.worker.command('partial {id}');
    return 'hyp' in reply ? reply.hyp.split(' ').filter((word) => word !== '') : [];
  }

  finish(): Promise<EngineResult> {
    if (this.finishing) return this.finishing;
    if (this.state !== 'open') return Promise.reject(this.ended());
    this.state = 'finishing';
    this.send();
    this.finishing = this.worker.command('end {id}').then((reply) => {
      this.state = 'done';
      this.wakeFeeders();
      this.release();
      return toResult(reply);
    });
    return this.finishing;
  }

  abandon(): void {
    if (this.state !== 'open') return;
    this.state = 'abandoned';
    this.queued = [];
    this.queuedSamples = 0;
    this.wakeFeeders();
    this.worker.command('abandon {id}').then(
      () => this.release(),
      () => {}, // the worker died: the pool replaces it
    );
  }

  /** The worker is gone (it died, or the pool is closing): every wait ends with `error`. */
  die(error: Error): void {
    if (this.state === 'done' || this.state === 'dead') return;
    if (this.state !== 'abandoned') {
      this.state = 'dead';
      this.failure = error;
    }
    for (const waiter of this.lagWaiters.splice(0)) waiter.reject(error);
  }
}
