/**
 * Every change of a job's state reaches a window in an order it can follow (#29 §3): a file sent
 * to the cloud connection with no key fails at once, before or after the answer that made its
 * job. The events and the answer are taken down in the order the core gives them, as a window
 * hears them; each copy of the job carries the journal's revision, so whichever comes last to
 * the window, the copy it keeps is the failure.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Job } from '../../../shared/domain/job';
import { DEFAULT_FIXTURES_DIR } from '../../fixtures/build';
import { useOfflineCore } from '../../support/hooks';
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
