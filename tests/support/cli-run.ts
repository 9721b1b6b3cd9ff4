/**
 * `kikitori ARGS…` run as a person runs it: the package's bin as a child process, to its end
 * (`kikitori`) or left running, read as it goes (`startKikitori`: `watch`, `serve`).
 */
import { spawn, type ChildProcess } from 'node:child_process';

/** No keychain: the command line's keys stay in its own session (as in CI). */
export const NO_KEYCHAIN = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' };

export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export function kikitori(
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<CliRun> {
  const running = startKikitori(args, env);
  return running.exited.then((code) => ({ code, ...running.out }));
}

/** A command left running: what it has said so far, and its exit. */
export interface RunningCli {
  readonly child: ChildProcess;
  readonly out: { stdout: string; stderr: string };
  readonly exited: Promise<number | null>;
}

export function startKikitori(
  args: readonly string[],
  env: Record<string, string> = {},
): RunningCli {
  const child = spawn(process.execPath, ['scripts/kikitori.mjs', ...args], {
    env: { ...process.env, ...NO_KEYCHAIN, LANG: 'C.UTF-8', LC_ALL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = { stdout: '', stderr: '' };
  child.stdout.on('data', (c: Buffer) => (out.stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out.stderr += c.toString()));
  const exited = new Promise<number | null>((settle) => child.on('exit', (code) => settle(code)));
  return { child, out, exited };
}

export const jsonLines = (stdout: string): Record<string, unknown>[] =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
