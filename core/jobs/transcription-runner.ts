/**
 * Runs transcriptions: routes each file (sync up to 16,777,215 bytes, async v2 above, v1 when v2
 * answers 404; unaccepted containers converted to FLAC first), uploads with progress, polls async
 * jobs with backoff (2 s rising to 30 s), and picks everything up again after a restart. Every
 * change is journaled before it is announced.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { encodeD, settingsToD, utterancesOfJob } from '../../shared/api';
import type { Connection } from '../../shared/domain/connection';
import { AppFailure, appError, type AppError } from '../../shared/domain/errors';
import type { Job } from '../../shared/domain/job';
import type { EventName, EventPayload } from '../../shared/ipc/contract';
import { ApiClient, type ClientOptions } from '../api-client/api-client';
import type { ConnectionStore } from '../connections/connection-store';
import type { KeyStore } from '../key-store/key-store';
import type { JobJournal } from './job-journal';
import { checkFile, convertToFlac, routeBySize, sniffFile } from './routing';

export interface RunnerDeps {
  readonly journal: JobJournal;
  readonly connections: ConnectionStore;
  readonly keys: KeyStore;
  readonly dataDir: string;
  readonly emit: <E extends EventName>(event: E, payload: EventPayload<E>) => void;
  /** Timeouts and retries of every API request (defaults in ApiClient). */
  readonly clientOptions?: ClientOptions;
  readonly pollMinMs?: number;
  readonly pollMaxMs?: number;
}

const TRANSIENT = new Set(['network', 'timeout', 'server', 'busy']);

export function toAppError(error: unknown): AppError {
  if (error instanceof AppFailure) return error.error;
  return appError('internal', {}, error instanceof Error ? error.message : String(error));
}

/** The `d` a connection sends: its engine, profile, other settings, and loggingOptOut for unlogged jobs. */
export function dOf(connection: Connection, mode: 'sync' | 'async'): string {
  const params = settingsToD({
    engine: connection.engine,
    ...(connection.profileId ? { profile: { id: connection.profileId, readOnly: true } } : {}),
    loggingOptOut: mode === 'async' && !connection.logging,
    unknown: connection.settings,
  });
  if (!params.ok) throw new AppFailure(appError('invalid-input', {}, params.error));
  return encodeD(params.data);
}

export class TranscriptionRunner {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Set<string>();
  private stopped = false;
  private readonly pollMinMs: number;
  private readonly pollMaxMs: number;

  constructor(private readonly deps: RunnerDeps) {
    this.pollMinMs = deps.pollMinMs ?? 2_000;
    this.pollMaxMs = deps.pollMaxMs ?? 30_000;
  }

  private async update(job: Job, changes: Partial<Job>): Promise<Job> {
    const next = await this.deps.journal.save({ ...job, ...changes, updatedAt: Date.now() });
    this.deps.emit('jobs:changed', { job: next });
    return next;
  }

  /** A client for a connection (the active one by default), with its key from the key store. */
  async clientFor(connectionId?: string): Promise<ApiClient> {
    const connection = this.deps.connections.get(connectionId);
    if (!connection)
      throw new AppFailure(appError('no-connection', { connection: connectionId ?? '' }));
    if (connection.kind === 'local' && !connection.baseUrl) {
      throw new AppFailure(appError('network', { host: connection.name, reason: 'not-running' }));
    }
    const key = connection.keyRef ? await this.deps.keys.reveal(connection.keyRef) : undefined;
    if (!key) throw new AppFailure(appError('no-key', { connection: connection.name }));
    return new ApiClient(
      { baseUrl: connection.baseUrl, asyncUrl: connection.asyncUrl, key },
      this.deps.clientOptions,
    );
  }

  /** Queues files for transcription; returns their jobs at once, work continues in the background. */
  async submit(paths: readonly string[], connectionId?: string): Promise<Job[]> {
    const connection = this.deps.connections.get(connectionId);
    if (!connection)
      throw new AppFailure(appError('no-connection', { connection: connectionId ?? '' }));
    const jobs: Job[] = [];
    for (const path of paths) {
      const { size } = await checkFile(path);
      const now = Date.now();
      const mode = routeBySize(size);
      const job: Job = {
        id: randomUUID(),
        file: { path, name: basename(path), size },
        connection: connection.id,
        params: { d: dOf(connection, mode), logging: connection.logging },
        mode,
        status: 'queued',
        createdAt: now,
        updatedAt: now,
      };
      jobs.push(await this.update(job, {}));
    }
    for (const job of jobs) void this.process(job.id);
    return jobs;
  }

  /** After a restart: resume polling, redo what has no server state, flag cut-off async uploads. */
  async resume(): Promise<void> {
    for (const job of this.deps.journal.list()) {
      if (job.status === 'completed' || job.status === 'failed') continue;
      if (job.sessionid) this.schedulePoll(job, 0);
      else if (job.mode === 'async' && job.status === 'uploading') {
        await this.update(job, {
          status: 'failed',
          error: appError('interrupted', { name: job.file.name }),
        });
      } else void this.process(job.id);
    }
  }

