/**
 * A pool of warm PocketSphinx workers: each is a process that loaded the model once and decodes
 * one utterance at a time, whole (a batch request) or live (a stream). Waiters queue for a free
 * worker under the policy of pool-plan.ts; a worker that dies fails only its own request or
 * stream and is replaced. A worker process is worker.ts, a live utterance on one
 * worker-stream.ts.
 */
import { type EngineResult, type EngineStream, type StreamOptions } from '../engine';
import { MODEL } from './build-worker';
import { planDispatch, type WaiterKind, workersToRetire } from './pool-plan';
import { SAMPLE_RATE, shuttingDown, toResult, Worker } from './worker';
import { Stream } from './worker-stream';

export { toEngineWord } from './worker';

interface Job {
  readonly pcm: Int16Array;
  /** Decoding is idempotent: a job whose worker died is tried once more on another. */
  attempts: number;
  readonly resolve: (result: EngineResult) => void;
  readonly reject: (error: Error) => void;
}

interface StreamOpen {
  readonly options: StreamOptions;
  /** An open whose worker died before the utterance began is tried once more. */
  attempts: number;
  readonly resolve: (stream: EngineStream) => void;
  readonly reject: (error: Error) => void;
}

type Waiter = { kind: 'batch'; job: Job } | { kind: 'stream'; open: StreamOpen };

type Role =
  | { kind: 'loading' }
  | { kind: 'idle'; since: number }
  | { kind: 'batch'; job: Job }
  | { kind: 'opening'; open: StreamOpen }
  | { kind: 'stream'; stream: Stream }
  | { kind: 'retiring' };

interface Slot {
  readonly worker: Worker;
  role: Role;
}

export interface PoolOptions {
  /** Most workers at once (batch ones never exceed `size`); default 16, at least `size`. */
  readonly maxDecoders?: number;
  /**
   * Workers kept loaded at all times (default 1, at most `size`): the others start when work
   * needs them (a second file at once, a live stream) and exit after `idleMs` idle. Each holds
   * the model (~130 MB), so an idle service on 8 cores no longer keeps 8 of them.
   */
  readonly warm?: number;
  /** How long a worker beyond `warm` may stay idle before it exits; default 60 s. */
  readonly idleMs?: number;
  /** The pronunciation dictionary the workers load (build-worker.ts decodingDictionary); default the model's. */
  readonly dictionary?: string;
}

export interface PoolStats {
  readonly workers: readonly { pid: number | undefined; role: Role['kind']; loadMs?: number }[];
  readonly queued: number;
}

