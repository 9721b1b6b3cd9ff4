import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RATES,
  defaultRateOf,
  ESTIMATE_SAMPLES,
  estimateOf,
  workRate,
} from '../../../../shared/domain/estimate';
import type { Job } from '../../../../shared/domain/job';

const T = 1_700_000_000_000;
function job(id: string, changes: Partial<Job> = {}): Job {
  return {
    id,
    file: { path: `/a/${id}.wav`, name: `${id}.wav`, size: 1000 },
    connection: 'local',
    params: { d: 'grammarFileNames=-a-general-en', logging: false },
    mode: 'async',
    status: 'completed',
    createdAt: T,
    updatedAt: T,
    ...changes,
  };
}
/** A finished job that worked `rate` seconds per second of its `seconds` of audio. */
const done = (id: string, seconds: number, rate: number, at = T, changes: Partial<Job> = {}) =>
  job(id, { seconds, startedAt: at, completedAt: at + seconds * rate * 1000, ...changes });

describe('how long a job takes, learned from the ones before it', () => {
  it('counts the audio the service heard: what was sent when only speech was', () => {
    // 600 s recorded, 150 s sent, worked 30 s: 0.2 s a second of what was heard.
    const cut = { sentSeconds: 150, speechOnly: true };
    const jobs = [done('a', 600, 0.05, T, cut), done('b', 600, 0.05, T, cut)];
    expect(workRate(jobs, { connection: 'local', mode: 'async' })).toBeCloseTo(0.2);
    const running = job('r', {
      status: 'recognizing',
      seconds: 1200,
      sentSeconds: 300,
      startedAt: T,
    });
    expect(estimateOf(running, 0.2, T + 30_000)!.expected).toBeCloseTo(60);
  });

  it('is the median of work per audio second of the same connection and mode', () => {
    const jobs = [
      done('a', 60, 0.2),
      done('b', 100, 0.3),
      done('c', 10, 0.9),
      done('cloud', 60, 5, T, { connection: 'cloud' }),
      done('direct', 60, 4, T, { mode: 'sync' }),
      job('running', { status: 'recognizing', seconds: 60, startedAt: T }),
      job('no-length', { startedAt: T, completedAt: T + 500_000 }),
      job('failed', { status: 'failed', seconds: 10, startedAt: T, completedAt: T + 900_000 }),
    ];
    expect(workRate(jobs, { connection: 'local', mode: 'async' })).toBeCloseTo(0.3);
    expect(workRate(jobs, { connection: 'cloud', mode: 'async' })).toBeCloseTo(5);
    expect(workRate(jobs, { connection: 'local', mode: 'sync' })).toBeCloseTo(4);
    expect(workRate(jobs, { connection: 'other', mode: 'async' })).toBeUndefined();
  });

  it('follows the newest jobs only', () => {
    const old = Array.from({ length: 40 }, (_, i) => done(`old${i}`, 60, 2, T + i));
    const recent = Array.from({ length: ESTIMATE_SAMPLES }, (_, i) =>
      done(`new${i}`, 60, 0.5, T + 10_000_000 + i),
    );
    expect(workRate([...old, ...recent], { connection: 'local', mode: 'async' })).toBeCloseTo(0.5);
  });

  it('gives time left and a fraction that never reaches 1 before the job ends, and says when it is late', () => {
    const running = job('r', { status: 'recognizing', seconds: 100, startedAt: T });
    const early = estimateOf(running, 0.5, T + 10_000)!;
    expect(early).toMatchObject({ elapsed: 10, expected: 50, left: 40, late: false });
    expect(early.fraction).toBeCloseTo(0.2);
    const over = estimateOf(running, 0.5, T + 54_000)!;
    expect(over).toMatchObject({ left: 0, fraction: 0.99, late: false });
    expect(estimateOf(running, 0.5, T + 56_000)!.late).toBe(true);
  });

  it("before any history, gives a first estimate from the job's default rate, and says it is one", () => {
    const first = job('r', { status: 'recognizing', seconds: 100, startedAt: T, defaultRate: 0.5 });
    expect(estimateOf(first, undefined, T + 10_000)).toMatchObject({
      expected: 50,
      left: 40,
      first: true,
    });
    // Once the connection has finished a job of the mode, that history is what counts.
    expect(estimateOf(first, 0.2, T + 10_000)).toMatchObject({ expected: 20, first: false });
    expect(defaultRateOf('local', 'async')).toBe(DEFAULT_RATES.local.async);
    expect(defaultRateOf('cloud', 'sync')).toBe(DEFAULT_RATES.cloud.sync);
    expect(defaultRateOf('local', 'live')).toBeUndefined();
  });

  it('gives nothing rather than a guess: no history nor default rate, no length, or not running', () => {
    const running = job('r', { status: 'recognizing', seconds: 100, startedAt: T });
    expect(estimateOf(running, undefined, T)).toBeUndefined();
    expect(estimateOf({ ...running, seconds: undefined }, 0.5, T)).toBeUndefined();
    expect(estimateOf({ ...running, startedAt: undefined }, 0.5, T)).toBeUndefined();
    expect(estimateOf({ ...running, status: 'queued' }, 0.5, T)).toBeUndefined();
    expect(estimateOf({ ...running, status: 'completed' }, 0.5, T)).toBeUndefined();
  });
});
