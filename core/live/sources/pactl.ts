/**
 * `pactl`, PulseAudio's command (or PipeWire's pipewire-pulse, which speaks the same protocol):
 * how the core asks the sound server for the computer's sound (pulse-monitor.ts) and for the
 * streams that record (core/calls/pulse-provider.ts).
 *
 * It talks to the server the core's environment names (XDG_RUNTIME_DIR, PULSE_RUNTIME_PATH,
 * PULSE_SERVER), the same one the window's Chromium records from.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Runs `pactl` with these arguments and answers its standard output. */
export type Pactl = (args: readonly string[]) => Promise<string>;

const PACTL_WAIT_MS = 5_000;

/** `pactl` talking to the server this environment names (the process's own by default). */
export const pactlIn =
  (env: NodeJS.ProcessEnv = process.env): Pactl =>
  async (args) => {
    const { stdout } = await run('pactl', [...args], {
      timeout: PACTL_WAIT_MS,
      // The C locale: `pactl info` is read by its English field names.
      env: { ...env, LC_ALL: 'C' },
    });
    return stdout;
  };
