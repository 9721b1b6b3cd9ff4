/**
 * One PocketSphinx worker process, as the pool (worker-pool.ts) drives it: commands go down its
 * stdin as lines, and each gets one reply line, in order; its words read as the engine's.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { type EngineResult, type EngineWord, EngineUnavailableError } from '../engine';
import { MODEL } from './build-worker';

export const SAMPLE_RATE = 16_000;

export interface RawToken {
  w: string;
  s: number;
  e: number;
  p: number;
}
export type Reply =
  | { id: string; decodeMs: number; tokens: RawToken[] }
  | { id: string; begun: true }
  | { id: string; fed: number }
  | { id: string; hyp: string }
  | { id: string; abandoned: true };
type WorkerMessage = { ready: true; loadMs: number } | { error: string } | Reply;

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

export function toResult(reply: Reply): EngineResult {
  if (!('tokens' in reply))
    throw new Error(`the recognizer answered out of turn: ${JSON.stringify(reply)}`);
  return { words: reply.tokens.map(toEngineWord), decodeMs: reply.decodeMs };
}

export const shuttingDown = () => new EngineUnavailableError('the recognizer is shutting down');

/** One worker process: commands go down stdin, and each gets one reply line, in order. */
export class Worker {
  readonly process: ChildProcessWithoutNullStreams;
  readonly ready: Promise<void>;
  loadMs: number | undefined;
  exited = false;
  private readonly pending: {
    id: string;
    resolve: (reply: Reply) => void;
    reject: (error: Error) => void;
  }[] = [];
  private nextId = 0;

  constructor(binary: string, dictionary: string, onExit: (worker: Worker, error: Error) => void) {
    this.process = spawn(binary, [MODEL.hmm, MODEL.lm, dictionary], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    this.process.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    let fatal = '';
    const lines = createInterface({ input: this.process.stdout });
    this.ready = new Promise((resolve, reject) => {
      lines.on('line', (line) => {
        const message = JSON.parse(line) as WorkerMessage;
        if ('ready' in message) {
          this.loadMs = message.loadMs;
          return resolve();
        }
        if ('error' in message) {
          fatal = message.error;
          return reject(new EngineUnavailableError(message.error));
        }
        const waiter = this.pending.shift();
        if (waiter?.id === message.id) waiter.resolve(message);
        else waiter?.reject(new Error(`the recognizer answered ${message.id} to ${waiter.id}`));
      });
      this.process.on('exit', (code, signal) => {
        this.exited = true;
        const detail = fatal || stderr.trim();
        const reason = `the recognizer process exited (${signal ?? `code ${code}`})${detail ? `: ${detail}` : ''}`;
        const error = new EngineUnavailableError(reason);
        reject(error);
        for (const waiter of this.pending.splice(0)) waiter.reject(error);
        onExit(this, error);
      });
      this.process.on('error', (error) => reject(new EngineUnavailableError(error.message)));
    });
    // Writing to a worker that just died must not crash the service.
    this.process.stdin.on('error', () => {});
  }

  /** Sends one command (`{id}` in the header stands for its id) and resolves with its reply. */
  command(header: string, pcm?: Int16Array): Promise<Reply> {
    if (this.exited)
      return Promise.reject(new EngineUnavailableError('the recognizer process exited'));
    const id = String(this.nextId++);
    return new Promise((resolve, reject) => {
      this.pending.push({ id, resolve, reject });
      this.process.stdin.write(`${header.replace('{id}', id)}\n`);
      if (pcm && pcm.length > 0)
        this.process.stdin.write(Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength));
    });
  }

  stop(): void {
    this.process.stdin.end();
  }
}
