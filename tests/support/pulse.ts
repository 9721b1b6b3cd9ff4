/**
 * A private PulseAudio server for a test (Debian's `pulseaudio`, a package of
 * `kikitori.debianPackages`): its own runtime and home folders, so it touches no other sound
 * server, speaking the native protocol without a cookie, with null sinks named by the test (the
 * first is the default: "the speakers"). What a sink plays can be recorded from its monitor,
 * which is what Kikitori's "Computer sound" listens to (core/live/sources/pulse-monitor.ts).
 *
 * Chromium finds the server through the same HOME and PULSE_RUNTIME_PATH (`env`); without them
 * it finds no audio device at all.
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { until } from './until';

const run = promisify(execFile);

export interface PulseServer {
  /** The environment that names this server to pactl, paplay and Chromium. */
  readonly env: NodeJS.ProcessEnv;
  pactl(args: readonly string[]): Promise<string>;
  /** Plays a WAV file into a sink again and again until the returned function is called. */
  playLoop(sink: string, file: string): () => void;
  stop(): Promise<void>;
}

/**
 * Starts a server with a null sink for each name (the first the default). `sources` are extra
 * inputs a window lists: each the remapped monitor of a sink of the same list, so a clip played
 * into that sink is what the input "hears" (a microphone the test speaks into).
 */
export async function startPulse(
  sinks: readonly string[],
  sources: readonly { name: string; sink: string; description: string }[] = [],
): Promise<PulseServer> {
  const home = await mkdtemp(join(tmpdir(), 'kikitori-pulse-'));
  const runtime = join(home, 'runtime');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    XDG_RUNTIME_DIR: home,
    PULSE_RUNTIME_PATH: runtime,
    LC_ALL: 'C',
  };
  delete env.PULSE_SERVER;
  const loads = [
    '--load=module-native-protocol-unix auth-anonymous=1',
    ...sinks.map((sink) => `--load=module-null-sink sink_name=${sink}`),
  ];
  // --daemonize=no: the test owns the process and ends it by its id.
  const server: ChildProcess = spawn(
    'pulseaudio',
    ['-n', '--daemonize=no', '--exit-idle-time=-1', '--use-pid-file=no', ...loads],
    { env, stdio: 'ignore' },
  );
  const pactl = async (args: readonly string[]) =>
    (await run('pactl', [...args], { env, timeout: 10_000 })).stdout;
  await until(
    () =>
      pactl(['info']).then(
        (info) => info,
        () => '',
      ),
    (info) => info.includes('Server Name'),
    { timeoutMs: 30_000, everyMs: 100 },
  );
  if (sinks[0]) await pactl(['set-default-sink', sinks[0]]);
  for (const source of sources)
    await pactl([
      'load-module',
      'module-remap-source',
      `master=${source.sink}.monitor`,
      `source_name=${source.name}`,
      `source_properties='device.description="${source.description}"'`,
    ]);
  const players = new Set<ChildProcess>();
  return {
    env,
    pactl,
    playLoop(sink, file) {
      let playing = true;
      let player: ChildProcess | undefined;
      const next = () => {
        if (!playing) return;
        player = spawn('paplay', ['-d', sink, file], { env, stdio: 'ignore' });
        players.add(player);
        player.on('exit', () => {
          if (player) players.delete(player);
          next();
        });
      };
      next();
      return () => {
        playing = false;
        player?.kill();
      };
    },
    async stop() {
      for (const player of players) player.kill();
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill();
        await exited;
      }
      await rm(home, { recursive: true, force: true });
    },
  };
}

/** Debian's Chromium on this server's sound (its inputs granted without asking). */
export function chromiumHearing(pulse: PulseServer): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream'],
    env: { ...(pulse.env as Record<string, string>) },
  });
}
