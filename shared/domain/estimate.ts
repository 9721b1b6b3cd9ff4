/**
 * How long a running job will take, learned from the jobs that finished before it: seconds of
 * work per second of audio, the median of the latest finished jobs of the same connection and
 * mode (so the local service on a slow machine and a busy cloud each get their own figure). No
 * history, or an audio length nobody could tell, gives no estimate: the window shows the elapsed
 * time only, rather than a guess.
 */
import type { Job } from './job';

/**
 * How long the audio the service heard is: what was sent when only speech was (its work
 * follows that), else the recording.
 */
const heardSeconds = (job: Job): number | undefined => job.sentSeconds ?? job.seconds;

/** How many finished jobs the median looks at (the newest). */
export const ESTIMATE_SAMPLES = 15;

/** Work seconds per audio second of this connection and mode, or undefined with no history. */
export function workRate(
  jobs: Iterable<Job>,
  of: Pick<Job, 'connection' | 'mode'>,
): number | undefined {
  const done: Job[] = [];
  for (const job of jobs)
    if (
      job.status === 'completed' &&
      job.connection === of.connection &&
      job.mode === of.mode &&
      heardSeconds(job) &&
      job.startedAt !== undefined &&
      job.completedAt !== undefined &&
      job.completedAt >= job.startedAt
    )
      done.push(job);
  if (done.length === 0) return undefined;
  const rates = done
    .sort((a, b) => b.completedAt! - a.completedAt!)
    .slice(0, ESTIMATE_SAMPLES)
    .map((job) => (job.completedAt! - job.startedAt!) / 1000 / heardSeconds(job)!)
    .sort((a, b) => a - b);
  const mid = rates.length >> 1;
  return rates.length % 2 ? rates[mid]! : (rates[mid - 1]! + rates[mid]!) / 2;
}

export interface Estimate {
  /** Seconds since sending began. */
  readonly elapsed: number;
  /** Seconds the whole job is expected to take. */
  readonly expected: number;
  /** Seconds left, 0 once the expected time has passed. */
  readonly left: number;
  /** How far along, 0–0.99 (never "done" before it is). */
  readonly fraction: number;
  /** Past the expected time by more than a tenth: say so instead of "0 s left". */
  readonly late: boolean;
}

export function estimateOf(job: Job, rate: number | undefined, now: number): Estimate | undefined {
  const seconds = heardSeconds(job);
  if (rate === undefined || !seconds || job.startedAt === undefined) return undefined;
  if (job.status !== 'uploading' && job.status !== 'recognizing') return undefined;
  const elapsed = Math.max(0, (now - job.startedAt) / 1000);
  const expected = Math.max(1, seconds * rate);
  return {
    elapsed,
    expected,
    left: Math.max(0, expected - elapsed),
    fraction: Math.min(0.99, elapsed / expected),
    late: elapsed > expected * 1.1,
  };
}
