/**
 * A job's state: its status as a chip (a warning while its polling has a problem), its progress
 * while it runs, and its note (its failure, a polling problem, or that it was cut off).
 */
import type { Job } from '../../../../shared/domain/job';
import { useTranslation } from 'react-i18next';
import { useJobProgress } from '../../store/job-progress';

const TONES = {
  queued: 'info',
  uploading: 'info',
  recognizing: 'info',
  completed: 'success',
  failed: 'danger',
  cancelled: 'neutral',
} as const;

export function JobStatusCell({
  job,
  name,
  note,
  noteId,
}: {
  job: Job;
  /** The job as it is listed, naming its progress bar. */
  name: string;
  note: string | undefined;
  /** The note's id, which the row's actions are described by. */
  noteId: string;
}) {
  const { t } = useTranslation();
  const progress = useJobProgress(job, t);
  return (
    <div role="cell" className="job-status">
      <span className={`chip chip-${job.pollProblem ? 'warning' : TONES[job.status]}`}>
        {t(`jobs.status.${job.status}`)}
      </span>
      {progress.fraction !== undefined ? (
        <progress className="progress" max={1} value={progress.fraction} aria-label={name} />
      ) : null}
      {progress.phase === 'recognize' && !note ? (
        <span className="job-note" data-testid="job-progress">
          {progress.text}
        </span>
      ) : null}
      {note ? (
        <span
          id={noteId}
          className={`job-note${job.error && job.status !== 'cancelled' ? ' is-error' : ''}`}
          title={note}
        >
          {note}
        </span>
      ) : null}
    </div>
  );
}
