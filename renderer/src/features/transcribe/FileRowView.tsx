/** One file of this session: what it is, where it goes, and how far it got. */
import { retryCanHelp } from '../../../../shared/domain/errors';
import { fileLabel } from '../../../../shared/domain/job';
import { useTranslation } from 'react-i18next';
import { formatClock, formatSize, sentOf } from '../../ui/format';
import { useJobProgress } from '../../store/job-progress';
import { useApp } from '../../store/store';
import { ErrorBox } from '../../ui/error-box';
import { useErrorText } from '../../ui/error-text';
import { MiddleCut } from '../../ui/middle-cut';
import { keptInStore } from '../../store/result';
import { useActionError } from '../../ui/use-action-error';

export function FileRowView({ rowKey }: { rowKey: string }) {
  const { t } = useTranslation();
  const row = useApp((s) => s.rows.find((r) => r.key === rowKey))!;
  const job = useApp((s) => (row.jobId ? s.jobs[row.jobId] : undefined));
  const cancelRow = useApp((s) => s.cancelRow);
  const openTranscript = useApp((s) => s.openTranscript);
  const retryJob = useApp((s) => s.retryJob);
  const cancelJob = useApp((s) => s.cancelJob);
  const setTab = useApp((s) => s.setTab);
  const errorText = useErrorText();
  const recognizing = job?.status === 'recognizing' || job?.status === 'uploading';
  const running = useJobProgress(job, t);

  // Its job's number beside the name tells apart files of the same name from different folders.
  const name = job ? fileLabel(job.file) : row.name;
  // A Stop or Retry that failed says why here, until the next one of them succeeds.
  const action = useActionError();
  const removed = row.phase === 'job' && !job;
  // A file past the budget is a question (TranscribeView's BudgetQuestion), not a failure.
  const error =
    action.error ??
    (row.phase === 'asking' ? undefined : row.error) ??
    (job?.status === 'failed' ? job.error : undefined);
  // A job the person cancelled says so, and why nothing is left running (or may be), as a note.
  const cancelledNote = job?.status === 'cancelled' ? job.error : undefined;
  let state: string;
  let progress: number | undefined;
  if (row.phase === 'waiting') state = t('transcribe.state.waiting');
  else if (row.phase === 'sending') {
    progress = row.sent;
    state = t('transcribe.state.uploading', { percent: Math.round(row.sent * 100) });
  } else if (row.phase === 'submitting') state = t('transcribe.state.submitting');
  else if (row.phase === 'cancelled' || job?.status === 'cancelled')
    state = t('transcribe.state.cancelled');
  else if (row.phase === 'asking') state = t('transcribe.state.asking');
  // The row outlives its job: once the job is removed (Jobs → Remove, or gone on a reload of the
  // list) there is nothing left to wait for.
  else if (removed) state = t('transcribe.state.removed');
  else if (row.phase === 'failed' || job?.status === 'failed') state = t('transcribe.state.failed');
  else if (running.text) {
    progress = running.fraction;
    state = running.text;
  } else if (job?.status === 'completed') state = t('transcribe.state.completed');
  // A queued job the core holds back (the local service still starting) says why.
  else if (job?.pollProblem) state = errorText(job.pollProblem);
  // A speech-only job is queued while the detector listens, until its cut is known.
  else if (job?.speechOnly && !job.speech && job.status === 'queued')
    state = t('transcribe.state.findingSpeech');
  else state = t('transcribe.state.queued');
  const tone =
    error || row.phase === 'failed'
      ? 'danger'
      : job?.status === 'completed'
        ? 'success'
        : removed || row.phase === 'cancelled' || job?.status === 'cancelled'
          ? 'neutral'
          : 'info';
  const needsSettings = error && (error.code === 'no-key' || error.code === 'auth');
  // How it goes, and why: the core decided it when it made the job (core/jobs/routing.ts).
  const route = job?.route;

  return (
    <li
      className="file-row"
      data-testid="file-row"
      data-state={removed ? 'removed' : (job?.status ?? row.phase)}
    >
      <div className="file-main">
        <MiddleCut text={name} className="file-name" />
        <span className="file-meta">
          <span>{formatSize(row.size, t)}</span>
          {row.durationSec !== undefined ? <span>{formatClock(row.durationSec)}</span> : null}
          {route ? <span data-testid="route">{t(`transcribe.route.${route}`)}</span> : null}
          {job?.speech && job.sentSeconds !== undefined ? (
            <span data-testid="sent-length" title={sentOf(job, t, 'transcribe.sentOfLong')}>
              {sentOf(job, t, 'transcribe.sentOf')}
            </span>
          ) : null}
        </span>
        {job?.status === 'completed' && job.preview ? (
          <span className="job-preview" title={job.preview} data-testid="preview">
            {job.preview}
          </span>
        ) : null}
      </div>
      <div className="file-state">
        <span className={`chip chip-${tone}`}>{state}</span>
        {progress !== undefined ? (
          <progress className="progress" max={1} value={progress} aria-label={state} />
        ) : null}
      </div>
      <div className="file-actions">
        {row.phase === 'waiting' || row.phase === 'sending' ? (
          <button
            type="button"
            className="button small"
            onClick={() => cancelRow(row.key)}
            aria-label={t('transcribe.cancelFile', { name })}
          >
            {t('transcribe.cancel')}
          </button>
        ) : null}
        {row.phase === 'job' && (recognizing || job?.status === 'queued') ? (
          <button
            type="button"
            className="button small"
            onClick={() => void action.run(cancelJob(job.id))}
            aria-label={t('transcribe.cancelFile', { name })}
          >
            {t('transcribe.cancel')}
          </button>
        ) : null}
        {job?.status === 'completed' ? (
          <button
            type="button"
            className="button small primary"
            onClick={() => void keptInStore(openTranscript(job.id))}
            aria-label={t('transcribe.openFile', { name })}
          >
            {t('transcribe.open')}
          </button>
        ) : null}
        {(job?.status === 'failed' || job?.status === 'cancelled') && retryCanHelp(job.error) ? (
          <button
            type="button"
            className="button small"
            onClick={() => void action.run(retryJob(job.id))}
          >
            {t('transcribe.retry')}
          </button>
        ) : null}
      </div>
      <ErrorBox error={error} className="file-error">
        {' '}
        {needsSettings ? (
          <button type="button" className="link" onClick={() => setTab('settings')}>
            {t('transcribe.goSettings')}
          </button>
        ) : null}
      </ErrorBox>
      {cancelledNote ? (
        <p className="file-note" data-testid="cancelled-note">
          {errorText(cancelledNote)}
        </p>
      ) : null}
    </li>
  );
}
