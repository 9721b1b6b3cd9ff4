/**
 * Every change of a job's state reaches a window in an order it can follow: a file sent
 * to the cloud connection with no key fails at once, before or after the answer that made its
 * job. The events and the answer are taken down in the order the core gives them, as a window
 * hears them; each copy of the job carries the journal's revision, so whichever comes last to
 * the window, the copy it keeps is the failure.
 *
 * And how a file is named to the person: a refused file by the name they know it by,
 * not the path of its copy in the data folder; files of one name from different folders apart.
 */
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { errorText } from '../../../shared/domain/error-text';
import { fileLabel, type Job } from '../../../shared/domain/job';
import { DEFAULT_FIXTURES_DIR } from '../../fixtures/build';
import { useOfflineCore } from '../../support/hooks';
import { removeDir, tempDir } from '../../support/service-process';
import { until } from '../../support/until';

const core = useOfflineCore('kikitori-job-states-');
const clip = join(DEFAULT_FIXTURES_DIR, 'espeak', 'sentence-1.wav');

type Heard = { from: 'event' | 'answer'; job: Job };

/** The changes of the job `send` makes, and its answer, in the order the core gives them. */
async function hear(send: () => Promise<Job>): Promise<{ heard: Heard[]; id: string }> {
  const heard: Heard[] = [];
  const stop = core.subscribe((event, payload) => {
    if (event === 'jobs:changed') heard.push({ from: 'event', job: (payload as { job: Job }).job });
  });
  try {
    const job = await send();
    heard.push({ from: 'answer', job });
    await until(
      () => heard.some((h) => h.job.id === job.id && h.job.status === 'failed'),
      (failed) => failed,
    );
    return { heard: heard.filter((h) => h.job.id === job.id), id: job.id };
  } finally {
    stop();
  }
}

/** The copy a window keeps: the one with the highest revision, whatever order they came in. */
const kept = (heard: readonly Heard[]) =>
  heard.reduce((a, b) => ((b.job.revision ?? 0) > (a.job.revision ?? 0) ? b : a)).job;

describe('a job that fails at once (cloud connection, no key)', () => {
  it('is heard queued then failed, each change with a higher revision than the one before, and the answer is not newer than the failure', async () => {
    const { heard, id } = await hear(async () => {
      const sent = await core.invoke('transcribe:files', { paths: [clip], connection: 'cloud' });
      if (!sent.ok) throw new Error(sent.error.code);
      return sent.data.jobs[0]!;
    });
    const events = heard.filter((h) => h.from === 'event').map((h) => h.job);
    expect(events.map((job) => job.status)).toEqual(['queued', 'failed']);
    expect(events.at(-1)!.error?.code).toBe('no-key');
    const revisions = events.map((job) => job.revision);
    expect(revisions.every((r) => typeof r === 'number')).toBe(true);
    expect(revisions).toEqual([...revisions].sort((a, b) => a! - b!));
    expect(new Set(revisions).size).toBe(revisions.length);
    // The answer is the queued job: an older copy than the failure, wherever it falls.
    const answer = heard.find((h) => h.from === 'answer')!.job;
    expect(answer.status).toBe('queued');
    expect(answer.revision!).toBeLessThan(events.at(-1)!.revision!);
    // Heard in any order, the copy kept is the failure; so is what a reload lists.
    for (const order of [heard, [...heard].reverse()]) expect(kept(order).status).toBe('failed');
    const listed = await core.invoke('jobs:list', {});
    if (!listed.ok) throw new Error(listed.error.code);
    const inList = listed.data.jobs.find((job) => job.id === id)!;
    expect(inList.status).toBe('failed');
    expect(inList.revision).toBe(events.at(-1)!.revision);

    // Retried, it fails at once again: the same order, newer revisions still.
    const again = await hear(async () => {
      const retried = await core.invoke('jobs:retry', { id });
      if (!retried.ok) throw new Error(retried.error.code);
      return retried.data.job;
    });
    const retryEvents = again.heard.filter((h) => h.from === 'event').map((h) => h.job);
    expect(retryEvents.map((job) => job.status)).toEqual(['queued', 'failed']);
    expect(retryEvents[0]!.revision!).toBeGreaterThan(inList.revision!);
    expect(kept([...heard, ...again.heard]).status).toBe('failed');
    expect(kept([...again.heard].reverse()).revision).toBe(retryEvents.at(-1)!.revision);
  });
});

describe('how files are named', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await removeDir(dir);
  });

  /** `name` copied from `from` into a folder of its own, as a dropped file's upload is. */
  async function placed(from: string, name: string): Promise<string> {
    const dir = await tempDir('kikitori-named-');
    dirs.push(dir);
    const inner = join(dir, 'uploads', '2bca1dd7-0d51-4c5e-9a51-5d1b4c1f4a10');
    await mkdir(inner, { recursive: true });
    await copyFile(from, join(inner, name));
    return join(inner, name);
  }

  it('a file that is not audio is refused by its own name, never the path of its copy', async () => {
    const path = await placed(join(DEFAULT_FIXTURES_DIR, 'garbage', 'text.wav'), 'notes.wav');
    const sent = await core.invoke('transcribe:files', { paths: [path], connection: 'cloud' });
    expect(sent.ok).toBe(false);
    if (sent.ok) return;
    expect(sent.error.code).toBe('file-refused');
    for (const lang of ['en', 'ja'] as const) {
      const text = errorText(sent.error, lang);
      expect(text).toContain('notes.wav');
      expect(text).not.toContain('uploads');
      expect(text).not.toContain('2bca1dd7');
    }
  });

  it('files of one name from different folders are numbered from the second on, never a number twice', async () => {
    const a = await placed(clip, 'meeting.wav');
    const b = await placed(clip, 'meeting.wav');
    const both = await core.invoke('transcribe:files', { paths: [a, b], connection: 'cloud' });
    if (!both.ok) throw new Error(both.error.code);
    expect(both.data.jobs.map((job) => fileLabel(job.file))).toEqual([
      'meeting.wav',
      'meeting.wav (2)',
    ]);
    // The first one removed, the next is the third: "(2)" still names one job only.
    const removed = await core.invoke('jobs:remove', { id: both.data.jobs[0]!.id });
    expect(removed).toEqual({ ok: true, data: { removed: true } });
    const c = await placed(clip, 'meeting.wav');
    const third = await core.invoke('transcribe:files', { paths: [c], connection: 'cloud' });
    if (!third.ok) throw new Error(third.error.code);
    expect(fileLabel(third.data.jobs[0]!.file)).toBe('meeting.wav (3)');
  });
});
