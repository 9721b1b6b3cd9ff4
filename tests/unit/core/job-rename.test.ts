/**
 * Renaming a job (jobs:rename) through its real handler, runner and journal on a real folder:
 * the title is kept across a restart, checked (trimmed, at most 200 characters, one line) with a
 * sentence in each language, cleared back to the file name, and never undone by the runner's
 * own writes of a job it was working on.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorText } from '../../../shared/domain/error-text';
import { jobName, type Job } from '../../../shared/domain/job';
import type { JobStatus } from '../../../shared/api';
import { jobHandlers } from '../../../core/handlers/jobs';
import { JobEdits } from '../../../core/jobs/job-edits';
import { PROGRAM } from '../../../core/handlers/types';
import { harness, Pending, type Harness } from './runner-harness';

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(async () => {
  await h.close();
});

const rename = (id: string, title: string) =>
  jobHandlers({
    journal: h.journal,
    runner: h.runner,
    edits: new JobEdits({ journal: h.journal, emit: () => undefined }),
  })['jobs:rename']({ id, title }, PROGRAM);

async function aJob(): Promise<Job> {
  h.client.onCreateJob = async () => ({ sessionid: 's1' });
  h.client.onGetJob = async (id): Promise<JobStatus> => ({ status: 'processing', session_id: id });
  const [job] = await h.runner.submit([await h.audio('meeting-2024-05-01.wav', 17 * 1024 * 1024)]);
  await h.runner.idle();
  return job!;
}

describe('jobs:rename', () => {
  it('keeps the trimmed title in the journal across a restart, with the file name unchanged', async () => {
    const job = await aJob();
    const renamed = await rename(job.id, '  Weekly meeting 週次定例  ');
    expect(renamed).toMatchObject({
      ok: true,
      data: { job: { title: 'Weekly meeting 週次定例' } },
    });
    const changed = h.events.filter((e) => e.event === 'jobs:changed').at(-1)!;
    expect((changed.payload as { job: Job }).job.title).toBe('Weekly meeting 週次定例');

    const again = await h.restart();
    const reopened = again.journal.get(job.id)!;
    expect(reopened.title).toBe('Weekly meeting 週次定例');
    expect(reopened.file.name).toBe('meeting-2024-05-01.wav');
    expect(jobName(reopened)).toBe('Weekly meeting 週次定例');
    again.runner.stop();
  });

  it('goes back to the file name when the title is cleared (or only spaces)', async () => {
    const job = await aJob();
    expect((await rename(job.id, 'Kickoff')).ok).toBe(true);
    const cleared = await rename(job.id, '   ');
    expect(cleared.ok).toBe(true);
    expect(h.journal.get(job.id)!.title).toBeUndefined();
    expect(jobName(h.journal.get(job.id)!)).toBe('meeting-2024-05-01.wav');
    const again = await h.restart();
    expect(again.journal.get(job.id)!.title).toBeUndefined();
    again.runner.stop();
  });

  it('takes 200 characters and refuses 201, saying why in English and Japanese', async () => {
    const job = await aJob();
    expect((await rename(job.id, '話'.repeat(200))).ok).toBe(true);
    const refused = await rename(job.id, `${'a'.repeat(201)}  `);
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'job-title', params: { reason: 'too-long', max: 200, length: 201 } },
    });
    if (refused.ok) throw new Error('refused');
    expect(errorText(refused.error, 'en')).toBe(
      'This name cannot be used: it has 201 characters, and a name may have at most 200; shorten it. Clear the name to show the file name again.',
    );
    expect(errorText(refused.error, 'ja')).toBe(
      'この名前は使えません。名前は200文字までですが、201文字あります。短くしてください。名前を消すと、ファイル名の表示に戻ります。',
    );
    // The refused name changed nothing.
    expect(h.journal.get(job.id)!.title).toBe('話'.repeat(200));
  });

  it('refuses a line break, in both languages', async () => {
    const job = await aJob();
    const refused = await rename(job.id, 'two\nlines');
    expect(refused).toMatchObject({ ok: false, error: { params: { reason: 'control' } } });
    if (refused.ok) throw new Error('refused');
    expect(errorText(refused.error, 'en')).toMatch(/line break .* type it on one line/);
    expect(errorText(refused.error, 'ja')).toMatch(/改行などの制御文字.*1行で入力してください/);
    expect(h.journal.get(job.id)!.title).toBeUndefined();
  });

  it('answers not-found for a job that is not there', async () => {
    expect(await rename('nope', 'x')).toMatchObject({
      ok: false,
      error: { code: 'not-found', params: { what: 'job', id: 'nope' } },
    });
  });

  it("is not undone by the runner's write of a job it was polling from an older copy", async () => {
    const job = await aJob();
    const answer = new Pending<JobStatus>();
    h.client.onGetJob = () => answer.promise;
    // The poll starts with the job as it is now, then waits for the service's answer.
    await h.clock.fire();
    expect((await rename(job.id, 'Board call')).ok).toBe(true);
    answer.resolve({
      status: 'completed',
      session_id: 's1',
      text: 'done',
      code: '',
      message: '',
      segments: [{ text: 'done', results: [] }],
    });
    await h.runner.idle();
    expect(h.journal.get(job.id)).toMatchObject({ status: 'completed', title: 'Board call' });
    const again = await h.restart();
    expect(again.journal.get(job.id)).toMatchObject({ status: 'completed', title: 'Board call' });
    again.runner.stop();
  });
});
