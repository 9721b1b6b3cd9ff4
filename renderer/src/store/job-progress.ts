/**
 * How far a running job is, for the rows that show it (Transcribe and Jobs): upload progress
 * while the file goes out, then an estimate of the time left, learned from the jobs this
 * connection finished before (shared/domain/estimate.ts), or before there are any a first
 * estimate from the job's default rate, said to be one; the elapsed time when nothing is known. While the host cannot be reached, only that (the status bar says so too).
 */
import type { TFunction } from 'i18next';
import { estimateOf, workRate } from '../../../shared/domain/estimate';
import type { Job } from '../../../shared/domain/job';
import { formatClock } from '../ui/format';
import { useNow } from '../ui/use-now';
import { useApp } from './store';

/** One rate per connection and mode for one version of the jobs map (it changes as a whole). */
const rates = new WeakMap<Record<string, Job>, Map<string, number | undefined>>();

export function rateIn(
  jobs: Record<string, Job>,
  of: Pick<Job, 'connection' | 'mode'>,
): number | undefined {
  let known = rates.get(jobs);
  if (!known) rates.set(jobs, (known = new Map<string, number | undefined>()));
  const key = `${of.mode} ${of.connection}`;
  if (!known.has(key)) known.set(key, workRate(Object.values(jobs), of));
  return known.get(key);
}

export interface JobProgress {
  /** What the row says ("Uploading 40 %", "Recognizing… about 1:20 left"), or undefined. */
  readonly text?: string;
  /** 0–1 for a progress bar, when there is something to measure. */
  readonly fraction?: number;
  /** Sending the file, or waiting for the service to recognize it. */
  readonly phase?: 'upload' | 'recognize';
}

/** A running job's progress, ticking once a second while it runs. */
export function useJobProgress(job: Job | undefined, t: TFunction): JobProgress {
  const upload = useApp((s) => (job ? s.uploads[job.id] : undefined));
  const rate = useApp((s) => (job ? rateIn(s.jobs, job) : undefined));
  // While the host cannot be reached, nothing is known about the job: no clock, no estimate.
  const connected = useApp((s) => !s.hostLost && !s.sessionEnded);
  const running = job?.status === 'uploading' || job?.status === 'recognizing';
  const now = useNow(connected && (running || job?.status === 'queued'));
  if (!job || !running) return {};
  if (!connected) return { text: t('status.rowNotConnected'), phase: 'recognize' };
  const sent = upload ? upload.sent / Math.max(1, upload.total) : (job.progress ?? 0);
  // A direct request recognizes once its last byte is sent, within the same request.
  if (job.status === 'uploading' && sent < 1)
    return {
      text: t('transcribe.state.uploading', { percent: Math.round(sent * 100) }),
      fraction: sent,
      phase: 'upload',
    };
  const elapsed = formatClock((now - (job.startedAt ?? job.createdAt)) / 1000);
  const estimate = estimateOf(job, rate, now);
  if (estimate && !estimate.late) {
    const left = formatClock(Math.ceil(estimate.left));
    return {
      text: t(
        estimate.first ? 'transcribe.state.recognizingFirst' : 'transcribe.state.recognizingLeft',
        { left },
      ),
      fraction: estimate.fraction,
      phase: 'recognize',
    };
  }
  // A first estimate run out is no "longer than usual": there is no usual yet.
  if (estimate?.late && !estimate.first)
    return { text: t('transcribe.state.recognizingLate', { elapsed }), phase: 'recognize' };
  return { text: t('transcribe.state.recognizing', { elapsed }), phase: 'recognize' };
}
