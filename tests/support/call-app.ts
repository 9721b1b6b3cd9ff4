/**
 * A stand-in for a call application on a test's PulseAudio server (./pulse.ts): `parecord`
 * recording from the default source under the application name the test gives ("Zoom"), as a
 * call program's microphone stream is. It runs in a session of its own (`setsid -f`), so it is
 * no child of the test's process, which may be the core's own (core/calls/own-process.ts: a
 * child of the core is Kikitori's own capture, never a call). Its pid is read from the server's
 * listing, and it is stopped by that pid.
 */
import { spawn } from 'node:child_process';
import type { PulseServer } from './pulse';
import { until } from './until';

export interface CallApp {
  readonly pid: number;
  /** Stops recording, and waits until the server has seen its stream go. */
  stop(): Promise<void>;
}

interface Listed {
  index: number;
  properties: Record<string, string>;
}

const listed = async (pulse: PulseServer): Promise<Listed[]> =>
  JSON.parse(await pulse.pactl(['-f', 'json', 'list', 'source-outputs'])) as Listed[];

/** The pids of the streams recording under `name`. */
export async function recordingAs(pulse: PulseServer, name: string): Promise<number[]> {
  return (await listed(pulse))
    .filter((s) => s.properties['application.name'] === name)
    .map((s) => Number(s.properties['application.process.id']));
}

/** Every call application started and not yet stopped: a failed test's are ended by stopCallApps. */
const running = new Set<number>();

/** Ends every call application still running (a test's afterAll, after a failure). */
export function stopCallApps(): void {
  for (const pid of running) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // Gone already.
    }
  }
  running.clear();
}

export async function startCallApp(pulse: PulseServer, name: string): Promise<CallApp> {
  const before = new Set(await recordingAs(pulse, name));
  spawn('setsid', ['-f', 'parecord', `--client-name=${name}`, '--raw', '/dev/null'], {
    env: pulse.env,
    stdio: 'ignore',
  }).unref();
  const pids = await until(
    () => recordingAs(pulse, name),
    (found) => found.some((pid) => !before.has(pid)),
    { timeoutMs: 30_000, everyMs: 100 },
  );
  const pid = pids.find((p) => !before.has(p))!;
  running.add(pid);
  return {
    pid,
    async stop() {
      running.delete(pid);
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // Gone already.
      }
      await until(
        () => recordingAs(pulse, name),
        (found) => !found.includes(pid),
        { timeoutMs: 30_000, everyMs: 100 },
      );
    },
  };
}