  async retry(id: string): Promise<Job> {
    const job = this.deps.journal.get(id);
    if (!job) throw new AppFailure(appError('not-found', { what: 'job', id }));
    if (job.status !== 'failed') return job;
    const reset = await this.update(job, {
      status: 'queued',
      error: undefined,
      sessionid: undefined,
      apiVersion: undefined,
      progress: undefined,
      nextPollAt: undefined,
      pollDelayMs: undefined,
      pollProblem: undefined,
    });
    void this.process(id);
    return reset;
  }

  async remove(id: string): Promise<boolean> {
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
    const removed = await this.deps.journal.remove(id);
    if (removed) this.deps.emit('jobs:removed', { id });
    return removed;
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private async fail(id: string, error: unknown): Promise<void> {
    const job = this.deps.journal.get(id);
    if (job && !this.stopped)
      await this.update(job, { status: 'failed', error: toAppError(error), progress: undefined });
  }

  private async process(id: string): Promise<void> {
    if (this.running.has(id)) return;
    this.running.add(id);
    try {
      let job = this.deps.journal.get(id);
      if (!job) return;
      const client = await this.clientFor(job.connection);
      let path = job.convertedPath ?? job.file.path;
      await checkFile(job.file.path);
      if (!job.convertedPath && (await sniffFile(job.file.path)) === 'convert') {
        const dir = join(this.deps.dataDir, 'converted');
        await mkdir(dir, { recursive: true });
        path = join(dir, `${job.id}.flac`);
        await convertToFlac(job.file.path, path);
        const { size } = await checkFile(path);
        const mode = routeBySize(size);
        const connection = this.deps.connections.get(job.connection)!;
        job = await this.update(job, {
          convertedPath: path,
          mode,
          params: { ...job.params, d: dOf(connection, mode) },
        });
      }
      job = await this.update(job, { status: 'uploading', progress: 0 });
      let lastEmit = 0;
      const onProgress = (sent: number, total: number) => {
        const now = Date.now();
        if (now - lastEmit < 100 && sent < total) return;
        lastEmit = now;
        this.deps.emit('upload:progress', { id, sent, total });
      };
      const upload = {
        filePath: path,
        d: job.params.d,
        ...(job.params.c ? { c: job.params.c } : {}),
        onProgress,
      };

      if (job.mode === 'sync') {
        const result = await client.recognize({ ...upload, logging: job.params.logging });
        if (result.code === 'o')
          throw new AppFailure(appError('nothing-recognised', {}, result.message));
        const resultFile = await this.deps.journal.saveResult(id, {
          text: result.text,
          utterances: result.results,
          ...(result.sessionId ? { sessionId: result.sessionId } : {}),
        });
        await this.update(job, {
          status: 'completed',
          resultFile,
          completedAt: Date.now(),
          progress: 1,
        });
        await this.dropConverted(job);
        return;
      }
      let version: 1 | 2 = 2;
      let created;
      try {
        created = await client.createJob({ ...upload, version });
      } catch (error) {
        // The service has no v2: fall back to v1 (the request never reached a job endpoint).
        if (!(error instanceof AppFailure && error.error.code === 'not-found')) throw error;
        version = 1;
        created = await client.createJob({ ...upload, version });
      }
      job = await this.update(job, {
        status: 'recognizing',
        sessionid: created.sessionid,
        apiVersion: version,
        progress: 1,
      });
      this.schedulePoll(job, this.pollMinMs);
    } catch (error) {
      await this.fail(id, error);
    } finally {
      this.running.delete(id);
    }
  }

  private schedulePoll(job: Job, delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timers.get(job.id));
    this.timers.set(
      job.id,
      setTimeout(() => void this.poll(job.id), delayMs),
    );
  }

  private async poll(id: string): Promise<void> {
    this.timers.delete(id);
    let job = this.deps.journal.get(id);
    if (!job?.sessionid || this.stopped) return;
    const delay = Math.min(
      this.pollMaxMs,
      Math.max(this.pollMinMs, Math.round((job.pollDelayMs ?? this.pollMinMs / 1.5) * 1.5)),
    );
    try {
      const client = await this.clientFor(job.connection);
      const status = await client.getJob(job.sessionid, job.apiVersion ?? 2);
      if (status.status === 'completed') {
        const utterances = utterancesOfJob(status);
        const resultFile = await this.deps.journal.saveResult(id, {
          text: status.text,
          utterances,
          sessionId: job.sessionid,
        });
        await this.update(job, {
          status: 'completed',
          resultFile,
          completedAt: Date.now(),
          nextPollAt: undefined,
          pollProblem: undefined,
        });
        await this.dropConverted(job);
        return;
      }
      if (status.status === 'error') {
        throw new AppFailure(appError('job-failed', {}, status.error_message));
      }
      job = await this.update(job, {
        status: 'recognizing',
        nextPollAt: Date.now() + delay,
        pollDelayMs: delay,
        pollProblem: undefined,
      });
      this.schedulePoll(job, delay);
    } catch (error) {
      const appErr = toAppError(error);
      if (TRANSIENT.has(appErr.code)) {
        // The service is away or struggling: keep the job and ask again later.
        job = await this.update(job, {
          nextPollAt: Date.now() + delay,
          pollDelayMs: delay,
          pollProblem: appErr,
        });
        this.schedulePoll(job, delay);
      } else {
        await this.fail(id, error);
      }
    }
  }

  private async dropConverted(job: Job): Promise<void> {
    if (job.convertedPath) await rm(job.convertedPath, { force: true });
  }
}
