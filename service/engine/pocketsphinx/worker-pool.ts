/**
 * A pool of warm PocketSphinx workers: each is a process that loaded the model once and decodes
 * one utterance at a time. Requests queue for the next free worker; a worker that dies fails
 * only its own request and is replaced.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { type EngineResult, type EngineWord, EngineUnavailableError } from '../engine';
import { MODEL } from './build-worker';

interface RawToken {
  w: string;
  s: number;
  e: number;
  p: number;
}
type WorkerMessage =
  | { ready: true; loadMs: number }
  | { error: string }
  | { id: string; decodeMs: number; tokens: RawToken[] };

interface Job {
  readonly pcm: Int16Array;
  /** Decoding is idempotent: a job whose worker died is tried once more on another. */
  attempts: number;
  readonly resolve: (result: EngineResult) => void;
  readonly reject: (error: Error) => void;
}

const SILENCES = new Set(['<s>', '</s>', '<sil>']);

/** PocketSphinx spells alternate pronunciations `word(2)`; fillers are `[NOISE]`-style. */
export function toEngineWord(token: RawToken): EngineWord {
  const word = token.w.replace(/\(\d+\)$/, '');
  return {
    word,
    startMs: token.s,
    endMs: token.e,
    confidence: Math.min(1, Math.max(0, token.p)),
    silence: SILENCES.has(word),
    filler: /^\[.*\]$|^\+\+.*\+\+$/.test(word),
  };
}

class Worker {
  readonly process: ChildProcessWithoutNullStreams;
  readonly ready: Promise<void>;
  private current: (Job & { id: string }) | undefined;
  private nextId = 0;
  exited = false;

  constructor(
    binary: string,
    onExit: (worker: Worker, reason: string) => void,
    private readonly onLost: (job: Job, error: Error) => void,
  ) {
    this.process = spawn(binary, [MODEL.hmm, MODEL.lm, MODEL.dict], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    this.process.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    const lines = createInterface({ input: this.process.stdout });
    this.ready = new Promise((resolve, reject) => {
      lines.on('line', (line) => {
        const message = JSON.parse(line) as WorkerMessage;
        if ('ready' in message) return resolve();
        if ('error' in message) {
          reject(new EngineUnavailableError(message.error));
          return this.fail(new Error(`the recognizer failed: ${message.error}`));
        }
        const job = this.current;
        if (!job || job.id !== message.id) return;
        this.current = undefined;
        job.resolve({ words: message.tokens.map(toEngineWord), decodeMs: message.decodeMs });
      });
      this.process.on('exit', (code, signal) => {
        this.exited = true;
        const reason = `the recognizer process exited (${signal ?? `code ${code}`})${stderr ? `: ${stderr.trim()}` : ''}`;
        reject(new EngineUnavailableError(reason));
        this.fail(new Error(reason));
        onExit(this, reason);
      });
      this.process.on('error', (error) => reject(new EngineUnavailableError(error.message)));
    });
    // Writing to a worker that just died must not crash the service.
    this.process.stdin.on('error', () => {});
  }

  get busy(): boolean {
    return this.current !== undefined;
  }

  run(job: Job): void {
    const id = String(this.nextId++);
    this.current = Object.assign(job, { id });
    const bytes = Buffer.from(job.pcm.buffer, job.pcm.byteOffset, job.pcm.byteLength);
    this.process.stdin.write(`${id} ${bytes.length}\n`);
    this.process.stdin.write(bytes);
  }

  private fail(error: Error): void {
    const job = this.current;
    this.current = undefined;
    if (job) this.onLost(job, error);
  }

  stop(): void {
    this.process.stdin.end();
  }
}

export class WorkerPool {
  private readonly workers: Worker[] = [];
  private readonly queue: Job[] = [];
  private closed = false;
  private restarts = 0;

  private constructor(
    private readonly binary: string,
    readonly size: number,
  ) {}

  /** Starts `size` workers and waits until every one has loaded the model. */
  static async start(binary: string, size: number): Promise<WorkerPool> {
    const pool = new WorkerPool(binary, size);
    for (let i = 0; i < size; i++) pool.workers.push(pool.spawnWorker());
    try {
      await Promise.all(pool.workers.map((worker) => worker.ready));
    } catch (error) {
      await pool.close();
      throw error;
    }
    return pool;
  }

  private spawnWorker(): Worker {
    const worker = new Worker(
      this.binary,
      (dead) => this.replace(dead),
      (job, error) => {
        if (job.attempts < 2 && !this.closed) {
          job.attempts++;
          this.queue.unshift(job);
          this.dispatch();
        } else {
          job.reject(error);
        }
      },
    );
    void worker.ready.then(
      () => this.dispatch(),
      () => {},
    );
    return worker;
  }

  private replace(dead: Worker): void {
    const index = this.workers.indexOf(dead);
    if (index >= 0) this.workers.splice(index, 1);
    if (this.closed) return;
    // Back off if workers keep dying, so a broken model does not spin the CPU.
    const delay = Math.min(5_000, 100 * 2 ** Math.min(this.restarts++, 6));
    setTimeout(() => {
      if (!this.closed) this.workers.push(this.spawnWorker());
    }, delay).unref();
  }

  recognize(pcm: Int16Array): Promise<EngineResult> {
    if (this.closed)
      return Promise.reject(new EngineUnavailableError('the recognizer is shutting down'));
    return new Promise((resolve, reject) => {
      // When a job settles its worker is free again: hand it the next one.
      this.queue.push({
        pcm,
        attempts: 1,
        resolve: (result) => {
          resolve(result);
          this.dispatch();
        },
        reject: (error) => {
          reject(error);
          this.dispatch();
        },
      });
      this.dispatch();
    });
  }

  private dispatch(): void {
    for (const worker of this.workers) {
      if (this.queue.length === 0) return;
      if (worker.busy || worker.exited) continue;
      // Only dispatch to workers whose model is loaded.
      void worker.ready.then(() => {
        if (!worker.busy && !worker.exited) {
          const job = this.queue.shift();
          if (job) worker.run(job);
        }
      });
    }
  }

  /** Pids of the workers, for tests that kill one. */
  pids(): number[] {
    return this.workers.flatMap((worker) =>
      worker.process.pid === undefined ? [] : [worker.process.pid],
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0))
      job.reject(new EngineUnavailableError('the recognizer is shutting down'));
    await Promise.all(
      this.workers.map(
        (worker) =>
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
