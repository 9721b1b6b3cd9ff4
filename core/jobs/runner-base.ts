/**
 * The bookkeeping under the transcription runner (./transcription-runner.ts): what is in flight
 * for each job and how to abort it, the status checks waiting on a timer, the jobs cancelled while
 * work on them may still be finishing (whose work then writes nothing), and how a change or a
 * failure is journaled before it is announced.
 */
import type { Job } from '../../shared/domain/job';
import { RequestAborted } from '../api-client/api-client';
import { toAppError } from '../errors';
import { JobRemoved } from './job-journal';
import { type Clock, type RunnerDeps, systemClock } from './runner-deps';

/** How long a cancel waits for the local service to say it stopped the job. */
const STOP_ON_SERVICE_MS = 5_000;

export abstract class JobWork {
  /** Cancels the next status check of each waiting job. */
  protected readonly timers = new Map<string, () => void>();
  /** Cancels the request in flight (upload or status check) of each job. */
  protected readonly inFlight = new Map<string, AbortController>();
  protected readonly running = new Set<string>();
  /** Jobs cancelled while work on them may still be finishing: that work is dropped. */
  protected readonly cancelled = new Set<string>();
  /** Uploads and status checks under way, so `idle` can wait for them. */
  protected readonly work = new Set<Promise<void>>();
  protected stopped = false;
  protected readonly pollMinMs: number;
  protected readonly pollMaxMs: number;
  protected readonly clock: Clock;

  constructor(protected readonly deps: RunnerDeps) {
    this.pollMinMs = deps.pollMinMs ?? 2_000;
    this.pollMaxMs = deps.pollMaxMs ?? 30_000;
    this.clock = deps.clock ?? systemClock;
  }

  protected async update(job: Job, changes: Partial<Job>): Promise<Job> {
    // Work that was under way when its job was cancelled writes nothing more.
    if (this.cancelled.has(job.id)) throw new JobRemoved(job.id);
    const next = await this.deps.journal.save({ ...job, ...changes, updatedAt: this.clock.now() });
    this.deps.emit('jobs:changed', { job: next });
    return next;
  }

  /** A fresh cancellation for the work about to start on a job. */
  protected track(id: string): AbortSignal {
    const controller = new AbortController();
    this.inFlight.get(id)?.abort();
    this.inFlight.set(id, controller);
    return controller.signal;
  }

  protected untrack(id: string, signal: AbortSignal): void {
    if (this.inFlight.get(id)?.signal === signal) this.inFlight.delete(id);
  }

  /** Work that ended because its job was removed (or the runner stopped) has nothing to report. */
  protected dropped(id: string, signal: AbortSignal, error?: unknown): boolean {
    return (
      signal.aborted ||
      this.stopped ||
      error instanceof RequestAborted ||
      error instanceof JobRemoved ||
      !this.deps.journal.get(id)
    );
  }

  /** Runs a piece of background work, tracked for `idle`. */
  protected launch(work: Promise<void>): void {
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

  protected async fail(id: string, error: unknown): Promise<void> {
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
  protected show(job: Job, changes: Partial<Job>): void {
    const shown = this.deps.journal.hold({ ...job, ...changes, updatedAt: this.clock.now() });
    this.deps.emit('jobs:changed', { job: shown });
  }

  /**
   * Jobs cancelled before there was a `cancelled` state ended `failed` with the reason
   * `cancelled`: they say what they are now (a disk that refuses the write leaves them as they are).
   */
  protected async markOlderCancels(): Promise<void> {
    for (const job of this.deps.journal.list())
      if (job.status === 'failed' && job.error?.code === 'cancelled')
        await this.update(job, { status: 'cancelled' }).catch(() => undefined);
  }

  /** Asks the local service to stop a job it has; false for the cloud, or when it did not answer. */
  protected async stopOnService(job: Job): Promise<boolean> {
    if (this.deps.connections.get(job.connection)?.kind !== 'local') return false;
    const signal = AbortSignal.timeout(STOP_ON_SERVICE_MS);
    try {
      const client = await Promise.race([
        this.deps.clients.forConnection(job.connection),
        new Promise<never>((_, reject) =>
          signal.addEventListener('abort', () => reject(new Error('no answer')), { once: true }),
        ),
      ]);
      return await client.cancelJob(job.sessionid!, job.apiVersion ?? 2, signal);
    } catch {
      return false;
    }
  }
}
