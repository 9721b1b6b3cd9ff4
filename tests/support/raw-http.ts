/**
 * HTTP at the byte level, for tests that must send what no HTTP library would (broken bodies,
 * stalls, odd chunking) and check every byte that comes back.
 */
import { connect } from 'node:net';
import { request } from 'node:http';

export type Step = Buffer | { readonly pauseMs: number };

export interface RawExchange {
  /** Every byte the server sent. */
  readonly received: Buffer;
  /** The server closed (or reset) the connection before the time bound. */
  readonly closedByServer: boolean;
  readonly timedOut: boolean;
  /** Milliseconds from connecting to the close (or the time bound). */
  readonly elapsedMs: number;
  /** The client socket's error that ended the exchange (ECONNRESET, EPIPE, …), if one did. */
  readonly error?: string;
}

/**
 * Sends the steps over one TCP connection (a pause waits, so slow senders can be played), then
 * waits for the server to close. With `halfClose` the client ends its side after the last step,
 * like a sender that gave up. Never rejects: write errors are part of what is observed.
 */
export function exchange(
  port: number,
  steps: readonly Step[],
  { halfClose = false, timeoutMs = 10_000 }: { halfClose?: boolean; timeoutMs?: number } = {},
): Promise<RawExchange> {
  return new Promise((resolve) => {
    const started = Date.now();
    const chunks: Buffer[] = [];
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    let done = false;
    const finish = (closedByServer: boolean, timedOut: boolean, error?: string) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({
        received: Buffer.concat(chunks),
        closedByServer,
        timedOut,
        elapsedMs: Date.now() - started,
        ...(error === undefined ? {} : { error }),
      });
    };
    const timer = setTimeout(() => finish(false, true), timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => finish(true, false));
    socket.on('close', () => finish(true, false));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      finish(true, false, error.code ?? error.message),
    );
    const send = async () => {
      for (const step of steps) {
        if (done || socket.destroyed) return;
        if (Buffer.isBuffer(step)) {
          if (step.length > 0) socket.write(step);
        } else await new Promise((r) => setTimeout(r, step.pauseMs));
      }
      if (halfClose && !socket.destroyed) socket.end();
    };
    // Nothing in send() rejects: its awaits are timers.
    socket.once('connect', () => void send());
  });
}

export interface ParsedResponse {
  readonly status: number;
  readonly headers: Map<string, string>;
  readonly body: Buffer;
}

/**
 * Parses bytes as a sequence of complete HTTP/1.1 responses, strictly: a status line, headers,
 * a body framed by Content-Length or chunked encoding. Throws with the reason on anything else
 * (a truncated or malformed response is a finding).
 */
export function parseResponses(bytes: Buffer): ParsedResponse[] {
  const out: ParsedResponse[] = [];
  let at = 0;
  while (at < bytes.length) {
    const headEnd = bytes.indexOf('\r\n\r\n', at);
    if (headEnd < 0) throw new Error(`a response head without its end: ${show(bytes, at)}`);
    const lines = bytes.subarray(at, headEnd).toString('latin1').split('\r\n');
    const statusLine = /^HTTP\/1\.[01] (\d{3}) [^\r\n]*$/.exec(lines[0] ?? '');
    if (!statusLine) throw new Error(`a malformed status line: ${JSON.stringify(lines[0])}`);
    const headers = new Map<string, string>();
    for (const line of lines.slice(1)) {
      const header = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(.*?)[ \t]*$/.exec(line);
      if (!header) throw new Error(`a malformed header line: ${JSON.stringify(line)}`);
      headers.set(header[1]!.toLowerCase(), header[2]!);
    }
    at = headEnd + 4;
    let body: Buffer;
    if (headers.get('transfer-encoding')?.toLowerCase() === 'chunked') {
      const parts: Buffer[] = [];
      for (;;) {
        const sizeEnd = bytes.indexOf('\r\n', at);
        if (sizeEnd < 0) throw new Error('a chunked body cut off in a chunk size');
        const size = parseInt(bytes.subarray(at, sizeEnd).toString('latin1'), 16);
        if (!Number.isInteger(size)) throw new Error('a malformed chunk size');
        at = sizeEnd + 2;
        if (size === 0) {
          if (bytes.subarray(at, at + 2).toString() !== '\r\n')
            throw new Error('a chunked body without its final CRLF');
          at += 2;
          break;
        }
        if (at + size + 2 > bytes.length) throw new Error('a chunked body cut off in a chunk');
        parts.push(bytes.subarray(at, at + size));
        at += size + 2;
      }
      body = Buffer.concat(parts);
    } else {
      const length = Number(headers.get('content-length') ?? 'NaN');
      if (!Number.isInteger(length) || length < 0)
        throw new Error(`a response without a valid Content-Length: ${lines[0]}`);
      if (at + length > bytes.length)
        throw new Error(`a body of ${bytes.length - at} bytes where ${length} were announced`);
      body = bytes.subarray(at, at + length);
      at += length;
    }
    out.push({ status: Number(statusLine[1]), headers, body });
  }
  return out;
}

function show(bytes: Buffer, from: number): string {
  return JSON.stringify(bytes.subarray(from, from + 200).toString('latin1'));
}

/** Whether the service answers a plain request (its engine list) with 200. */
export function answersHealth(port: number, timeoutMs = 30_000): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/v1/engines', timeout: timeoutMs, agent: false },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode === 200));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end();
  });
}

/** A memory figure of a process from /proc/<pid>/status, in MiB (Linux). */
async function statusMiB(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
}

/** The resident memory of a process in MiB (Linux). */
export const rssMiB = (pid: number) => statusMiB(pid, 'VmRSS');

/** The peak resident memory (high-water mark) of a process in MiB (Linux). */
export const peakRssMiB = (pid: number) => statusMiB(pid, 'VmHWM');

/** The peak resident memory of a process in MiB, or undefined once it has exited (no /proc entry). */
export const peakRssIfLiveMiB = (pid: number): Promise<number | undefined> =>
  statusMiB(pid, 'VmHWM').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ESRCH') return undefined;
    throw error;
  });

/**
 * The peak resident memory of every process `pids()` names at each `sample()`, kept per process:
 * one that exits (a decoder the pool retires) keeps the last peak read while it lived, and one
 * that starts later is counted from its first sample.
 */
export function peakRssTracker(pids: () => Promise<number[]>): {
  sample(): Promise<void>;
  readonly peaks: ReadonlyMap<number, number>;
} {
  const peaks = new Map<number, number>();
  return {
    peaks,
    async sample() {
      for (const pid of await pids()) {
        const peak = await peakRssIfLiveMiB(pid);
        if (peak !== undefined) peaks.set(pid, Math.max(peak, peaks.get(pid) ?? 0));
      }
    },
  };
}
