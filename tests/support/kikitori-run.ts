/**
 * `kikitori` as a person runs it, for the system tests: the package's bin (scripts/kikitori.mjs)
 * as a child process, off a terminal (pipes), on a pseudo-terminal of a given size (util-linux's
 * `script`, which gives the command a terminal and copies what it drew), and what that terminal
 * then shows, read back through a real terminal emulator (xterm.js, headless): lines left on the
 * screen and in its scrollback, as a person would see them when the command has ended.
 */
import { spawn } from 'node:child_process';
import xterm from '@xterm/headless';

export const NO_KEYCHAIN = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' };

export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** When each line of stderr arrived (ms since the start), in order. */
  readonly stderrLines: readonly { readonly at: number; readonly line: string }[];
  /** How long the command ran, in ms. */
  readonly ms: number;
}

export const commandEnv = (env: Record<string, string> = {}) => ({
  ...process.env,
  ...NO_KEYCHAIN,
  LANG: 'C.UTF-8',
  LC_ALL: '',
  ...env,
});

/**
 * Runs `kikitori ARGS…` to its end, its stdout and stderr each a pipe; killed after `killAfterMs`
 * when given (its code is then null), for a command that might never end.
 */
export function kikitori(
  args: readonly string[],
  env: Record<string, string> = {},
  killAfterMs?: number,
): Promise<Run> {
  const start = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/kikitori.mjs', ...args], {
      env: commandEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const killer =
      killAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.on('close', () => clearTimeout(killer));
    let stdout = '';
    let stderr = '';
    let partial = '';
    const stderrLines: { at: number; line: string }[] = [];
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
      const lines = (partial + c.toString()).split('\n');
      partial = lines.pop()!;
      for (const line of lines) stderrLines.push({ at: Date.now() - start, line });
    });
    child.on('close', (code) =>
      resolve({ code, stdout, stderr, stderrLines, ms: Date.now() - start }),
    );
  });
}

const quoted = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;

export interface Drawn {
  readonly code: number | null;
  /** Every byte the terminal was sent. */
  readonly raw: string;
  /** What the terminal shows once the command has ended, scrollback included. */
  readonly screen: readonly string[];
}

/**
 * Runs `kikitori ARGS…` on a pseudo-terminal of `columns` × `rows` (stdout and stderr both on
 * it, as in a person's shell), and reads back what it shows.
 */
export async function onTerminal(
  args: readonly string[],
  {
    columns = 80,
    rows = 24,
    env = {},
  }: { columns?: number; rows?: number; env?: Record<string, string> } = {},
): Promise<Drawn> {
  const command = [process.execPath, 'scripts/kikitori.mjs', ...args].map(quoted).join(' ');
  const { code, raw } = await new Promise<{ code: number | null; raw: string }>((resolve) => {
    const child = spawn(
      'script',
      ['-qefc', `stty cols ${columns} rows ${rows}; exec ${command}`, '/dev/null'],
      { env: commandEnv(env), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let raw = '';
    child.stdout.on('data', (c: Buffer) => (raw += c.toString()));
    child.on('close', (code) => resolve({ code, raw }));
  });
  return { code, raw, screen: await screenOf(raw, columns, rows) };
}

/** The lines a terminal of `columns` × `rows` shows after `raw`, scrollback included. */
export async function screenOf(raw: string, columns: number, rows: number): Promise<string[]> {
  const terminal = new xterm.Terminal({
    cols: columns,
    rows,
    scrollback: 10_000,
    allowProposedApi: true,
  });
  // `script` copies the terminal's output as the terminal got it: its line ends are \r\n.
  await new Promise<void>((settle) => terminal.write(raw, settle));
  const buffer = terminal.buffer.active;
  const lines: string[] = [];
  for (let y = 0; y < buffer.length; y++) {
    const line = buffer.getLine(y)!;
    const text = line.translateToString(false);
    // A line the terminal wrapped continues the one before it, as a person reads it.
    if (line.isWrapped && lines.length > 0) lines[lines.length - 1] += text;
    else lines.push(text);
  }
  terminal.dispose();
  for (let i = 0; i < lines.length; i++) lines[i] = lines[i]!.trimEnd();
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  return lines;
}
