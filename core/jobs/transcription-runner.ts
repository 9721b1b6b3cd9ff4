/**
 * Runs transcriptions: routes each file once, when its job is made (routing.ts: sync up to
 * 16,777,215 bytes, async v2 above, v1 when v2 answers 404; unaccepted containers converted to
 * FLAC first, or only the speech cut out when the job asks, speech-cut.ts, its result's times
 * mapped back to the recording), uploads with progress, polls async
 * jobs with backoff (2 s rising to 30 s), and picks everything up again after a restart. Every
 * change is journaled before it is announced. Removing a job cancels what is in flight for it (the
 * upload or the status check), and nothing that arrives later brings it back. A job's state says
 * what is true (shared/domain/job.ts JOB_STATES); its bookkeeping is ./runner-base.ts, what it
 * does once a job is with the service (polls, completion) ./runner-polls.ts.
 *
 * The API client and the clock are injected, so every branch can be driven in fast unit tests.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { AppFailure, appError } from '../../shared/domain/errors';
import { defaultRateOf } from '../../shared/domain/estimate';
import { checkJobTitle, isEnded, type Job } from '../../shared/domain/job';
import { serviceWords } from '../api-client/api-client';
import { dOf } from './request-d';
import { inRecording, PollingWork } from './runner-polls';
import { nthOf, type SubmitSettings, withSettings } from './runner-deps';
import { dropOrphanAnswers, removeAnswer } from './service-answers';
import { acceptMedia, openMedia, type OpenedMedia } from '../media/media-file';
import { sentAsIs } from '../../shared/api/media-formats';
import { speakerLabelsOn } from '../../shared/api/route';
import type { Connection } from '../../shared/domain/connection';
import { audioSeconds, convertToFlac } from '../media/media-tools';
import { decideRoute, type RouteDecision } from './routing';
import { speechAudio } from './speech-cut';

export { type Clock, type RunnerDeps, type SubmitSettings, systemClock } from './runner-deps';

/** A file accepted and routed, before its job is made. */
type Decided = OpenedMedia & { readonly path: string } & RouteDecision;

export class TranscriptionRunner extends PollingWork {
  /**
   * Queues files for transcription; returns their jobs at once, work continues in the background.
   * Every path is checked first (it is audio or video: core/media/media-file.ts; which paths a caller
   * may name was settled before, chosenPaths), so a refused one leaves nothing in the journal.
   */
  async submit(
    paths: readonly string[],
    connectionId?: string,
    use: SubmitSettings = {},
    origin: Pick<Job, 'watched' | 'program'> = {},
  ): Promise<Job[]> {
    const { watched, program } = origin;
    const saved = this.deps.connections.get(connectionId);
    if (!saved) throw new AppFailure(appError('no-connection', { connection: connectionId ?? '' }));
    const connection = withSettings(saved, use);
    // Each file is opened once, checked on its descriptor, and its length read from it.
    const accepted: (OpenedMedia & { path: string })[] = [];
    const jobs: Job[] = [];
    try {
      for (const path of paths)
        accepted.push({ path, ...(await openMedia(path, watched?.version)) });
      const speakers = speakerLabelsOn(connection.settings);
      const speechOnly = connection.speechOnly === true;
      const decided: Decided[] = [];
      for (const file of accepted) {
        // The one routing decision: kept on the job, which the window is told.
        decided.push({ ...file, ...(await decideRoute({ ...file, speechOnly }, speakers)) });
      }
      // Past a budget the person wants to be asked about, nothing is journaled until they say so.
      const adding = decided.reduce((sum, file) => sum + (file.seconds ?? 0), 0);
      this.deps.usage?.checkBudget(connection.id, adding, use.overBudget === true);
      for (const file of decided)
        jobs.push(await this.jobOf(file, connection, { watched, program }));
    } finally {
      await Promise.all(accepted.map(({ handle }) => handle.close()));
    }
    for (const job of jobs) this.launch(this.process(job.id));
    return jobs;
  }

