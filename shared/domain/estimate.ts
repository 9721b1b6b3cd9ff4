/**
 * How long a running job will take, learned from the jobs that finished before it: seconds of
 * work per second of audio, the median of the latest finished jobs of the same connection and
 * mode (so the local service on a slow machine and a busy cloud each get their own figure).
 * Before there is any history the job's own default rate (`defaultRate`, set when it is made from
 * DEFAULT_RATES) gives a first estimate, marked `first` so that every viewer says it is one. An
 * audio length nobody could tell (or a job made before default rates) gives no estimate: viewers
 * show the elapsed time only, rather than a guess.
 */
import type { Job } from './job';

/**
 * Work seconds per second of audio expected before a connection has finished a job of the mode,
 * chosen to overestimate (a first estimate that runs out before the job is done says "longer than
 * usual", which is worse than one the job beats). The local service on a 2-core machine took 41 s
 * for 9:54 of audio sent directly (0.07 s a second); a job decodes the whole file before its
 * pieces, and a slower machine, or one busy with other work, takes more: 0.3 and 0.5. The cloud's async v2 does 90 minutes in 5–6 (docs/api.md §4: 0.07),
 * but a job may wait in its queue: 0.3; its direct requests are recognised about as they are
 * heard at most, with the upload before: 0.5.
 */
export const DEFAULT_RATES: Readonly<
  Record<'local' | 'cloud', Readonly<Record<'sync' | 'async', number>>>
> = {
  local: { sync: 0.3, async: 0.5 },
  cloud: { sync: 0.5, async: 0.3 },
};

/** A new job's default rate (none for a live job, which is recognised as it is spoken). */
export function defaultRateOf(kind: 'local' | 'cloud', mode: Job['mode']): number | undefined {
  return mode === 'live' ? undefined : DEFAULT_RATES[kind][mode];
}

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
  /** From the job's default rate, with no finished job to learn from: a first estimate. */
  readonly first: boolean;
}

/** How far a running job is, from `rate` (workRate's), else its own default rate. */
export function estimateOf(
  job: Job,
  learned: number | undefined,
  now: number,
): Estimate | undefined {
  const rate = learned ?? job.defaultRate;
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
    first: learned === undefined,
  };
}
