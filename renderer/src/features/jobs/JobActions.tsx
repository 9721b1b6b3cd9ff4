/**
 * A job's actions, each named with the job as it is listed and described by its note: Stop (a
 * live session's as the Live screen's), Open, Retry, Rename, Copy ID and Remove.
 */
import type { AppError } from '../../../../shared/domain/errors';
import { retryCanHelp } from '../../../../shared/domain/errors';
import type { Job } from '../../../../shared/domain/job';
import { useTranslation } from 'react-i18next';
import { CopyFailed, useCopy } from '../../ui/use-copy';
import { liveBusy } from '../../store/live-slice';
import { useApp } from '../../store/store';
import { errorOf, keptInStore } from '../../store/result';

export function JobActions({
  job,
  name,
  describedBy,
  onRemove,
  onRename,
  onFailure,
}: {
  job: Job;
  name: string;
  /** The note's id, when the job has one. */
  describedBy: string | undefined;
  onRemove: (id: string) => void;
  onRename: (id: string) => void;
  /** Shows (or clears) what a Stop or Retry answered: the list's error, above it. */
  onFailure: (error: AppError | undefined) => void;
}) {
  const { t } = useTranslation();
  const id = job.id;
  const openTranscript = useApp((s) => s.openTranscript);
  const retryJob = useApp((s) => s.retryJob);
  const cancelJob = useApp((s) => s.cancelJob);
  // The live session this window runs is stopped here as on the Live screen (its last words
  // finished and kept); one another window runs is stopped there.
  const liveHere = useApp((s) => s.live.jobId === id && liveBusy(s.live.phase));
  const liveStopping = useApp((s) => s.live.jobId === id && s.live.phase === 'stopping');
  const liveStop = useApp((s) => s.liveStop);
  // The job's own id, which every kikitori command that takes a job takes (a session ID too).
  const idCopy = useCopy();
  const running =
    job.status === 'queued' || job.status === 'uploading' || job.status === 'recognizing';
  return (
    <div role="cell" className="job-actions">
      {/* A live session cannot be sent again: Stop ends it as the Live screen's Stop does. */}
      {liveHere ? (
        <button
          type="button"
          className="button small"
          onClick={() => void liveStop()}
          disabled={liveStopping}
          aria-label={`${t('jobs.stop')}: ${name}`}
          aria-describedby={describedBy}
          data-testid="job-live-stop"
        >
          {t('jobs.stop')}
        </button>
      ) : null}
      {running && job.mode !== 'live' ? (
        <button
          type="button"
          className="button small"
          onClick={() => void cancelJob(id).then((r) => onFailure(errorOf(r)))}
          aria-label={`${t('jobs.stop')}: ${name}`}
          aria-describedby={describedBy}
        >
          {t('jobs.stop')}
        </button>
      ) : null}
      {job.status === 'completed' ? (
        <button
          type="button"
          className="button small"
          onClick={() => void keptInStore(openTranscript(id))}
          aria-label={`${t('jobs.open')}: ${name}`}
          aria-describedby={describedBy}
        >
          {t('jobs.open')}
        </button>
      ) : null}
      {(job.status === 'failed' || job.status === 'cancelled') &&
      job.mode !== 'live' &&
      retryCanHelp(job.error) ? (
        <button
          type="button"
          className="button small"
          onClick={() => void retryJob(id).then((r) => onFailure(errorOf(r)))}
          aria-label={`${t('jobs.retry')}: ${name}`}
          aria-describedby={describedBy}
        >
          {t('jobs.retry')}
        </button>
      ) : null}
      <button
        type="button"
        className="button small ghost"
        onClick={() => onRename(id)}
        data-action="rename"
        aria-label={t('rename.actionFor', { name })}
        aria-haspopup="dialog"
      >
        {t('rename.action')}
      </button>
      <button
        type="button"
        className="button small ghost"
        onClick={() => void idCopy.copy(id)}
        data-action="copy-id"
        aria-label={`${idCopy.copied ? t('jobs.copiedId') : t('jobs.copyId')}: ${name}`}
        title={t('jobs.copyIdHint')}
      >
        {idCopy.copied ? t('jobs.copiedId') : t('jobs.copyId')}
      </button>
      <CopyFailed failed={idCopy.failed} />
      <button
        type="button"
        className="button small ghost"
        onClick={() => onRemove(id)}
        data-action="remove"
        aria-label={`${t('jobs.remove')}: ${name}`}
        aria-describedby={describedBy}
      >
        {t('jobs.remove')}
      </button>
    </div>
  );
}
