/** Runs the real local service as its own process on a free port, for integration tests. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export interface RunningService {
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  readonly process: ChildProcess;
  /** Every JSON line the service printed. */
  readonly events: Array<Record<string, unknown>>;
  /** The first key (from account-created, or the one given). */
  readonly key: string;
  readonly sid: string;
  readonly spw: string;
  readonly stderr: () => string;
  /** SIGTERM and wait; resolves to the exit code. */
  stop(): Promise<number | null>;
  kill(): Promise<void>;
}

/** The service's entry point, run with `node` from the repository root. */
export const SERVICE_ENTRY = 'service/bin.mjs';

/** Every process the test helpers started: killed when the test process exits, even after a failed assertion. */
const started = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
});

/**
 * Tracks a child for the exit sweep and gives it `stop` (SIGTERM, resolves to the exit code)
 * and `kill` (SIGKILL), both waiting for the exit.
 */
export function supervise(child: ChildProcess) {
  started.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      started.delete(child);
      resolve(code);
    }),
  );
  return {
    exited,
    async stop(): Promise<number | null> {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      return exited;
    },
    async kill(): Promise<void> {
      if (child.exitCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}

export async function tempDir(prefix = 'kikitori-service-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

/**
 * Starts the service with these arguments as its own process, tracked for the exit sweep.
 * `printed(text)` resolves once its stdout has contained `text`.
 */
export function spawnService(
  args: readonly string[],
  options: { stdin?: 'pipe' | 'ignore'; env?: Record<string, string> } = {},
) {
  const child = spawn(process.execPath, [SERVICE_ENTRY, ...args], {
    cwd: process.cwd(),
    env: { ...process.env, ...options.env },
    stdio: [options.stdin ?? 'ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const waiters: Array<{ text: string; resolve: () => void }> = [];
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    for (const waiter of waiters.filter((w) => stdout.includes(w.text))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return {
    child,
    ...supervise(child),
    stderr: () => stderr,
    printed: (text: string) =>
      new Promise<void>((resolve) =>
        stdout.includes(text) ? resolve() : waiters.push({ text, resolve }),
      ),
  };
}

export async function startService(
  options: { dataDir?: string; args?: string[]; env?: Record<string, string>; key?: string } = {},
): Promise<RunningService> {
  const dataDir = options.dataDir ?? (await tempDir());
  const { child, exited, stop, kill, stderr } = spawnService(
    ['--port', '0', '--data', dataDir, ...(options.args ?? [])],
    options.env ? { env: options.env } : {},
  );
  const events: Array<Record<string, unknown>> = [];
  const listening = await new Promise<Record<string, unknown>>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const event = JSON.parse(line) as Record<string, unknown>;
      events.push(event);
      if (event.event === 'listening') resolve(event);
    });
    void exited.then((code) =>
      reject(new Error(`the service exited with ${code} before listening: ${stderr()}`)),
    );
  });
  const created = events.find((e) => e.event === 'account-created') as
    { apiKey?: string; sid?: string; spw?: string } | undefined;
  const url = String(listening.url);
  return {
    url,
    port: Number(new URL(url).port),
    dataDir,
    process: child,
    events,
    key: options.key ?? created?.apiKey ?? '',
    sid: created?.sid ?? '',
    spw: created?.spw ?? '',
    stderr,
    stop,
    kill,
  };
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

export interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
  json<T = Record<string, unknown>>(): T;
}

/** Sends exactly the bytes given (as chunks, optionally chunked transfer encoding). */
export function rawRequest(
  url: string,
  options: {
    method?: string;
    path: string;
    headers?: Record<string, string | number>;
    body?: Buffer | Buffer[];
    chunked?: boolean;
    /** Called once the whole request has been handed to the operating system. */
    onSent?: () => void;
  },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        method: options.method ?? 'POST',
        path: options.path,
        headers: options.headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            json: <T>() => JSON.parse(body) as T,
          });
        });
      },
    );
    req.on('error', reject);
    if (options.chunked) req.setHeader('Transfer-Encoding', 'chunked');
    const parts =
      options.body === undefined ? [] : Array.isArray(options.body) ? options.body : [options.body];
    for (const part of parts) req.write(part);
    req.end(options.onSent);
  });
}

/** A multipart/form-data body from parts in the given order. */
export function multipart(
  parts: Array<{ name: string; value: string | Buffer; filename?: string; type?: string }>,
  options: { boundary?: string; preamble?: string } = {},
): { body: Buffer; contentType: string } {
  const boundary = options.boundary ?? `----kikitori${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  if (options.preamble) chunks.push(Buffer.from(`${options.preamble}\r\n`));
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.type) head += `Content-Type: ${part.type}\r\n`;
    chunks.push(
      Buffer.from(`${head}\r\n`),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The request log's row of a session, read from the service's database as it stands. */
export async function logRow(
  dataDir: string,
  sessionId: string,
): Promise<{ kind: string; result_json: string } | undefined> {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(join(dataDir, 'service.sqlite'), { readonly: true });
  try {
    return db
      .prepare('SELECT kind, result_json FROM request_log WHERE session_id = ?')
      .get(sessionId) as { kind: string; result_json: string } | undefined;
  } finally {
    db.close();
  }
}
