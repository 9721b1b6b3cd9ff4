/**
 * The transcription runner's branches, driven through a fake clock and a scripted client (typed
 * from the real ApiClient) over real files: no service, no network, no waiting on real time.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppFailure, appError } from '../../../shared/domain/errors';
import type { Job } from '../../../shared/domain/job';
import type { JobStatus } from '../../../shared/api';
import { previewOf } from '../../../core/jobs/preview';
import { exists, harness, Pending, type Harness } from './runner-harness';

const LARGE = 17 * 1024 * 1024;
const SMALL = 64 * 1024;
const pending = (id: string): JobStatus => ({ status: 'processing', session_id: id });
const completed = (id: string, text: string): JobStatus => ({
  status: 'completed',
  session_id: id,
  text,
  code: '',
  message: '',
  segments: [{ text, results: [] }],
});

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(async () => {
  await h.close();
});

const job = (id: string) => h.journal.get(id);
const changed = (id: string) =>
  h.events
    .filter((e) => e.event === 'jobs:changed')
    .map((e) => (e.payload as { job: Job }).job)
    .filter((j) => j.id === id);

async function submitAsync(connection?: string): Promise<Job> {
  const [submitted] = await h.runner.submit([await h.audio('large.wav', LARGE)], connection);
  expect(submitted!.mode).toBe('async');
  return submitted!;
}

describe('polling an async job', () => {
  it('waits 2 s, then backs off by half each time up to 30 s (the cloud), and stores the result', async () => {
    h.client.onCreateJob = async () => ({ sessionid: 's1' });
    let polls = 0;
    h.client.onGetJob = async (id) => (++polls < 10 ? pending(id) : completed(id, 'done'));
    const submitted = await submitAsync('cloud');
    expect(submitted.connection).toBe('cloud');
    for (let i = 0; i < 10; i++) {
      await h.clock.fire();
      await h.runner.idle();
      if (i < 9) expect(job(submitted.id)!.nextPollAt).toBe(h.clock.now() + h.clock.delays.at(-1)!);
    }
    expect(h.clock.delays).toEqual([
      2_000, 2_000, 3_000, 4_500, 6_750, 10_125, 15_188, 22_782, 30_000, 30_000,
    ]);
    expect(job(submitted.id)).toMatchObject({ status: 'completed', pollProblem: undefined });
    expect(await h.journal.readResult(job(submitted.id)!)).toMatchObject({
      text: 'done',
      sessionId: 's1',
    });
    expect(h.clock.pending()).toBe(0);
  });

  it('looks at a job on the local service every 3 s at most', async () => {
    h.client.onCreateJob = async () => ({ sessionid: 'l1' });
    let polls = 0;
    h.client.onGetJob = async (id) => (++polls < 6 ? pending(id) : completed(id, 'done'));
    const submitted = await submitAsync();
    expect(submitted.connection).toBe('local');
    for (let i = 0; i < 6; i++) {
      await h.clock.fire();
      await h.runner.idle();
    }
    expect(h.clock.delays).toEqual([2_000, 2_000, 3_000, 3_000, 3_000, 3_000]);
    expect(job(submitted.id)!.status).toBe('completed');
  });

  it('falls back to v1 when the service answers 404 on v2, and polls v1', async () => {
    h.client.onCreateJob = async (upload) => {
      if (upload.version === 2)
        throw new AppFailure(appError('not-found', { what: 'endpoint' }, 'HTTP 404'));
      return { sessionid: 'v1-job' };
    };
    h.client.onGetJob = async (id) => completed(id, 'from v1');
    const submitted = await submitAsync();
    await h.runner.idle();
    expect(h.client.calls.map((c) => [c.method, c.version])).toEqual([
      ['createJob', 2],
      ['createJob', 1],
    ]);
    expect(job(submitted.id)).toMatchObject({ status: 'recognizing', apiVersion: 1 });
    await h.clock.fire();
    await h.runner.idle();
    expect(h.client.calls.at(-1)).toMatchObject({ method: 'getJob', version: 1 });
    expect(job(submitted.id)!.status).toBe('completed');
  });

  it('keeps the job with a pollProblem while the service is away, and clears it on the next answer', async () => {
    h.client.onCreateJob = async () => ({ sessionid: 's2' });
    const answers: Array<() => Promise<JobStatus>> = [
      () => Promise.reject(new AppFailure(appError('server', {}, 'HTTP 500'))),
      () => Promise.reject(new AppFailure(appError('network', { host: 'h', reason: 'refused' }))),
      async () => pending('s2'),
      async () => completed('s2', 'back'),
    ];
    h.client.onGetJob = () => answers.shift()!();
    const submitted = await submitAsync();
    await h.clock.fire();
    await h.runner.idle();
    expect(job(submitted.id)).toMatchObject({
      status: 'recognizing',
      pollProblem: { code: 'server' },
      pollDelayMs: 2_000,
    });
    await h.clock.fire();
    await h.runner.idle();
    expect(job(submitted.id)!.pollProblem).toMatchObject({ code: 'network' });
    expect(job(submitted.id)!.pollDelayMs).toBe(3_000);
    await h.clock.fire();
    await h.runner.idle();
    expect(job(submitted.id)).toMatchObject({ status: 'recognizing' });
    expect(job(submitted.id)!.pollProblem).toBeUndefined();
    await h.clock.fire();
    await h.runner.idle();
    expect(job(submitted.id)!.status).toBe('completed');
    expect(changed(submitted.id).filter((j) => j.status === 'failed')).toEqual([]);
  });

  it('fails the job when the service reports the job itself failed', async () => {
    h.client.onCreateJob = async () => ({ sessionid: 's3' });
    h.client.onGetJob = async (id) => ({
      status: 'error',
      session_id: id,
      error_message: 'ERROR: decoding failed',
    });
    const submitted = await submitAsync();
    await h.clock.fire();
    await h.runner.idle();
    expect(job(submitted.id)).toMatchObject({ status: 'failed', error: { code: 'job-failed' } });
    expect(h.clock.pending()).toBe(0);
  });

  it('keeps at most 200 characters of what the service said, however much it sent', async () => {
    h.client.onCreateJob = async () => ({ sessionid: 's4' });
    h.client.onGetJob = async (id) => ({
      status: 'error',
      session_id: id,
      error_message: `ERROR: ${'x'.repeat(8 * 1024 * 1024)}`,
    });
    const submitted = await submitAsync();
    await h.clock.fire();
    await h.runner.idle();
    const failed = job(submitted.id)!;
    expect(failed.error).toMatchObject({ code: 'job-failed' });
    expect(failed.error!.detail!.length).toBe(200);
  });
});

describe('after a restart', () => {
  it('marks an async upload that was cut off as interrupted, and a retry sends it again', async () => {
    h.client.onCreateJob = () => new Pending<{ sessionid: string }>().promise;
    const submitted = await submitAsync();
    await vi.waitFor(() => expect(job(submitted.id)!.status).toBe('uploading'));
    const after = await h.restart();
    try {
      await after.runner.resume();
      expect(after.journal.get(submitted.id)).toMatchObject({
        status: 'failed',
        error: { code: 'interrupted' },
      });
      expect(after.client.calls).toEqual([]);
      after.client.onCreateJob = async () => ({ sessionid: 'again' });
      await after.runner.retry(submitted.id);
      await after.runner.idle();
      expect(after.journal.get(submitted.id)).toMatchObject({
        status: 'recognizing',
        sessionid: 'again',
      });
      expect(after.journal.get(submitted.id)!.error).toBeUndefined();
    } finally {
      after.runner.stop();
    }
  });

  it('polls again at once for a job that has a session, and redoes a queued sync job', async () => {
    h.client.onCreateJob = async () => ({ sessionid: 'kept' });
    const asyncJob = await submitAsync();
    await h.runner.idle();
    h.client.onRecognize = () => new Pending<never>().promise;
    const [syncJob] = await h.runner.submit([await h.audio('small.wav', SMALL)]);
    const after = await h.restart();
    try {
      after.client.onGetJob = async (id) => completed(id, 'resumed');
      after.client.onRecognize = async () => ({
        results: [],
        text: 'sync again',
        code: '',
        message: '',
      });
      await after.runner.resume();
      expect(await after.clock.fire()).toBe(0);
      await after.runner.idle();
      expect(after.journal.get(asyncJob.id)!.status).toBe('completed');
      expect(after.journal.get(syncJob!.id)!.status).toBe('completed');
    } finally {
      after.runner.stop();
    }
  });
});

describe('a live job', () => {
  /** A live job as a session journals it (core/live/live-recording.ts), its app since killed. */
  async function liveJob(status: Job['status']): Promise<Job> {
    const path = await h.audio('live.wav', SMALL);
    const now = h.clock.now();
    return h.journal.save({
      id: `live-${status}`,
      file: { path, name: 'Live 2026-11-25 10-58.flac', size: SMALL, container: 'wav' },
      connection: 'local',
      params: { d: '', logging: true },
      mode: 'live',
      status,
      createdAt: now,
      startedAt: now,
      updatedAt: now,
      ...(status === 'failed' ? { error: appError('interrupted', { name: 'live' }) } : {}),
    });
  }

  it('is never resumed after a restart as if it were an upload', async () => {
    const recording = await liveJob('recognizing');
    const after = await h.restart();
    try {
      await after.runner.recordMedia();
      await after.runner.resume();
      await after.runner.idle();
      expect(after.client.calls).toEqual([]);
      expect(after.clock.pending()).toBe(0);
      expect(after.journal.get(recording.id)).toEqual(recording);
      expect(after.events).toEqual([]);
    } finally {
      after.runner.stop();
    }
  });

  it('is refused a retry or a cancel with live-no-retry, and left as it is', async () => {
    const failed = await liveJob('failed');
    const recording = await liveJob('recognizing');
    for (const attempt of [
      () => h.runner.retry(failed.id),
      () => h.runner.cancel(failed.id),
      () => h.runner.retry(recording.id),
      () => h.runner.cancel(recording.id),
    ]) {
      const error = await attempt().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppFailure);
      expect((error as AppFailure).error).toMatchObject({ code: 'live-no-retry' });
    }
    expect(job(failed.id)).toEqual(failed);
    expect(job(recording.id)).toEqual(recording);
    expect(h.client.calls).toEqual([]);
  });
});

