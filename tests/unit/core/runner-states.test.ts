/**
 * What a job says of itself while it runs and once it is stopped: a direct request is
 * recognising from its last byte sent; a new job carries its first estimate's rate; the service's
 * own answer is kept and exported; a job cancelled on the local service is stopped there, ends
 * `cancelled`, and its export is refused with a sentence that says so. Driven as
 * transcription-runner.test.ts drives the runner: a fake clock and a scripted client.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderJob } from '../../../core/export/render';
import { readAnswer } from '../../../core/jobs/service-answers';
import type { JobStatus } from '../../../shared/api';
import { AppFailure, appError } from '../../../shared/domain/errors';
import { errorText } from '../../../shared/domain/error-text';
import { DEFAULT_RATES } from '../../../shared/domain/estimate';
import type { Job } from '../../../shared/domain/job';
import { exportSettingsSchema } from '../../../shared/format/export-settings';
import { harness, Pending, type Harness } from './runner-harness';

const LARGE = 17 * 1024 * 1024;
const SMALL = 64 * 1024;
const SETTINGS = exportSettingsSchema.parse({});
const pending = (id: string): JobStatus => ({ status: 'processing', session_id: id });

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

describe('what a job says of itself while it runs', () => {
  it('a direct request says recognizing from its last byte sent until its answer, not "uploading"', async () => {
    const answer = new Pending<Awaited<ReturnType<typeof h.client.onRecognize>>>();
    h.client.onRecognize = (upload) => {
      upload.onProgress?.(40, 100);
      void vi
        .waitFor(() => expect(job(submitted!.id)!.status).toBe('uploading'))
        .then(() => upload.onProgress?.(100, 100));
      return answer.promise;
    };
    const [submitted] = await h.runner.submit([await h.audio('small.wav', SMALL)]);
    expect(submitted!.mode).toBe('sync');
    await vi.waitFor(() => expect(job(submitted!.id)!.status).toBe('recognizing'));
    expect(job(submitted!.id)!.progress).toBe(1);
    answer.resolve({ results: [], text: 'heard', code: '', message: '' });
    await h.runner.idle();
    expect(job(submitted!.id)!.status).toBe('completed');
    expect(changed(submitted!.id).map((j) => j.status)).toEqual([
      'queued',
      'uploading',
      'recognizing',
      'completed',
    ]);
  });

  it('a new job carries the default rate of its service and mode, for a first estimate', async () => {
    h.client.onCreateJob = async () => ({ sessionid: 'x' });
    h.client.onGetJob = async (id) => pending(id);
    expect((await submitAsync()).defaultRate).toBe(DEFAULT_RATES.local.async);
    expect((await submitAsync('cloud')).defaultRate).toBe(DEFAULT_RATES.cloud.async);
    await h.runner.idle();
  });
});

describe("the service's own answer", () => {
  it('is kept as it came, exported as the job "as recognised", and goes with its job', async () => {
    const said = {
      results: [{ tokens: [{ written: 'hi', starttime: 0, endtime: 300 }], text: 'hi' }],
      utteranceid: '20260105/09/abc',
      text: 'hi',
      code: '',
      message: '',
      somethingNew: { kept: true },
    };
    h.client.onRecognize = async () => ({
      results: [{ ...said.results[0]!, tags: [], rulename: '' }],
      text: 'hi',
      code: '',
      message: '',
      answer: said,
    });
    const [direct] = await h.runner.submit([await h.audio('small.wav', SMALL)]);
    await h.runner.idle();
    const deps = { journal: h.journal, connections: h.connections, dataDir: h.dir };
    const [original] = await renderJob(deps, direct!.id, ['json-original'], SETTINGS);
    expect(JSON.parse(new TextDecoder().decode(original!.bytes))).toEqual(said);
    expect(await h.runner.remove(direct!.id)).toBe(true);
    expect(await readAnswer(h.dir, direct!.id)).toBeUndefined();
  });

  it("of a job done before answers were kept is rebuilt in the sync response's shape", async () => {
    h.client.onRecognize = async () => ({
      results: [{ tokens: [], text: 'old', tags: [], rulename: '' }],
      text: 'old',
      code: '',
      message: '',
    });
    const [direct] = await h.runner.submit([await h.audio('small.wav', SMALL)]);
    await h.runner.idle();
    const deps = { journal: h.journal, connections: h.connections, dataDir: h.dir };
    const [original] = await renderJob(deps, direct!.id, ['json-original'], SETTINGS);
    expect(JSON.parse(new TextDecoder().decode(original!.bytes))).toEqual({
      results: [{ tokens: [], text: 'old', tags: [], rulename: '' }],
      text: 'old',
      code: '',
      message: '',
    });
  });
});

describe('cancel on the local service', () => {
  it('asks the local service to stop a job it has, and says nothing of it runs there once it has', async () => {
    h.client.onCreateJob = async () => ({ sessionid: 'mine' });
    h.client.onGetJob = async (id) => pending(id);
    h.client.onCancelJob = async () => true;
    const submitted = await submitAsync();
    await h.runner.idle();
    const cancelled = await h.runner.cancel(submitted.id);
    expect(h.client.calls.at(-1)).toMatchObject({
      method: 'cancelJob',
      sessionId: 'mine',
      version: 2,
    });
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      error: { code: 'cancelled', params: { service: 'none' } },
    });
    // A service that does not answer the stop: the job still ends, and says it may finish.
    h.client.onCancelJob = async () => {
      throw new AppFailure(appError('network', { host: 'h', reason: 'refused' }));
    };
    const other = await submitAsync();
    await h.runner.idle();
    expect((await h.runner.cancel(other.id)).error).toMatchObject({
      params: { service: 'may-finish' },
    });
  });

  it('a cancelled job is refused for export with a sentence that says so (not "wait until it is done")', async () => {
    h.client.onCreateJob = async () => ({ sessionid: 'gone' });
    h.client.onGetJob = async (id) => pending(id);
    h.client.onCancelJob = async () => true;
    const submitted = await submitAsync();
    await h.runner.idle();
    await h.runner.cancel(submitted.id);
    const deps = { journal: h.journal, connections: h.connections, dataDir: h.dir };
    const refused = await renderJob(deps, submitted.id, ['txt'], SETTINGS).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppFailure);
    const { error } = refused as AppFailure;
    expect(error).toMatchObject({ code: 'export-no-transcript', params: { state: 'cancelled' } });
    expect(errorText(error, 'en')).toBe(
      'large.wav has no transcript to export: it was cancelled before it was done. Retry it (in Jobs, or send the file again), then export it once it is done.',
    );
    expect(errorText(error, 'ja')).toMatch(/キャンセルされました/);
  });

  it('a job cancelled before there was a cancelled state says cancelled after the next start', async () => {
    h.client.onCreateJob = async () => ({ sessionid: 'old' });
    h.client.onGetJob = async (id) => pending(id);
    const submitted = await submitAsync('cloud');
    await h.runner.idle();
    await h.runner.cancel(submitted.id);
    // As an older Kikitori left it.
    await h.journal.save({ ...job(submitted.id)!, status: 'failed' });
    const after = await h.restart();
    try {
      expect(after.journal.get(submitted.id)!.status).toBe('failed');
      await after.runner.resume();
      expect(after.journal.get(submitted.id)).toMatchObject({
        status: 'cancelled',
        error: { code: 'cancelled', params: { service: 'may-finish' } },
      });
    } finally {
      after.runner.stop();
    }
  });
});
