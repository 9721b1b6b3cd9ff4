/**
 * Runs the web host (core + supervised local service) as its own process, for the system and
 * end-to-end tests.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { supervise } from './service-process';
import { errorText } from '../../shared/domain/error-text';
import type { Result } from '../../shared/ipc/contract';

export interface RunningWebHost {
  readonly url: string;
  /** The one-time address it printed (and opened, without --no-open). */
  readonly openUrl: string;
  /** The per-launch token, read from the user-only instance file as a program would. */
  readonly token: string;
  readonly process: ChildProcess;
  /** Every line it printed on stdout. */
  readonly lines: string[];
  rpc<T = unknown>(channel: string, input?: unknown): Promise<Result<T>>;
  /** Like rpc, but throws on an error Result. */
  call<T = Record<string, unknown>>(channel: string, input?: unknown): Promise<T>;
  stop(): Promise<number | null>;
  kill(): Promise<void>;
}

export async function startWebHostProcess(
  dataDir: string,
  env: Record<string, string>,
  /** What to run with node (default: the web host itself; `npm start` runs scripts/start.mjs). */
  entry: readonly string[] = ['scripts/web-host.mjs'],
  /** Open the browser ($BROWSER in env) instead of passing --no-open. */
  { open = false }: { open?: boolean } = {},
): Promise<RunningWebHost> {
  const lines: string[] = [];
  const args = [...entry, ...(open ? [] : ['--no-open']), '--data', dataDir];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { exited, stop, kill } = supervise(child);
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));

  const { url, openUrl } = await new Promise<{ url: string; openUrl: string }>(
    (resolve, reject) => {
      let address: { url: string; openUrl: string } | undefined;
      createInterface({ input: child.stdout }).on('line', (line) => {
        lines.push(line);
        const match = /^(http:\/\/127\.0\.0\.1:\d+)\/open\?code=\S+$/.exec(line);
        if (match) address = { url: match[1]!, openUrl: line };
        if (line.startsWith('Local service:') && address) resolve(address);
      });
      void exited.then((code) => reject(new Error(`the web host exited with ${code}: ${stderr}`)));
    },
  );
  const instanceFile = join(dataDir, 'instance.json');
  if (((await stat(instanceFile)).mode & 0o077) !== 0)
    throw new Error(`${instanceFile} can be read by other users`);
  const { token } = (
    JSON.parse(await readFile(instanceFile, 'utf8')) as { data: { token: string } }
  ).data;
  type RpcResult = Awaited<ReturnType<RunningWebHost['rpc']>>;
  const rpc = async (channel: string, input: unknown = {}): Promise<RpcResult> => {
    const res = await fetch(`${url}/rpc/${channel}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(input),
    });
    return (await res.json()) as RpcResult;
  };
  return {
    url,
    openUrl,
    token,
    process: child,
    lines,
    rpc,
    async call(channel, input) {
      const result = await rpc(channel, input);
      if (!result.ok)
        throw new Error(`${channel}: ${result.error.code}: ${errorText(result.error, 'en')}`);
      return result.data;
    },
    stop,
    kill,
  } as RunningWebHost;
}