describe('removing a job while work is in flight', () => {
  async function expectGone(id: string): Promise<void> {
    await h.runner.idle();
    expect(job(id)).toBeUndefined();
    expect(h.journal.list().map((j) => j.id)).not.toContain(id);
    expect(await exists(join(h.dir, 'jobs', `${id}.json`))).toBe(false);
    expect(await exists(join(h.dir, 'results', `${id}.json`))).toBe(false);
    expect(h.events.filter((e) => e.event === 'jobs:removed')).toEqual([
      { event: 'jobs:removed', payload: { id } },
    ]);
    const removedAt = h.events.findIndex((e) => e.event === 'jobs:removed');
    expect(h.events.slice(removedAt + 1)).toEqual([]);
    expect(h.clock.pending()).toBe(0);
    // A restart does not bring it back either.
    const after = await h.restart();
    expect(after.journal.get(id)).toBeUndefined();
    after.runner.stop();
  }

  it('cancels a sync upload; it does not come back as completed', async () => {
    let upload: AbortSignal | undefined;
    h.client.onRecognize = (u) => {
      upload = u.signal;
      return new Pending<never>(u.signal).promise;
    };
    const [submitted] = await h.runner.submit([await h.audio('small.wav', SMALL)]);
    await vi.waitFor(() => expect(upload).toBeDefined());
    expect(await h.runner.remove(submitted!.id)).toBe(true);
    expect(upload!.aborted).toBe(true);
    await expectGone(submitted!.id);
  });

  it('drops a sync result that arrives after the removal even if the client ignores the cancel', async () => {
    const late = new Pending<{ results: []; text: string; code: string; message: string }>();
    h.client.onRecognize = () => late.promise;
    const [submitted] = await h.runner.submit([await h.audio('small.wav', SMALL)]);
    await vi.waitFor(() => expect(h.client.calls).toHaveLength(1));
    const removing = h.runner.remove(submitted!.id);
    late.resolve({ results: [], text: 'too late', code: '', message: '' });
    expect(await removing).toBe(true);
    await expectGone(submitted!.id);
  });

  it('cancels an async upload; no job is created or polled afterwards', async () => {
    let upload: AbortSignal | undefined;
    h.client.onCreateJob = (u) => {
      upload = u.signal;
      return new Pending<{ sessionid: string }>(u.signal).promise;
    };
    const submitted = await submitAsync();
    await vi.waitFor(() => expect(upload).toBeDefined());
    await h.runner.remove(submitted.id);
    expect(upload!.aborted).toBe(true);
    await expectGone(submitted.id);
    expect(h.client.calls.map((c) => c.method)).toEqual(['createJob']);
  });

  it('cancels a status check in flight; a completed answer arriving late writes nothing', async () => {
    h.client.onCreateJob = async () => ({ sessionid: 's4' });
    const answer = new Pending<JobStatus>();
    let poll: AbortSignal | undefined;
    h.client.onGetJob = (_id, _version, signal) => {
      poll = signal;
      return answer.promise;
    };
    const submitted = await submitAsync();
    await h.clock.fire();
    await vi.waitFor(() => expect(poll).toBeDefined());
    const removing = h.runner.remove(submitted.id);
    expect(poll!.aborted).toBe(true);
    answer.resolve(completed('s4', 'too late'));
    await removing;
    await expectGone(submitted.id);
  });

  it('cancels the next status check of a waiting job', async () => {
    h.client.onCreateJob = async () => ({ sessionid: 's5' });
    const submitted = await submitAsync();
    await h.runner.idle();
    expect(h.clock.pending()).toBe(1);
    await h.runner.remove(submitted.id);
    await expectGone(submitted.id);
    expect(h.client.calls.map((c) => c.method)).toEqual(['createJob']);
  });
});

