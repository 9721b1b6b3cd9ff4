/**
 * Supervises the bundled local service: starts it on a free loopback port with its data in the
 * app's data folder, files its first key in the keychain for the Local connection, checks its
 * health, restarts it with backoff when it dies, and reports `service:status`. (In Electron the
 * process is started through utilityProcess; here, and in the web host, as a child process.)
 *
 * The service folder is never moved or deleted: when the app has no usable key for it (keychain
 * reset or unavailable, key deleted), the service is started with `--add-key` and gives the same
 * account a new key, so its jobs, dictionaries and issued keys stay.
 */
import { LOCAL_SERVICE_KEY_LABEL } from '../../shared/domain/key';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { appError } from '../../shared/domain/errors';
import type { EventPayload } from '../../shared/ipc/contract';
import type { ConnectionStore } from '../connections/connection-store';
import { keyFor, type KeyStore } from '../key-store/key-store';

type Status = EventPayload<'service:status'>;

/** A running service process, however it was started. */
export interface ServiceProcess {
  readonly pid: number | undefined;
  readonly stdout: NodeJS.ReadableStream;
  readonly stderr: NodeJS.ReadableStream;
  /** Whether it has exited. */
  exited(): boolean;
  onExit(handler: (code: number | null, signal: string | null) => void): void;
  kill(signal: 'SIGTERM' | 'SIGKILL'): void;
}

/** Starts the service with these arguments (`--port 0 --data <dir>`…). */
export type ServiceLauncher = (args: readonly string[]) => ServiceProcess;

/**
 * The checkout's root (or the packaged app's): where service/ and dist/ are. Read from a module
 * two folders deep, so the bundles in dist/<name>/ (command line, checkout builds) find the same.
 */
export const APP_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ROOT = APP_ROOT;

/**
 * Runs the service as a child process of this Node (the web host, tests). With
 * `--exit-with-stdin` it ends when this process does, even after a SIGKILL.
 */
