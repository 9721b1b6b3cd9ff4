/**
 * Runs transcriptions: routes each file once, when its job is made (routing.ts: sync up to
 * 16,777,215 bytes, async v2 above, v1 when v2 answers 404; unaccepted containers converted to
 * FLAC first, or only the speech cut out when the job asks, speech-cut.ts, its result's times
 * mapped back to the recording), uploads with progress, polls async
 * jobs with backoff (2 s rising to 30 s), and picks everything up again after a restart. Every
 * change is journaled before it is announced. Removing a job cancels what is in flight for it (the
 * upload or the status check), and nothing that arrives later brings it back.
 *
 * The API client and the clock are injected, so every branch can be driven in fast unit tests.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { utterancesOfJob } from '../../shared/api';
import type { Connection } from '../../shared/domain/connection';
import { AppFailure, appError } from '../../shared/domain/errors';
import { checkJobTitle, type Job } from '../../shared/domain/job';
import type { EventName, EventPayload } from '../../shared/ipc/contract';
import { RequestAborted, serviceWords } from '../api-client/api-client';
import type { ClientProvider } from '../clients';
import type { ConnectionStore } from '../connections/connection-store';
import { toAppError } from '../errors';
import { previewOf } from './preview';
import { dOf } from './request-d';
import { JobRemoved, type JobJournal } from './job-journal';
import { acceptMedia } from '../media-file';
import { sentAsIs, type Container } from '../../shared/api/media-formats';
import { speakerLabelsOn } from '../../shared/api/route';
import { convertToFlac } from '../media-tools';
import { decideRoute } from './routing';
import { utterancesInRecording } from '../../shared/domain/speech-only';
import type { Utterance } from '../../shared/api/recognition';
import { speechAudio } from './speech-cut';

/** Time as the runner sees it: the current time, and a timer that can be cancelled. */
export interface Clock {
  now(): number;
  /** Calls `run` after `ms`; the returned function cancels it. */
  after(ms: number, run: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  after(ms, run) {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
};

/**
 * A job on the local service is looked at every 3 s at most: the request goes to this machine
 * and costs it next to nothing, and the job shows done within 3 s of its end rather than up to
 * 30 s later. A cloud job's checks back off to `pollMaxMs` (30 s).
 */
const LOCAL_POLL_MAX_MS = 3_000;

export interface RunnerDeps {
  readonly journal: JobJournal;
  readonly connections: ConnectionStore;
  /** Where each request's client comes from, keyed for its connection (core/clients.ts). */
  readonly clients: ClientProvider;
  readonly dataDir: string;
  readonly emit: <E extends EventName>(event: E, payload: EventPayload<E>) => void;
  readonly pollMinMs?: number;
  readonly pollMaxMs?: number;
  readonly clock?: Clock;
}

/** An engine, profile, speaker labels or speech only for some files (the command line's flags). */
export interface SubmitSettings {
  readonly engine?: string | undefined;
  readonly profileId?: string | undefined;
  readonly speakers?: boolean | undefined;
  readonly speechOnly?: boolean | undefined;
}

/** The connection as these files use it: what `use` says over what it saved. */
function withSettings(connection: Connection, use: SubmitSettings): Connection {
  return {
    ...connection,
    ...(use.engine !== undefined && { engine: use.engine }),
    ...(use.profileId !== undefined && { profileId: use.profileId }),
    ...(use.speechOnly !== undefined && { speechOnly: use.speechOnly }),
    ...(use.speakers !== undefined && {
      settings: { ...connection.settings, speakerDiarization: use.speakers ? 'True' : 'False' },
    }),
  };
}

/** A result's utterances with the recording's times: moved back when only speech was sent. */
const inRecording = (job: Job, utterances: Utterance[]): Utterance[] =>
  job.speech ? utterancesInRecording(utterances, job.speech) : utterances;

const TRANSIENT = new Set(['network', 'timeout', 'server', 'busy', 'service-not-started']);

export class TranscriptionRunner {
  /** Cancels the next status check of each waiting job. */
  private readonly timers = new Map<string, () => void>();
  /** Cancels the request in flight (upload or status check) of each job. */
  private readonly inFlight = new Map<string, AbortController>();
  private readonly running = new Set<string>();
  /** Jobs cancelled while work on them may still be finishing: that work is dropped. */
  private readonly cancelled = new Set<string>();
  /** Uploads and status checks under way, so `idle` can wait for them. */
  private readonly work = new Set<Promise<void>>();
  private stopped = false;
  private readonly pollMinMs: number;
  private readonly pollMaxMs: number;
  private readonly clock: Clock;

  constructor(private readonly deps: RunnerDeps) {
    this.pollMinMs = deps.pollMinMs ?? 2_000;
    this.pollMaxMs = deps.pollMaxMs ?? 30_000;
    this.clock = deps.clock ?? systemClock;
  }

  private async update(job: Job, changes: Partial<Job>): Promise<Job> {
    // Work that was under way when its job was cancelled writes nothing more.
    if (this.cancelled.has(job.id)) throw new JobRemoved(job.id);
    const next = await this.deps.journal.save({ ...job, ...changes, updatedAt: this.clock.now() });
    this.deps.emit('jobs:changed', { job: next });
    return next;
  }

  /** A fresh cancellation for the work about to start on a job. */
  private track(id: string): AbortSignal {
    const controller = new AbortController();
    this.inFlight.get(id)?.abort();
    this.inFlight.set(id, controller);
    return controller.signal;
  }

  private untrack(id: string, signal: AbortSignal): void {
    if (this.inFlight.get(id)?.signal === signal) this.inFlight.delete(id);
  }

  /** Work that ended because its job was removed (or the runner stopped) has nothing to report. */
  private dropped(id: string, signal: AbortSignal, error?: unknown): boolean {
    return (
      signal.aborted ||
      this.stopped ||
      error instanceof RequestAborted ||
      error instanceof JobRemoved ||
      !this.deps.journal.get(id)
    );
  }

  /**
   * Queues files for transcription; returns their jobs at once, work continues in the background.
   * Every path is checked first (it is audio or video: core/media-file.ts; which paths a caller
   * may name was settled before, chosenPaths), so a refused one leaves nothing in the journal.
   */
  async submit(
    paths: readonly string[],
    connectionId?: string,
    use: SubmitSettings = {},
    watched?: Job['watched'],
  ): Promise<Job[]> {
    const saved = this.deps.connections.get(connectionId);
    if (!saved) throw new AppFailure(appError('no-connection', { connection: connectionId ?? '' }));
    const connection = withSettings(saved, use);
    const accepted: { path: string; size: number; container: Container }[] = [];
    for (const path of paths) {
      accepted.push({ path, ...(await acceptMedia(path)) });
    }
    const jobs: Job[] = [];
    for (const { path, size, container } of accepted) {
      const now = this.clock.now();
      const speakers = speakerLabelsOn(connection.settings);
      const speechOnly = connection.speechOnly === true;
      // The one routing decision: kept on the job, which the window is told.
      const { route, mode, seconds } = await decideRoute(
        { path, size, container, speechOnly },
        speakers,
      );
      const name = basename(path);
      const nth = this.nthOf(name);
      const job: Job = {
        id: randomUUID(),
        file: { path, name, size, container, ...(nth ? { nth } : {}) },
        connection: connection.id,
        params: { d: dOf(connection, mode), logging: connection.logging },
        mode,
        route,
        ...(seconds ? { seconds } : {}),
        ...(speechOnly ? { speechOnly } : {}),
        status: 'queued',
        ...(watched ? { watched } : {}),
        createdAt: now,
        updatedAt: now,
      };
      jobs.push(await this.update(job, {}));
    }
    for (const job of jobs) this.launch(this.process(job.id));
    return jobs;
  }

  /**
   * The number a new file named `name` gets beside its name when jobs already have that name:
   * one more than the highest of theirs (the first counts as 1), so a removal never repeats one.
   */
  private nthOf(name: string): number | undefined {
    let highest = 0;
    for (const job of this.deps.journal.list()) {
      if (job.file.name === name) highest = Math.max(highest, job.file.nth ?? 1);
    }
    return highest > 0 ? highest + 1 : undefined;
  }

  /**
   * Jobs journaled before files were checked as media carry no container, so the player gets
   * nothing of them: each whose file still is audio or video gets it recorded once.
   */
  async recordMedia(): Promise<void> {
    for (const job of this.deps.journal.list()) {
      // A live job's recording is the app's own: whether it plays was decided when it was made.
      if (job.file.container || job.mode === 'live') continue;
      const media = await acceptMedia(job.file.path).catch(() => undefined);
      if (media) await this.update(job, { file: { ...job.file, container: media.container } });
    }
  }

  /**
   * After a restart: resume polling, redo what has no server state, flag cut-off async uploads.
   * A live job is never picked up here: its session cannot be resumed, and one that was cut off
   * is completed from what it journaled (recoverLiveJobs, run before this).
   */
  async resume(): Promise<void> {
    for (const job of this.deps.journal.list()) {
      if (job.status === 'completed' || job.status === 'failed' || job.mode === 'live') continue;
      if (job.sessionid) this.schedulePoll(job, 0);
      else if (job.mode === 'async' && job.status === 'uploading') {
        const changes: Partial<Job> = {
          status: 'failed',
          error: appError('interrupted', { name: job.file.name }),
        };
        await this.update(job, changes).catch(() => this.show(job, changes));
      } else this.launch(this.process(job.id));
    }
  }

  /**
   * Stops a job on our side at once: its upload or status check is aborted and no check follows.
   * The API documents no way to stop a job the service already has (docs/api.md §4), so the job
   * says whether the service may still finish it. It stays in the list, failed with `cancelled`,
   * so it can be retried.
   */
  async cancel(id: string): Promise<Job> {
    const job = this.existing(id);
    if (job.status === 'completed' || job.status === 'failed') return job;
    this.timers.get(id)?.();
    this.timers.delete(id);
    this.cancelled.add(id);
    this.inFlight.get(id)?.abort();
    this.inFlight.delete(id);
    const next = await this.deps.journal.save({
      ...job,
      status: 'failed',
      error: appError('cancelled', {
        service: job.mode === 'async' && job.sessionid ? 'may-finish' : 'none',
      }),
      progress: undefined,
      nextPollAt: undefined,
      pollDelayMs: undefined,
      pollProblem: undefined,
      updatedAt: this.clock.now(),
    });
    this.deps.emit('jobs:changed', { job: next });
    return next;
  }

  async retry(id: string): Promise<Job> {
    const job = this.existing(id);
    if (job.status !== 'failed') return job;
    this.cancelled.delete(id);
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
    this.launch(this.process(id));
    return reset;
  }

  /**
   * A job to cancel or retry. A live job is neither: its session is stopped from the live view,
   * and its audio was recognized as it was spoken, so there is nothing to send again.
   */
  private existing(id: string): Job {
    const job = this.deps.journal.get(id);
    if (!job) throw new AppFailure(appError('not-found', { what: 'job', id }));
    if (job.mode === 'live')
      throw new AppFailure(appError('live-no-retry', { name: job.file.name }));
    return job;
  }

  /**
   * Names a job, whatever its state (a running job's work keeps the name: JobJournal.save); an
   * empty title goes back to the file name.
   */
  async rename(id: string, typed: string): Promise<Job> {
    const checked = checkJobTitle(typed);
    if (!checked.ok) throw new AppFailure(checked.error);
    const job = await this.deps.journal.rename(id, checked.title, this.clock.now());
    if (!job) throw new AppFailure(appError('not-found', { what: 'job', id }));
    this.deps.emit('jobs:changed', { job });
    return job;
  }

  async remove(id: string): Promise<boolean> {
    this.timers.get(id)?.();
    this.timers.delete(id);
    this.inFlight.get(id)?.abort();
    this.inFlight.delete(id);
    const removed = await this.deps.journal.remove(id);
    if (removed) this.deps.emit('jobs:removed', { id });
    return removed;
  }

  /** Runs a piece of background work, tracked for `idle`. */
  private launch(work: Promise<void>): void {
    this.work.add(work);
    void work.finally(() => this.work.delete(work));
  }

  /** Resolves once no upload or status check is under way (timers waiting for later do not count). */
  async idle(): Promise<void> {
    while (this.work.size > 0) await Promise.allSettled([...this.work]);
  }

  /** Stops all work; what was in flight is picked up again by `resume` on the next start. */
  stop(): void {
    this.stopped = true;
    for (const cancel of this.timers.values()) cancel();
    this.timers.clear();
    for (const controller of this.inFlight.values()) controller.abort();
    this.inFlight.clear();
  }

  private async fail(id: string, error: unknown): Promise<void> {
    const job = this.deps.journal.get(id);
    if (!job || this.stopped) return;
    const changes: Partial<Job> = {
      status: 'failed',
      error: toAppError(error),
      progress: undefined,
      pollProblem: undefined,
    };
    await this.update(job, changes).catch((saveError: unknown) => {
      if (!(saveError instanceof JobRemoved)) this.show(job, changes);
    });
  }

  /**
   * A failure that could not be written (a full disk) is still shown, until the next start goes
   * back to the last state on disk and handles the job from there.
   */
  private show(job: Job, changes: Partial<Job>): void {
    const shown = this.deps.journal.hold({ ...job, ...changes, updatedAt: this.clock.now() });
    this.deps.emit('jobs:changed', { job: shown });
  }

  private async process(id: string): Promise<void> {
    if (this.running.has(id)) return;
    this.running.add(id);
    const signal = this.track(id);
    try {
      let job = this.deps.journal.get(id);
      if (!job) return;
      job = await this.showServiceWait(job);
      const client = await this.deps.clients.forConnection(job.connection);
      if (job.pollProblem?.code === 'service-starting')
        job = await this.update(job, { pollProblem: undefined });
      let path = job.convertedPath ?? job.file.path;
      // The file is checked again: it may have been replaced since it was accepted.
      const media = await acceptMedia(job.file.path);
      if (!job.convertedPath && job.speechOnly) {
        const cut = await speechAudio(job, this.deps.dataDir, signal);
        if (this.dropped(id, signal)) {
          await rm(cut.path, { force: true });
          return;
        }
        path = cut.path;
        job = await this.update(job, {
          convertedPath: cut.path,
          speech: cut.speech,
          sentSeconds: cut.sentSeconds,
        });
      } else if (!job.convertedPath && !sentAsIs(media.container)) {
        const dir = join(this.deps.dataDir, 'converted');
        await mkdir(dir, { recursive: true });
        path = join(dir, `${job.id}.flac`);
        await convertToFlac(job.file.path, path);
        if (this.dropped(id, signal)) {
          await rm(path, { force: true });
          return;
        }
        // Routed when the job was made, by the length this FLAC has (routing.ts).
        job = await this.update(job, { convertedPath: path });
      }
      job = await this.update(job, {
        status: 'uploading',
        progress: 0,
        startedAt: this.clock.now(),
      });
      let lastEmit = 0;
      const onProgress = (sent: number, total: number) => {
        const now = this.clock.now();
        if (now - lastEmit < 100 && sent < total) return;
        lastEmit = now;
        this.deps.emit('upload:progress', { id, sent, total });
      };
      const upload = {
        filePath: path,
        d: job.params.d,
        ...(job.params.c ? { c: job.params.c } : {}),
        onProgress,
        signal,
      };

      if (job.mode === 'sync') {
        const result = await client.recognize({ ...upload, logging: job.params.logging });
        if (result.code === 'o')
          throw new AppFailure(appError('nothing-recognised', {}, serviceWords(result.message)));
        const resultFile = await this.deps.journal.saveResult(id, {
          text: result.text,
          utterances: inRecording(job, result.results),
          ...(result.sessionId ? { sessionId: result.sessionId } : {}),
        });
        await this.update(job, {
          status: 'completed',
          resultFile,
          preview: previewOf(result.text),
          completedAt: this.clock.now(),
          progress: 1,
          // A direct request's session ID, when the service gave one, shows in Jobs too.
          ...(result.sessionId ? { sessionid: result.sessionId } : {}),
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
      if (!this.dropped(id, signal, error)) await this.fail(id, error);
    } finally {
      this.untrack(id, signal);
      this.running.delete(id);
    }
  }

  /** Work for the local service while it starts says so on the job, then waits for it (ClientProvider). */
  private async showServiceWait(job: Job): Promise<Job> {
    const connection = this.deps.connections.get(job.connection);
    if (connection?.kind !== 'local' || !this.deps.connections.localStarting()) return job;
    const seconds = Math.round(this.deps.clients.serviceWaitMs / 1000);
    return this.update(job, { pollProblem: appError('service-starting', { seconds }) });
  }

  private schedulePoll(job: Job, delayMs: number): void {
    if (this.stopped || !this.deps.journal.get(job.id)) return;
    this.timers.get(job.id)?.();
    this.timers.set(
      job.id,
      this.clock.after(delayMs, () => this.launch(this.poll(job.id))),
    );
  }

  private async poll(id: string): Promise<void> {
    this.timers.delete(id);
    let job = this.deps.journal.get(id);
    if (!job?.sessionid || this.stopped) return;
    const signal = this.track(id);
    const local = this.deps.connections.get(job.connection)?.kind === 'local';
    const delay = Math.min(
      local ? Math.min(LOCAL_POLL_MAX_MS, this.pollMaxMs) : this.pollMaxMs,
      Math.max(this.pollMinMs, Math.round((job.pollDelayMs ?? this.pollMinMs / 1.5) * 1.5)),
    );
    try {
      const client = await this.deps.clients.forConnection(job.connection);
      const status = await client.getJob(job.sessionid, job.apiVersion ?? 2, signal);
      if (this.dropped(id, signal)) return;
      if (status.status === 'completed') {
        const utterances = inRecording(job, utterancesOfJob(status));
        const resultFile = await this.deps.journal.saveResult(id, {
          text: status.text,
          utterances,
          sessionId: job.sessionid,
        });
        await this.update(job, {
          status: 'completed',
          resultFile,
          preview: previewOf(status.text),
          completedAt: this.clock.now(),
          nextPollAt: undefined,
          pollProblem: undefined,
        });
        await this.dropConverted(job);
        return;
      }
      if (status.status === 'error') {
        throw new AppFailure(appError('job-failed', {}, serviceWords(status.error_message)));
      }
      job = await this.update(job, {
        status: 'recognizing',
        nextPollAt: this.clock.now() + delay,
        pollDelayMs: delay,
        pollProblem: undefined,
      });
      this.schedulePoll(job, delay);
    } catch (error) {
      if (this.dropped(id, signal, error)) return;
      const appErr = toAppError(error);
      if (TRANSIENT.has(appErr.code)) {
        // The service is away or struggling: keep the job and ask again later.
        await this.update(job, {
          nextPollAt: this.clock.now() + delay,
          pollDelayMs: delay,
          pollProblem: appErr,
        }).then(
          (next) => this.schedulePoll(next, delay),
          (saveError: unknown) => this.fail(id, saveError),
        );
      } else {
        await this.fail(id, error);
      }
    } finally {
      this.untrack(id, signal);
    }
  }

  private async dropConverted(job: Job): Promise<void> {
    if (job.convertedPath) await rm(job.convertedPath, { force: true });
  }
}