export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Waiter[] = [];
  private readonly streams = new Set<Stream>();
  private closed = false;
  private restarts = 0;
  private spawnBlockedUntil = 0;
  private spawnTimer: NodeJS.Timeout | undefined;
  private retireTimer: NodeJS.Timeout | undefined;
  readonly maxDecoders: number;
  /** Workers kept loaded while nothing runs (PoolOptions.warm). */
  readonly warm: number;
  private readonly idleMs: number;
  private readonly dictionary: string;

  private constructor(
    private readonly binary: string,
    readonly size: number,
    options: PoolOptions,
  ) {
    this.maxDecoders = Math.max(size, options.maxDecoders ?? 16);
    this.warm = Math.min(size, Math.max(1, options.warm ?? 1));
    this.idleMs = options.idleMs ?? 60_000;
    this.dictionary = options.dictionary ?? MODEL.dict;
  }

  /**
   * Starts the warm workers and waits until each has loaded the model (so a broken engine is
   * known at once); up to `size` batch requests run at once, on workers started as they need them.
   */
  static async start(binary: string, size: number, options: PoolOptions = {}): Promise<WorkerPool> {
    const pool = new WorkerPool(binary, size, options);
    const slots = Array.from({ length: pool.warm }, () => pool.spawnWorker());
    try {
      await Promise.all(slots.map((slot) => slot.worker.ready));
    } catch (error) {
      await pool.close();
      throw error;
    }
    return pool;
  }

  private spawnWorker(): Slot {
    const slot: Slot = { worker: undefined as unknown as Worker, role: { kind: 'loading' } };
    const worker = new Worker(this.binary, this.dictionary, (_, error) => this.lost(slot, error));
    Object.assign(slot, { worker });
    this.slots.push(slot);
    void worker.ready.then(
      () => {
        if (slot.role.kind !== 'loading') return;
        this.restarts = 0;
        slot.role = { kind: 'idle', since: Date.now() };
        this.dispatch();
      },
      () => {},
    );
    return slot;
  }

  /** A worker exited: its request is tried again or failed, its stream ends, and it is replaced. */
  private lost(slot: Slot, error: Error): void {
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    const role = slot.role;
    slot.role = { kind: 'retiring' };
    if (role.kind === 'batch') {
      if (role.job.attempts < 2 && !this.closed) {
        role.job.attempts++;
        this.queue.unshift({ kind: 'batch', job: role.job });
      } else role.job.reject(error);
    } else if (role.kind === 'opening') {
      if (role.open.attempts < 2 && !this.closed) {
        role.open.attempts++;
        this.queue.unshift({ kind: 'stream', open: role.open });
      } else role.open.reject(error);
    } else if (role.kind === 'stream') {
      this.streams.delete(role.stream);
      role.stream.die(error);
    }
    if (this.closed || role.kind === 'retiring') return this.dispatch();
    // Back off if workers keep dying, so a broken model does not spin the CPU.
    const delay = Math.min(5_000, 100 * 2 ** Math.min(this.restarts++, 6));
    this.spawnBlockedUntil = Date.now() + delay;
    this.dispatch();
  }

  recognize(pcm: Int16Array): Promise<EngineResult> {
    if (this.closed) return Promise.reject(shuttingDown());
    return new Promise((resolve, reject) => {
      this.queue.push({ kind: 'batch', job: { pcm, attempts: 1, resolve, reject } });
      this.dispatch();
    });
  }

  openStream(options: StreamOptions = {}): Promise<EngineStream> {
    if (this.closed) return Promise.reject(shuttingDown());
    return new Promise((resolve, reject) => {
      this.queue.push({ kind: 'stream', open: { options, attempts: 1, resolve, reject } });
      this.dispatch();
    });
  }

  private count(kind: Role['kind']): number {
    return this.slots.filter((slot) => slot.role.kind === kind).length;
  }

  /** Workers that are not on their way out. */
  private live(): number {
    return this.slots.length - this.count('retiring');
  }

  private dispatch(): void {
    if (this.closed) return;
    const idle = this.slots.filter((slot) => slot.role.kind === 'idle');
    const plan = planDispatch({
      queue: this.queue.map((waiter): WaiterKind => waiter.kind),
      idle: idle.length,
      loading: this.count('loading'),
      total: this.live(),
      batchRunning: this.count('batch'),
      streamsOpen: this.count('opening') + this.count('stream'),
      size: this.size,
      warm: this.warm,
      maxDecoders: this.maxDecoders,
    });
    const served = plan.serve.map((position) => this.queue[position]!);
    for (const waiter of served) this.queue.splice(this.queue.indexOf(waiter), 1);
    served.forEach((waiter, i) => this.assign(idle[i]!, waiter));
    if (plan.spawn > 0) {
      const wait = this.spawnBlockedUntil - Date.now();
      if (wait <= 0) for (let i = 0; i < plan.spawn; i++) this.spawnWorker();
      else
        this.spawnTimer ??= setTimeout(() => {
          this.spawnTimer = undefined;
          this.spawnBlockedUntil = 0;
          this.dispatch();
        }, wait).unref();
    }
    this.scheduleRetirement();
  }

  private assign(slot: Slot, waiter: Waiter): void {
    const { worker } = slot;
    if (waiter.kind === 'batch') {
      const { job } = waiter;
      slot.role = { kind: 'batch', job };
      worker.command(`{id} ${job.pcm.byteLength}`, job.pcm).then(
        (reply) => {
          slot.role = { kind: 'idle', since: Date.now() };
          try {
            job.resolve(toResult(reply));
          } catch (error) {
            job.reject(error as Error);
          }
          this.dispatch();
        },
        () => {}, // the worker died: lost() retries or fails the job
      );
      return;
    }
    const { open } = waiter;
    slot.role = { kind: 'opening', open };
    const prime = Math.round(((open.options.primeMs ?? 2000) * SAMPLE_RATE) / 1000);
    worker.command(`begin {id} ${prime}`).then(
      () => {
        if (this.closed) return open.reject(shuttingDown());
        const stream: Stream = new Stream(worker, open.options, () => {
          this.streams.delete(stream);
          if (slot.role.kind !== 'stream') return;
          slot.role = { kind: 'idle', since: Date.now() };
          this.dispatch();
        });
        slot.role = { kind: 'stream', stream };
        this.streams.add(stream);
        open.resolve(stream);
      },
      () => {}, // the worker died: lost() opens again or fails
    );
  }

  private scheduleRetirement(): void {
    if (this.retireTimer || this.live() <= this.warm) return;
    const idleSince = this.slots.flatMap((slot) =>
      slot.role.kind === 'idle' ? [slot.role.since] : [],
    );
    if (idleSince.length === 0) return;
    const due = Math.max(0, Math.min(...idleSince) + this.idleMs - Date.now());
    this.retireTimer = setTimeout(() => {
      this.retireTimer = undefined;
      this.retireIdle();
    }, due + 10).unref();
  }

  private retireIdle(): void {
    if (this.closed) return;
    const idle = this.slots
      .filter(
        (slot): slot is Slot & { role: { kind: 'idle'; since: number } } =>
          slot.role.kind === 'idle',
      )
      .sort((a, b) => a.role.since - b.role.since);
    const retire = workersToRetire({
      idleSince: idle.map((slot) => slot.role.since),
      now: Date.now(),
      total: this.live(),
      warm: this.warm,
      streamsOpen: this.streams.size,
      idleMs: this.idleMs,
    });
    for (const slot of idle.slice(0, retire) as Slot[]) {
      slot.role = { kind: 'retiring' };
      slot.worker.stop();
    }
    this.scheduleRetirement();
  }

  /** What each worker is doing, for tests and the benchmark. */
  stats(): PoolStats {
    return {
      workers: this.slots.map((slot) => ({
        pid: slot.worker.process.pid,
        role: slot.role.kind,
        ...(slot.worker.loadMs === undefined ? {} : { loadMs: slot.worker.loadMs }),
      })),
      queued: this.queue.length,
    };
  }

  /** Pids of the workers, for tests that kill one. */
  pids(): number[] {
    return this.slots.flatMap((slot) =>
      slot.worker.process.pid === undefined ? [] : [slot.worker.process.pid],
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.spawnTimer);
    clearTimeout(this.retireTimer);
    for (const waiter of this.queue.splice(0))
      (waiter.kind === 'batch' ? waiter.job : waiter.open).reject(shuttingDown());
    for (const stream of this.streams) stream.die(shuttingDown());
    this.streams.clear();
    await Promise.all(
      this.slots.map(
        ({ worker }) =>
          new Promise<void>((resolve) => {
            if (worker.exited) return resolve();
            worker.process.once('exit', () => resolve());
            worker.stop();
            setTimeout(() => worker.process.kill('SIGKILL'), 2_000).unref();
          }),
      ),
    );
  }
}