export function childProcessLauncher(
  command: { readonly file: string; readonly args: readonly string[] } = {
    file: process.execPath,
    args: [join(ROOT, 'service', 'bin.mjs')],
  },
): ServiceLauncher {
  return (args) => {
    const child = spawn(command.file, [...command.args, ...args, '--exit-with-stdin'], {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    return {
      pid: child.pid,
      stdout: child.stdout,
      stderr: child.stderr,
      exited: () => child.exitCode !== null || child.signalCode !== null,
      onExit: (handler) => child.on('exit', handler),
      kill: (signal) => child.kill(signal),
    };
  };
}

export interface SupervisorDeps {
  readonly dataDir: string;
  readonly connections: ConnectionStore;
  readonly keys: KeyStore;
  readonly onStatus: (status: Status) => void;
  /** How the service is started (default: this checkout's service/bin.mjs as a child process). */
  readonly launcher?: ServiceLauncher;
  /** How often the service is asked whether it is alive (default 10 s), and how long it has to answer (5 s). */
  readonly healthIntervalMs?: number;
  readonly healthTimeoutMs?: number;
  /** The first wait before a restart (default 1 s), doubled for each quick death up to 32 times. */
  readonly restartBaseMs?: number;
  /** The first wait before storing the service's key again after the keychain failed (1 s). */
  readonly keyRetryBaseMs?: number;
}

export class LocalServiceSupervisor {
  private child: ServiceProcess | undefined;
  private status: Status = { state: 'stopped' };
  private restarts = 0;
  private stopping = false;
  private health: NodeJS.Timeout | undefined;
  private restartTimer: NodeJS.Timeout | undefined;

  constructor(private readonly deps: SupervisorDeps) {
    deps.connections.expectLocal(true);
  }

  current(): Status {
    return this.status;
  }

  private set(status: Status): void {
    this.status = status;
    this.deps.onStatus(status);
  }

  private get serviceDir(): string {
    return join(this.deps.dataDir, 'service');
  }

  /** Starts the service and resolves once it listens (or is known unavailable). */
  async start(): Promise<Status> {
    this.stopping = false;
    this.deps.connections.expectLocal(true);
    return this.launch();
  }

  /** Whether the keychain holds the Local connection's key (a failing keychain counts as no). */
  private async hasKey(): Promise<boolean> {
    const local = this.deps.connections.get('local');
    if (!local?.keyRef) return false;
    // Through keyFor, as every key the app sends: an entry not (yet) bound to the local
    // service counts as no key, so the service is started with a new one (--add-key).
    return Boolean(await keyFor(this.deps.keys, local.keyRef, local).catch(() => undefined));
  }

  private async launch(): Promise<Status> {
    this.set({ state: this.restarts > 0 ? 'restarting' : 'starting' });
    const addKey = !(await this.hasKey());
    if (this.stopping) return this.status;
    const launch = this.deps.launcher ?? childProcessLauncher();
    const args = ['--port', '0', '--data', this.serviceDir, ...(addKey ? ['--add-key'] : [])];
    const child = launch(args);
    this.keyFiled = Promise.resolve();
    this.child = child;
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    return new Promise((resolve) => {
      let settled = false;
      const settle = (status: Status) => {
        this.set(status);
        if (!settled) {
          settled = true;
          resolve(status);
        }
      };
      createInterface({ input: child.stdout }).on('line', (line) => {
        let event: Record<string, unknown>;
        try {
          event = JSON.parse(line) as Record<string, unknown>;
        } catch {
          return;
        }
        if (event.event === 'account-created' || event.event === 'key-added')
          this.fileKey(String(event.apiKey), settle);
        if (event.event === 'engine-unavailable')
          this.set({
            state: 'starting',
            problem: appError(
              'local-service',
              { reason: 'engine-unavailable' },
              String(event.message),
            ),
          });
        if (event.event === 'listening') {
          const url = String(event.url);
          this.listeningAt = Date.now();
          void this.keyFiled.then(() => {
            // It may have died while its key was being filed: the exit handler took over.
            if (this.child !== child || child.exited()) return;
            this.deps.connections.setLocalUrl(url);
            settle({ state: 'running', url });
            this.watchHealth(url);
          });
        }
      });
      child.onExit((code, signal) => {
        clearInterval(this.health);
        this.deps.connections.setLocalUrl(undefined);
        if (this.stopping) return settle({ state: 'stopped' });
        if (this.renewing) return settle({ state: 'restarting' });
        // Backoff grows while it keeps dying soon after starting, and starts over after a good run.
        if (this.listeningAt !== undefined && Date.now() - this.listeningAt > 60_000)
          this.restarts = 0;
        this.listeningAt = undefined;
        const problem = this.unresponsive
          ? appError('local-service', { reason: 'stopped-answering' })
          : appError(
              'local-service',
              { reason: 'exited' },
              `${signal ?? `exit ${code}`}${stderr ? `: ${stderr.trim().split('\n').at(-1)}` : ''}`,
            );
        this.unresponsive = false;
        const delay = Math.min(
          30_000,
          (this.deps.restartBaseMs ?? 1_000) * 2 ** Math.min(this.restarts++, 5),
        );
        settle({ state: 'restarting', problem, retryInMs: delay });
        this.restartTimer = setTimeout(() => void this.launch(), delay);
      });
    });
  }

  private keyFiled: Promise<void> = Promise.resolve();
  private listeningAt: number | undefined;
  private unresponsive = false;

  /**
   * Files the key the service shows once. A failing keychain is reported and retried with the
   * key kept in memory meanwhile; start() answers at the first report rather than waiting.
   */
  private fileKey(apiKey: string, report: (status: Status) => void): void {
    this.keyFiled = (async () => {
      for (let attempt = 0; !this.stopping; attempt++) {
        try {
          const entry = await this.deps.keys.add({
            service: { kind: 'local' },
            label: LOCAL_SERVICE_KEY_LABEL,
            key: apiKey,
            connection: 'local',
          });
          await this.deps.connections.setKey('local', entry.id);
          return;
        } catch (error) {
          const delay = Math.min(30_000, (this.deps.keyRetryBaseMs ?? 1_000) * 2 ** attempt);
          report({
            state: 'starting',
            problem: appError(
              'local-service',
              { reason: 'key-not-stored' },
              (error as Error).message,
            ),
            retryInMs: delay,
          });
          await new Promise((resolve) => setTimeout(resolve, delay).unref());
        }
      }
    })();
  }

  private watchHealth(url: string): void {
    clearInterval(this.health);
    this.health = setInterval(() => {
      fetch(`${url}/v1/engines`, {
        signal: AbortSignal.timeout(this.deps.healthTimeoutMs ?? 5_000),
      }).then(
        (res) => {
          if (!res.ok)
            this.set({
              state: 'running',
              url,
              problem: appError('local-service', { reason: 'health-check' }, `HTTP ${res.status}`),
            });
        },
        () => {
          // Not answering: end it, and the exit handler restarts it.
          this.unresponsive = true;
          this.child?.kill('SIGKILL');
        },
      );
    }, this.deps.healthIntervalMs ?? 10_000);
    this.health.unref();
  }

  private renewing = false;

  /**
   * The Local connection lost its key while the service runs (the person removed it): stop the
   * service gently (in-flight requests finish, async jobs resume) and start it again at once,
   * which gives the same account a new key. Work submitted meanwhile waits for it.
   */
  async renewKey(): Promise<Status> {
    if (this.stopping || this.renewing) return this.status;
    this.renewing = true;
    try {
      clearTimeout(this.restartTimer);
      await this.endChild();
    } finally {
      this.renewing = false;
    }
    return this.stopping ? this.status : this.launch();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.deps.connections.expectLocal(false);
    clearTimeout(this.restartTimer);
    await this.endChild();
  }

  private async endChild(): Promise<void> {
    clearInterval(this.health);
    const child = this.child;
    if (!child || child.exited()) return;
    await new Promise<void>((resolve) => {
      child.onExit(() => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    });
  }

  /** For tests: the service's pid. */
  pid(): number | undefined {
    return this.child?.pid;
  }
}
