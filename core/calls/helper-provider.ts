/**
 * A CallProvider fed by a helper program of the system that writes one JSON line each time what
 * records changes (Windows: PowerShell reading the audio sessions; macOS: osascript reading
 * CoreAudio). The platform's part is only its script and the reading of its lines (`parse`),
 * which the unit tests check against recorded lines; the rest is here: the helper is started,
 * its lines parsed, restarted with a growing wait when it ends, and a helper that cannot run is
 * said once (`calls-unavailable`, reason `helper`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { appError } from '../../shared/domain/errors';
import type { CallProvider, CallProviderEvents, RecordingStream } from './provider';

export interface HelperSpec {
  readonly command: string;
  readonly args: readonly string[];
  /** The script, written to the helper's standard input, when it is not in `args`. */
  readonly script?: string;
  /** One line of the helper's output as streams, or undefined for a line that is not one. */
  readonly parse: (line: string) => RecordingStream[] | undefined;
}

const RETRY_MS = [1_000, 5_000, 15_000, 60_000];

export class HelperCallProvider implements CallProvider {
  private child: ChildProcess | undefined;
  private events: CallProviderEvents | undefined;
  private stopped = false;
  private retry = 0;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(private readonly spec: HelperSpec) {}

  start(events: CallProviderEvents): Promise<void> {
    this.events = events;
    this.stopped = false;
    this.run();
    return Promise.resolve();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const child = this.child;
    this.child = undefined;
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
    }
  }

  private run(): void {
    if (this.stopped) return;
    const child = spawn(this.spec.command, [...this.spec.args], {
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
    });
    this.child = child;
    let said = '';
    child.stderr?.on('data', (data: Buffer) => (said = `${said}${data.toString()}`.slice(-400)));
    child.on('error', (error) => (said = error.message));
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(this.spec.script ?? '');
    createInterface({ input: child.stdout }).on('line', (line) => {
      const streams = this.spec.parse(line);
      if (!streams) return;
      this.retry = 0;
      this.events?.problem(undefined);
      this.events?.streams(streams);
    });
    child.once('close', () => {
      if (this.child !== child || this.stopped) return;
      this.child = undefined;
      this.events?.streams([]);
      this.events?.problem(appError('calls-unavailable', { reason: 'helper' }, said.trim()));
      const wait = RETRY_MS[Math.min(this.retry, RETRY_MS.length - 1)]!;
      this.retry += 1;
      this.retryTimer = setTimeout(() => this.run(), wait);
      this.retryTimer.unref();
    });
  }
}