  /** A new job of an accepted file, as routed, journaled. */
  private async jobOf(
    { path, size, container, route, mode, seconds }: Decided,
    connection: Connection,
    { watched, program }: Pick<Job, 'watched' | 'program'>,
  ): Promise<Job> {
    const now = this.clock.now();
    const name = basename(path);
    const nth = nthOf(this.deps.journal.list(), name);
    const job: Job = {
      id: randomUUID(),
      file: { path, name, size, container, ...(nth ? { nth } : {}) },
      connection: connection.id,
      params: { d: dOf(connection, mode), logging: connection.logging },
      mode,
      route,
      ...(seconds ? { seconds } : {}),
      ...(connection.speechOnly === true ? { speechOnly: true } : {}),
      defaultRate: defaultRateOf(connection.kind, mode),
      status: 'queued',
      ...(watched ? { watched } : {}),
      ...(program ? { program } : {}),
      createdAt: now,
      updatedAt: now,
    };
    return this.update(job, {});
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
    await dropOrphanAnswers(this.deps.dataDir, (id) => this.deps.journal.get(id) !== undefined);
    await this.markOlderCancels();
    for (const job of this.deps.journal.list()) {
      if (isEnded(job.status) || job.mode === 'live') continue;
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
   * Stops a job at once: its upload or status check is aborted and no check follows, and it ends
   * `cancelled`. A direct request's service sees the request go (the local service then stops
   * decoding it). A job the service already has is asked to stop on the local service (docs/api.md
   * §4: its own DELETE); the cloud's API documents no way to, so the job says that the service may
   * still finish it. It stays in the list, and can be retried.
   */
  async cancel(id: string): Promise<Job> {
    const job = this.existing(id);
    if (isEnded(job.status)) return job;
    this.timers.get(id)?.();
    this.timers.delete(id);
    this.cancelled.add(id);
    this.inFlight.get(id)?.abort();
    this.inFlight.delete(id);
    const onService = job.mode === 'async' && job.sessionid !== undefined;
    const stopped = onService && (await this.stopOnService(job));
    const next = await this.deps.journal.save({
      ...job,
      status: 'cancelled',
      error: appError('cancelled', { service: onService && !stopped ? 'may-finish' : 'none' }),
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
    if (job.status !== 'failed' && job.status !== 'cancelled') return job;
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
    if (removed) await removeAnswer(this.deps.dataDir, id);
    if (removed) this.deps.emit('jobs:removed', { id });
    return removed;
  }

  private async process(id: string): Promise<void> {
    if (this.running.has(id)) return;
    this.running.add(id);
    const signal = this.track(id);
    let media: OpenedMedia | undefined;
    try {
      let job = this.deps.journal.get(id);
      if (!job) return;
      job = await this.showServiceWait(job);
      const client = await this.deps.clients.forConnection(job.connection);
      if (job.pollProblem?.code === 'service-starting')
        job = await this.update(job, { pollProblem: undefined });
      let path = job.convertedPath ?? job.file.path;
      // The file is checked again (it may have been replaced since it was accepted), and what is
      // converted or sent is what this descriptor reads, never the path again.
      media = await openMedia(job.file.path, job.watched?.version);
      const input = { handle: media.handle, path: job.file.path };
      if (!job.convertedPath && job.speechOnly) {
        const cut = await speechAudio(job, this.deps.dataDir, signal, input);
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
        await convertToFlac(input, path);
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
      // A direct request is recognised once its last byte is sent, in the same request: from
      // then on its job says so (it read "uploading 100 %" for the whole recognition).
      let recognizing: Promise<Job> | undefined;
      const sent = job;
      const onProgress = (bytes: number, total: number) => {
        const now = this.clock.now();
        if (bytes >= total && sent.mode === 'sync')
          recognizing ??= this.update(sent, { status: 'recognizing', progress: 1 }).catch(
            () => sent,
          );
        if (now - lastEmit < 100 && bytes < total) return;
        lastEmit = now;
        this.deps.emit('upload:progress', { id, sent: bytes, total });
      };
      // What is billed is the length of what goes, taken here where it goes.
      const what = path === job.file.path ? { handle: media.handle, path } : path;
      const sentSeconds = (await audioSeconds(what)) ?? job.seconds ?? 0;
      const upload = {
        filePath: path,
        ...(path === job.file.path ? { handle: media.handle } : {}),
        d: job.params.d,
        ...(job.params.c ? { c: job.params.c } : {}),
        onProgress,
        signal,
      };

      if (job.mode === 'sync') {
        const result = await client.recognize({ ...upload, logging: job.params.logging });
        job = (await recognizing) ?? job;
        const billed = this.bill(job, sentSeconds);
        if (result.code === 'o')
          throw new AppFailure(appError('nothing-recognised', {}, serviceWords(result.message)));
        const transcript = {
          text: result.text,
          utterances: inRecording(job, result.results),
          ...(result.sessionId ? { sessionId: result.sessionId } : {}),
        };
        // A direct request's session ID, when the service gave one, shows in Jobs too.
        const changes = result.sessionId ? { sessionid: result.sessionId } : {};
        return await this.complete(job, transcript, result.answer, {
          ...changes,
          ...billed,
          progress: 1,
        });
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
        ...this.bill(job, sentSeconds),
        status: 'recognizing',
        sessionid: created.sessionid,
        apiVersion: version,
        progress: 1,
      });
      this.schedulePoll(job, this.pollMinMs);
    } catch (error) {
      if (!this.dropped(id, signal, error)) await this.fail(id, error);
    } finally {
      await media?.handle.close();
      this.untrack(id, signal);
      this.running.delete(id);
    }
  }

  /**
   * The service answered a request carrying `seconds` of audio: they are counted for its
   * connection (logged or not, as the request went); the change that adds them to what the job
   * was billed for goes with the job's next change.
   */
  private bill(job: Job, seconds: number): Pick<Job, 'billedSeconds'> {
    this.deps.usage?.bill({ connection: job.connection, logged: job.params.logging, seconds });
    return { billedSeconds: (job.billedSeconds ?? 0) + seconds };
  }

  /** Work for the local service while it starts says so on the job, then waits for it (ClientProvider). */
  private async showServiceWait(job: Job): Promise<Job> {
    const connection = this.deps.connections.get(job.connection);
    if (connection?.kind !== 'local' || !this.deps.connections.localStarting()) return job;
    const seconds = Math.round(this.deps.clients.serviceWaitMs / 1000);
    return this.update(job, { pollProblem: appError('service-starting', { seconds }) });
  }
}
