/**
 * Supervises the bundled local service: starts it on a free loopback port with its data in the
 * app's data folder, files its first key in the keychain for the Local connection, checks its
 * health, restarts it with backoff when it dies, and reports `service:status`. (In Electron the
 * process is started through utilityProcess; here, and in the web host, as a child process.)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { EventPayload } from '../../../shared/ipc/contract';
import type { ConnectionStore } from '../connections/connection-store';
import type { KeyStore } from '../key-store/key-store';

type Status = EventPayload<'service:status'>;

export interface SupervisorDeps {
  readonly dataDir: string;
  readonly connections: ConnectionStore;
  readonly keys: KeyStore;
  readonly onStatus: (status: Status) => void;
  /** The command that runs the service (default: this checkout's service/bin.mjs). */
  readonly command?: { readonly file: string; readonly args: readonly string[] };
}

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export class LocalServiceSupervisor {
  private child: ChildProcess | undefined;
  private status: Status = { state: 'stopped' };
  private restarts = 0;
  private stopping = false;
  private health: NodeJS.Timeout | undefined;
  private restartTimer: NodeJS.Timeout | undefined;

  constructor(private readonly deps: SupervisorDeps) {}

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
    await this.recoverLostKey();
    return this.launch();
  }

  /**
   * The service shows its first key only once. If the keychain lost it (reset, another machine's
   * data folder), the old service data is set aside so that a new account and key are made.
   */
  private async recoverLostKey(): Promise<void> {
    const local = this.deps.connections.get('local');
    const key = local?.keyRef ? await this.deps.keys.reveal(local.keyRef) : undefined;
    if (key) return;
    await rename(this.serviceDir, `${this.serviceDir}.without-key-${Date.now()}`).catch(() => {});
  }

  private launch(): Promise<Status> {
    this.set({ state: this.restarts > 0 ? 'restarting' : 'starting' });
    const command = this.deps.command ?? {
      file: process.execPath,
      args: [join(ROOT, 'service', 'bin.mjs')],
    };
    const child = spawn(
      command.file,
      [...command.args, '--port', '0', '--data', this.serviceDir, '--exit-with-stdin'],
      {
        cwd: ROOT,
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    this.child = child;
    let stderr = '';
    child.stderr!.on(
      'data',
      (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)),
    );
    return new Promise((resolve) => {
      let settled = false;
      const settle = (status: Status) => {
        this.set(status);
        if (!settled) {
          settled = true;
          resolve(status);
        }
      };
      createInterface({ input: child.stdout! }).on('line', (line) => {
        let event: Record<string, unknown>;
        try {
          event = JSON.parse(line) as Record<string, unknown>;
        } catch {
          return;
        }
        if (event.event === 'account-created') void this.fileKey(String(event.apiKey));
        if (event.event === 'engine-unavailable')
          this.set({ state: 'starting', message: String(event.message) });
        if (event.event === 'listening') {
          const url = String(event.url);
          this.restarts = 0;
          void this.keyFiled.then(() => {
            this.deps.connections.setLocalUrl(url);
            settle({ state: 'running', url });
            this.watchHealth(url);
          });
        }
      });
      child.on('exit', (code, signal) => {
        clearInterval(this.health);
        this.deps.connections.setLocalUrl(undefined);
        if (this.stopping) return settle({ state: 'stopped' });
        const reason = `the local service stopped (${signal ?? `exit ${code}`})${stderr ? `: ${stderr.trim().split('\n').at(-1)}` : ''}`;
        const delay = Math.min(30_000, 1_000 * 2 ** Math.min(this.restarts++, 5));
        settle({ state: 'restarting', message: `${reason}; restarting in ${delay / 1000} s` });
        this.restartTimer = setTimeout(() => void this.launch(), delay);
      });
    });
  }

  private keyFiled: Promise<void> = Promise.resolve();

  private fileKey(apiKey: string): void {
    this.keyFiled = (async () => {
      const entry = await this.deps.keys.add({
        label: 'Local service',
        key: apiKey,
        connection: 'local',
      });
      const local = this.deps.connections.get('local');
      if (local) await this.deps.connections.save({ ...local, keyRef: entry.id });
    })();
  }

  private watchHealth(url: string): void {
    clearInterval(this.health);
    this.health = setInterval(() => {
      fetch(`${url}/v1/engines`, { signal: AbortSignal.timeout(5_000) }).then(
        (res) => {
          if (!res.ok)
            this.set({
              state: 'running',
              url,
              message: `health check answered HTTP ${res.status}`,
            });
        },
        () => {
          // Not answering: end it, and the exit handler restarts it.
          this.child?.kill('SIGKILL');
        },
      );
    }, 10_000);
    this.health.unref();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    clearInterval(this.health);
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    });
  }

  /** For tests: the service's pid. */
  pid(): number | undefined {
    return this.child?.pid;
  }
}
