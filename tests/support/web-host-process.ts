/** Runs the web host (core + supervised local service) as its own process, for end-to-end tests. */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { supervise } from './service-process';
import { errorText } from '../../shared/domain/errors';
import type { Result } from '../../shared/ipc/contract';

export interface RunningWebHost {
  readonly url: string;
  readonly token: string;
  readonly process: ChildProcess;
  /** Every line it printed on stdout. */
  readonly lines: string[];
  rpc<T = unknown>(
    channel: string,
    input?: unknown,
  ): Promise<Result<T>>;
  /** Like rpc, but throws on an error Result. */
  call<T = Record<string, unknown>>(channel: string, input?: unknown): Promise<T>;
  stop(): Promise<number | null>;
  kill(): Promise<void>;
}

export async function startWebHostProcess(
  dataDir: string,
  env: Record<string, string>,
  /** What to run with node (default: the web host itself; `npm start` runs scripts/start.mjs). */
  entry: readonly string[] = ['--import', 'tsx', 'web-host/main.ts'],
): Promise<RunningWebHost> {
  const lines: string[] = [];
  const child = spawn(process.execPath, [...entry, '--port', '0', '--no-open', '--data', dataDir], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { exited, stop, kill } = supervise(child);
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));

  const { url, token } = await new Promise<{ url: string; token: string }>((resolve, reject) => {
    let address: { url: string; token: string } | undefined;
    createInterface({ input: child.stdout! }).on('line', (line) => {
      lines.push(line);
      const match = /^(http:\/\/127\.0\.0\.1:\d+)\/#token=(\S+)$/.exec(line);
      if (match) address = { url: match[1]!, token: match[2]! };
      if (line.startsWith('Local service:') && address) resolve(address);
    });
    void exited.then((code) => reject(new Error(`the web host exited with ${code}: ${stderr}`)));
  });
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
