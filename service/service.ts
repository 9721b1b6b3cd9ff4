/** The local speech recognition service, assembled: storage, accounts, engine, jobs, HTTP. */
import type { Server } from 'node:http';
import { chmod, mkdir, rm, stat } from 'node:fs/promises';
import { isMainThread } from 'node:worker_threads';
import { availableParallelism, homedir } from 'node:os';
import { join } from 'node:path';
import { LIMITS, LOCAL_ENGINE, REALTIME_LIMITS } from '../shared/api';
import { defaultDataDir } from '../shared/domain/data-dir';
import type { EngineSlot, ServiceContext } from './context';
import { ProfileStore } from './dictionary/profile-store';
import { EngineUnavailableError } from './engine/engine';
import { PocketSphinxEngine } from './engine/pocketsphinx/pocketsphinx-engine';
import { ConcurrencyLimiter } from './http/concurrency';
import { closeLingering } from './http/linger';
import { jobRoutes } from './http/routes/jobs';
import { createHttpServer } from './http/server';
import { JobRunner } from './jobs/job-runner';
import { JobStore } from './jobs/job-store';
import { AccountStore } from './keys/accounts';
import { LogStore } from './logs/log-store';
import { openDatabase } from './storage/database';
import { lockDataDir } from './storage/lock';
import { RealtimeSessions } from './realtime/session';
import { attachRealtime } from './realtime/transport';

export interface ServiceOptions {
  readonly dataDir: string;
  /** 0 picks a free port. */
  readonly port: number;
  readonly initKey?: string;
  /** Give the existing account a new issuable key and show it once (`key-added`). */
  readonly addKey?: boolean;
  readonly workers?: number;
  readonly jobRetentionDays?: number;
  readonly logRetentionDays?: number;
  /** Longest audio of an async job (default LIMITS.asyncAudioSeconds). */
  readonly maxJobAudioSeconds?: number;
  readonly onEvent?: (event: ServiceEvent) => void;
}

export type ServiceEvent =
  | { event: 'account-created'; sid: string; spw: string; apiKey: string }
  | { event: 'key-added'; sid: string; apiKey: string }
  | { event: 'engine-unavailable'; engine: string; message: string }
  | { event: 'jobs-resumed'; count: number }
  | { event: 'listening'; url: string }
  | {
      event: 'data-folder-locked';
      dataDir: string;
      holder: { pid: number; since: string } | null;
      message: string;
    }
  | { event: 'port-in-use'; port: number; message: string }
  | { event: 'data-folder-tightened'; dataDir: string; mode: string; message: string };

export function defaultServiceDataDir(): string {
  return defaultDataDir('service', process.env, homedir());
}

/**
 * The service's data folder is its user's alone: everything the process creates from here on is
 * 0600 (files, SQLite's `-wal` and `-shm`, kept audio) or 0700 (folders), by its umask, and the
 * folder is made 0700 even when it existed more open. Returns the mode it had then.
 */
async function privateDataFolder(dir: string): Promise<number | undefined> {
  if (isMainThread) process.umask(0o077);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const { mode } = await stat(dir);
  if ((mode & 0o077) === 0) return undefined;
  await chmod(dir, 0o700);
  return mode & 0o777;
}

export class LocalService {
  private constructor(
    readonly url: string,
    readonly context: ServiceContext,
    private readonly server: Server,
    private readonly realtime: RealtimeSessions,
    private readonly runner: JobRunner,
    private readonly timers: NodeJS.Timeout[],
    private readonly unlock: () => Promise<void>,
  ) {}

  static async start(options: ServiceOptions): Promise<LocalService> {
    const emit = options.onEvent ?? (() => {});
    const was = await privateDataFolder(options.dataDir);
    if (was !== undefined) {
      const mode = was.toString(8).padStart(4, '0');
      emit({
        event: 'data-folder-tightened',
        dataDir: options.dataDir,
        mode,
        message: `the data folder ${options.dataDir} was open to other users (mode ${mode}); it is now private (0700)`,
      });
    }
    const unlock = await lockDataDir(options.dataDir);
    try {
      return await LocalService.startLocked(options, emit, unlock);
    } catch (error) {
      await unlock();
      throw error;
    }
  }

