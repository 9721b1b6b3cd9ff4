/** One job in the Jobs table; it reads its own job, so one job's event re-renders one row. */
import type { AppError } from '../../../../shared/domain/errors';
import { retryCanHelp } from '../../../../shared/domain/errors';
import { fileLabel, listedName } from '../../../../shared/domain/job';
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { connectionName } from '../../ui/display-names';
import { useErrorText } from '../../ui/error-text';
import { formatClock, formatDateTime, sentOf } from '../../ui/format';
import { Icon } from '../../ui/icons';
import { MiddleCut } from '../../ui/middle-cut';
import { CopyFailed, useCopy } from '../../ui/use-copy';
import { useJobProgress } from '../../store/job-progress';
import { liveBusy } from '../../store/live-slice';
import { useApp } from '../../store/store';
import { errorOf, keptInStore } from '../../store/result';
import type { SearchHit } from '../../../../shared/ipc/contract';
import { RowHits } from './SearchHits';

const TONES = {
  queued: 'info',
  uploading: 'info',
  recognizing: 'info',
  completed: 'success',
  failed: 'danger',
  cancelled: 'neutral',
} as const;

export const JobRow = memo(function JobRow({
  id,
  rowIndex,
  onRemove,
  onRename,
  onFailure,
  hit,
  query,
  selected,
  onSelect,
}: {
  id: string;
  /** Whether the job is selected for an export of several (only finished jobs can be). */
  selected: boolean;
  onSelect: (id: string, on: boolean) => void;
  /** What the search found in this job, when the list is a search's. */
  hit?: SearchHit | undefined;
  query: string;
  rowIndex: number;
  onRemove: (id: string) => void;
  onRename: (id: string) => void;
  /** Shows (or clears) what a Stop or Retry answered: the list's error, above it. */
  onFailure: (error: AppError | undefined) => void;
}) {
  const { t } = useTranslation();
  const job = useApp((s) => s.jobs[id]);
  const connection = useApp((s) => s.connections.find((c) => c.id === job?.connection));
  const connectionLabel = connection ? connectionName(connection, t) : job?.connection;
  const lang = useApp((s) => s.lang);
  const errorText = useErrorText();
  const openTranscript = useApp((s) => s.openTranscript);
  const retryJob = useApp((s) => s.retryJob);
  const cancelJob = useApp((s) => s.cancelJob);
  // The live session this window runs is stopped here as on the Live screen (its last words
  // finished and kept); one another window runs is stopped there.
  const liveHere = useApp((s) => s.live.jobId === id && liveBusy(s.live.phase));
  const liveStopping = useApp((s) => s.live.jobId === id && s.live.phase === 'stopping');
  const liveStop = useApp((s) => s.liveStop);
  const { copied, failed: copyFailed, copy } = useCopy();
  // The job's own id, which every kikitori command that takes a job takes (a session ID too).
  const idCopy = useCopy();
  const noteId = useId();
  const progress = useJobProgress(job, t);
  if (!job) return null;

  // Actions name the job as it is listed: its title, or its file name (numbered when shared).
  const name = listedName(job);
  const running =
    job.status === 'queued' || job.status === 'uploading' || job.status === 'recognizing';
  const tookMs = job.completedAt !== undefined ? job.completedAt - job.createdAt : undefined;
  // "0:00" reads as nothing happened: a job done within a second says so.
  const took =
    tookMs === undefined
      ? '—'
      : tookMs < 1000
        ? t('jobs.underASecond')
        : formatClock(tookMs / 1000);
  const note = job.error
    ? errorText(job.error)
    : job.pollProblem
      ? t('jobs.pollProblem', { problem: errorText(job.pollProblem) })
      : job.cutOff
        ? t('jobs.cutOff')
        : undefined;
  // The note is cut to a few lines in the table: each action describes itself with the whole
  // note, and a row with keyboard focus shows it in full (CSS), so neither needs a mouse.
  const describedBy = note ? noteId : undefined;

  return (
    <div
      className="job-row"
      role="row"
      aria-rowindex={rowIndex + 2}
      data-testid="job-row"
      data-job-id={id}
      data-status={job.status}
    >
      <div role="cell" className="job-file">
        {job.status === 'completed' ? (
          <input
            type="checkbox"
            className="job-select"
            checked={selected}
            onChange={(e) => onSelect(id, e.target.checked)}
            aria-label={t('jobs.select', { name })}
            data-testid="job-select"
          />
        ) : null}
        <MiddleCut text={name} className="file-name" />
        {job.title !== undefined ? (
          <MiddleCut text={fileLabel(job.file)} className="job-file-name" />
        ) : null}
        <span className="file-meta">
          <span>{connectionLabel}</span>
          <span>{t(`jobs.mode.${job.mode}`)}</span>
          {job.mode === 'live' && job.seconds !== undefined ? (
            <span data-testid="recorded-length">
              {t('jobs.recordedLength', { time: formatClock(job.seconds) })}
            </span>
          ) : null}
          {job.billedSeconds !== undefined ? (
            <span
              data-testid="billed"
              title={t('jobs.billedLong', { time: formatClock(job.billedSeconds) })}
            >
              {t('jobs.billed', { time: formatClock(job.billedSeconds) })}
            </span>
          ) : null}
          {job.speech && job.sentSeconds !== undefined ? (
            <span data-testid="sent-length" title={sentOf(job, t, 'transcribe.sentOfLong')}>
              {sentOf(job, t, 'transcribe.sentOf')}
            </span>
          ) : null}
          {job.edited ? (
            <span className="job-edited" data-testid="edited">
              {t('jobs.edited')}
            </span>
          ) : null}
          {job.watched ? (
            <span className="job-watched" data-testid="watched" title={job.watched.folder}>
              <span aria-hidden="true">{t('jobs.watched')}</span>
              <span className="visually-hidden">
                {t('jobs.watchedFrom', { folder: job.watched.folder })}
              </span>
            </span>
          ) : null}
          {job.program ? (
            <span className="job-watched" data-testid="program" title={job.program.name}>
              <span aria-hidden="true">{t('jobs.program', { name: job.program.name })}</span>
              <span className="visually-hidden">
                {t('jobs.programFrom', { name: job.program.name })}
              </span>
            </span>
          ) : null}
        </span>
        {/* A search's matches say more of the transcript than its first words. */}
        {!hit && job.status === 'completed' && job.preview ? (
          <span className="job-preview" title={job.preview} data-testid="preview">
            {job.preview}
          </span>
        ) : null}
        {hit ? <RowHits jobId={id} hit={hit} query={query} /> : null}
      </div>
      <div role="cell" className="job-session">
        <CellLabel>{t('jobs.columns.session')}</CellLabel>
        {job.sessionid ? (
          <>
            <code className="session" title={job.sessionid}>
              {job.sessionid}
            </code>
            <button
              type="button"
              className="button small ghost icon"
              aria-label={t('jobs.copySession', { id: job.sessionid })}
              onClick={() => void copy(job.sessionid!)}
            >
              <Icon name={copied ? 'check' : 'copy'} />
            </button>
            <CopyFailed failed={copyFailed} />
          </>
        ) : (
          <span className="muted">—</span>
        )}
      </div>
      <div role="cell" className="job-created">
        <CellLabel>{t('jobs.columns.created')}</CellLabel>
        <span>{formatDateTime(job.createdAt, lang)}</span>
      </div>
      <div role="cell" className="job-took">
        <CellLabel>{t('jobs.columns.duration')}</CellLabel>
        <span>{took}</span>
      </div>
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
    </div>
  );
});

/**
 * A cell's column name, shown only where the table's narrow layouts move the cell away from its
 * header (CSS); screen readers have the column header already.
 */
function CellLabel({ children }: { readonly children: string }) {
  return (
    <span className="cell-label" aria-hidden="true">
      {children}
    </span>
  );
}