describe('routing', () => {
  it('keeps the session ID a direct request came back with, as Jobs shows it', async () => {
    h.client.onRecognize = async () => ({
      results: [],
      text: 'direct',
      code: '',
      message: '',
      sessionId: '017c25ec12c00a304474a999',
    });
    const [direct] = await h.runner.submit([await h.audio('small.wav', SMALL)]);
    await h.runner.idle();
    expect(job(direct!.id)).toMatchObject({
      mode: 'sync',
      status: 'completed',
      sessionid: '017c25ec12c00a304474a999',
      // The rows show the first words without opening the transcript.
      preview: 'direct',
    });
  });

  it('keeps a finished job’s first words, cut at a word near 80 characters', () => {
    const long = 'the quick brown fox jumps over the lazy dog '.repeat(4);
    const preview = previewOf(long);
    expect(preview.endsWith('…')).toBe(true);
    expect(preview.length).toBeLessThanOrEqual(81);
    expect(long.startsWith(preview.slice(0, -1))).toBe(true);
    expect(previewOf('  short\n text ')).toBe('short text');
    expect(previewOf('あ'.repeat(100))).toBe(`${'あ'.repeat(80)}…`);
  });

  it('sends even a small file as a job when speaker labels are on: only jobs give them', async () => {
    h.client.onRecognize = async () => ({ results: [], text: 'direct', code: '', message: '' });
    h.client.onCreateJob = async () => ({ sessionid: 'labelled' });
    h.client.onGetJob = async (id) => completed(id, 'labelled');
    const local = h.connections.get('local')!;
    const [direct] = await h.runner.submit([await h.audio('small.wav', SMALL)]);
    expect(direct).toMatchObject({ mode: 'sync', route: 'sync' });
    await h.connections.save({ ...local, settings: { speakerDiarization: 'True' } });
    const [labelled] = await h.runner.submit([await h.audio('small2.wav', SMALL)]);
    expect(labelled).toMatchObject({ mode: 'async', route: 'async-speakers' });
    expect(labelled!.params.d).toMatch(/speakerDiarization=True/);
    await h.runner.idle();
  });

  it('takes an engine, a profile and speaker labels for some files only, leaving the connection as it was', async () => {
    h.client.onRecognize = async () => ({ results: [], text: 'direct', code: '', message: '' });
    h.client.onCreateJob = async () => ({ sessionid: 'flagged' });
    h.client.onGetJob = async (id) => completed(id, 'flagged');
    const before = h.connections.get('local')!;
    const [flagged] = await h.runner.submit([await h.audio('flagged.wav', SMALL)], undefined, {
      engine: '-a-general',
      profileId: 'meetings',
      speakers: true,
    });
    expect(flagged!.mode).toBe('async');
    expect(flagged!.params.d).toMatch(/^grammarFileNames=-a-general\b/);
    expect(decodeURIComponent(flagged!.params.d)).toMatch(/profileId=:meetings\b/);
    expect(flagged!.params.d).toMatch(/speakerDiarization=True/);
    expect(h.connections.get('local')).toEqual(before);
    const [plain] = await h.runner.submit([await h.audio('plain.wav', SMALL)]);
    expect(plain!.mode).toBe('sync');
    expect(plain!.params.d).not.toMatch(/profileId|speakerDiarization/);
    await h.runner.idle();
  });
});