  private static async startLocked(
    options: ServiceOptions,
    emit: (event: ServiceEvent) => void,
    unlock: () => Promise<void>,
  ): Promise<LocalService> {
    const db = openDatabase(options.dataDir);
    const accounts = new AccountStore(db);
    if (!accounts.hasAccount())
      emit({ event: 'account-created', ...accounts.createAccount(options.initKey) });
    else if (options.addKey) emit({ event: 'key-added', ...accounts.addIssuableKey() });

    const workers = options.workers ?? availableParallelism();
    const engines = new Map<string, EngineSlot>();
    try {
      engines.set(LOCAL_ENGINE, {
        state: 'ready',
        engine: await PocketSphinxEngine.start(workers),
      });
    } catch (error) {
      if (!(error instanceof EngineUnavailableError)) throw error;
      engines.set(LOCAL_ENGINE, { state: 'unavailable', message: error.message });
      emit({ event: 'engine-unavailable', engine: LOCAL_ENGINE, message: error.message });
    }

    const ctx: ServiceContext = {
      db,
      dataDir: options.dataDir,
      accounts,
      logs: new LogStore(db, options.dataDir, options.logRetentionDays ?? 30),
      profiles: new ProfileStore(db),
      limiter: new ConcurrencyLimiter(LIMITS.maxConcurrentPerKey),
      engines,
      now: Date.now,
      workers,
    };
    const jobsDir = join(options.dataDir, 'jobs');
    await mkdir(jobsDir, { recursive: true, mode: 0o700 });
    const store = new JobStore(db);
    const runner = new JobRunner(ctx, store, jobsDir, workers, options.maxJobAudioSeconds);
    const resumed = await runner.resume();
    if (resumed > 0) emit({ event: 'jobs-resumed', count: resumed });

    const jobRetentionDays = options.jobRetentionDays ?? 7;
    // Nothing of a purged job stays on disk: its audio goes with its row (the audio first, so a
    // crash in between leaves a row without audio, never audio without a row to find it by).
    const purge = async () => {
      for (const job of store.expired(jobRetentionDays)) {
        if (job.audio_path) await rm(job.audio_path, { force: true });
        store.delete(job.session_id);
      }
      await ctx.logs.purge();
    };
    await purge();
    const timers = [setInterval(() => void purge(), 3_600_000).unref()];

    const server = createHttpServer(ctx, jobRoutes(ctx, store, runner));
    // The realtime interface shares the port: WebSocket upgrades at /v1/ and /v1/nolog/.
    const realtime = new RealtimeSessions(ctx);
    attachRealtime(server, realtime.accept, {
      maxMessageBytes: REALTIME_LIMITS.maxMessageBytes,
      maxBufferedBytes: realtime.limits.maxBufferedBytes,
      stallMs: realtime.limits.stallMs,
      admit: realtime.admit,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(options.port, '127.0.0.1', () => resolve());
      });
    } catch (error) {
      for (const timer of timers) clearInterval(timer);
      await LocalService.release(ctx, runner);
      throw error;
    }
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    const service = new LocalService(
      `http://127.0.0.1:${port}`,
      ctx,
      server,
      realtime,
      runner,
      timers,
      unlock,
    );
    emit({ event: 'listening', url: service.url });
    return service;
  }

  /** Stops taking requests, finishes the ones in flight, then stops the engine and the database. */
  async close(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    // Live sessions are finished (their last results sent and logged) and closed: an upgraded
    // socket would otherwise keep the server open for as long as its client talks.
    await this.realtime.close();
    // Connections that finish their request during the drain go idle and are closed then, rather
    // than at the keep-alive timeout.
    this.server.closeIdleConnections();
    // Refused requests whose rest was being read away owe nothing more (service/http/linger.ts).
    closeLingering(this.server);
    // Again on each sweep: a request still in flight can be refused during the drain (an upload
    // that passes its limit), and then lingers in turn.
    const sweeper = setInterval(() => {
      this.server.closeIdleConnections();
      closeLingering(this.server);
    }, 50);
    await closed;
    clearInterval(sweeper);
    await LocalService.release(this.context, this.runner);
    await this.unlock();
  }

  private static async release(context: ServiceContext, runner: JobRunner): Promise<void> {
    // A job in flight stays unfinished in the database and resumes at the next start.
    runner.stop();
    for (const slot of context.engines.values())
      if (slot.state === 'ready') await slot.engine.close();
    await runner.idle();
    context.db.close();
  }
}
