/**
 * What the runner (transcription-runner.ts) does once a job is with the service: asks an async
 * job's status with backoff (2 s rising to 30 s; a local service's at most LOCAL_POLL_MAX_MS),
 * keeps asking while the service is away, and completes a job: the service's answer kept, then
 * the transcript, then the job marked completed.
 */
import { rm } from 'node:fs/promises';
import { utterancesOfJob } from '../../shared/api';
import type { Utterance } from '../../shared/api/recognition';
import { AppFailure, appError } from '../../shared/domain/errors';
import type { Job, Transcript } from '../../shared/domain/job';
import { utterancesInRecording } from '../../shared/domain/speech-only';
import { serviceWords } from '../api-client/api-client';
import { toAppError } from '../errors';
import { previewOf } from './preview';
import { JobWork } from './runner-base';
import { LOCAL_POLL_MAX_MS, TRANSIENT } from './runner-deps';
import { saveAnswer } from './service-answers';

/** A result's utterances with the recording's times: moved back when only speech was sent. */
export const inRecording = (job: Job, utterances: Utterance[]): Utterance[] =>
  job.speech ? utterancesInRecording(utterances, job.speech) : utterances;

export abstract class PollingWork extends JobWork {
  protected schedulePoll(job: Job, delayMs: number): void {
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
        const transcript = {
          text: status.text,
          utterances: inRecording(job, utterancesOfJob(status)),
          sessionId: job.sessionid,
        };
        return await this.complete(job, transcript, status.answer, {
          nextPollAt: undefined,
          pollProblem: undefined,
        });
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

  /**
   * A job done: the service's answer kept as it came, then the transcript drawn from it, then
   * the job marked completed (so a completed job always has both).
   */
  protected async complete(
    job: Job,
    transcript: Transcript,
    answer: unknown,
    changes: Partial<Job>,
  ): Promise<void> {
    if (answer !== undefined) await saveAnswer(this.deps.dataDir, job.id, answer);
    const resultFile = await this.deps.journal.saveResult(job.id, transcript);
    await this.update(job, {
      ...changes,
      status: 'completed',
      resultFile,
      preview: previewOf(transcript.text),
      completedAt: this.clock.now(),
    });
    await this.dropConverted(job);
  }

  private async dropConverted(job: Job): Promise<void> {
    if (job.convertedPath) await rm(job.convertedPath, { force: true });
  }
}