describe('cancel', () => {
  it('stops polling a cloud job at once, ends it cancelled, says the service may still finish it, and ignores a late answer', async () => {
    h.client.onCreateJob = async () => ({ sessionid: 'paid' });
    let polls = 0;
    h.client.onGetJob = async (id) => {
      polls++;
      return pending(id);
    };
    const submitted = await submitAsync('cloud');
    await h.clock.fire();
    await h.runner.idle();
    expect(job(submitted.id)!.status).toBe('recognizing');
    const seen = polls;
    const cancelled = await h.runner.cancel(submitted.id);
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      error: { code: 'cancelled', params: { service: 'may-finish' } },
      sessionid: 'paid',
    });
    // The cloud documents no way to stop a job: it is not asked to.
    expect(h.client.calls.map((c) => c.method)).not.toContain('cancelJob');
    // No status check is left to come.
    expect(h.clock.pending()).toBe(0);
    await h.runner.idle();
    expect(polls).toBe(seen);
    expect(job(submitted.id)!.status).toBe('cancelled');
    // Retry starts it over.
    h.client.onGetJob = async (id) => completed(id, 'again');
    expect((await h.runner.retry(submitted.id)).status).toBe('queued');
    await h.runner.idle();
    await h.clock.fire();
    await h.runner.idle();
    expect(job(submitted.id)!.status).toBe('completed');
  });

  it('aborts an upload in flight: nothing is left on the service, and the upload writes nothing after', async () => {
    const upload = new Pending<{ sessionid: string }>();
    let aborted = false;
    h.client.onCreateJob = async (request) => {
      request.signal?.addEventListener('abort', () => {
        aborted = true;
        upload.resolve({ sessionid: 'too-late' });
      });
      return upload.promise;
    };
    const submitted = await submitAsync();
    await vi.waitFor(() => expect(job(submitted.id)!.status).toBe('uploading'));
    const cancelled = await h.runner.cancel(submitted.id);
    expect(cancelled.error).toMatchObject({ code: 'cancelled', params: { service: 'none' } });
    await h.runner.idle();
    expect(aborted).toBe(true);
    expect(job(submitted.id)).toMatchObject({ status: 'cancelled', error: { code: 'cancelled' } });
    expect(job(submitted.id)!.sessionid).toBeUndefined();
    expect(h.clock.pending()).toBe(0);
  });

  it('leaves a finished job as it is', async () => {
    h.client.onRecognize = async () => ({ results: [], text: 'done', code: '', message: '' });
    const [direct] = await h.runner.submit([await h.audio('small.wav', SMALL)]);
    await h.runner.idle();
    expect((await h.runner.cancel(direct!.id)).status).toBe('completed');
  });
});
