/** One job in the Jobs table; it reads its own job, so one job's event re-renders one row. */
import type { AppError } from '../../../../shared/domain/errors';
import { listedName } from '../../../../shared/domain/job';
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../ui/error-text';
import { formatClock, formatDateTime } from '../../ui/format';
import { Icon } from '../../ui/icons';
import { CopyFailed, useCopy } from '../../ui/use-copy';
import { useApp } from '../../store/store';
import type { SearchHit } from '../../../../shared/ipc/contract';
import { JobActions } from './JobActions';
import { JobFileCell } from './JobFileCell';
import { JobStatusCell } from './JobStatusCell';

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
  const lang = useApp((s) => s.lang);
  const errorText = useErrorText();
  const { copied, failed: copyFailed, copy } = useCopy();
  const noteId = useId();
  if (!job) return null;

  // Actions name the job as it is listed: its title, or its file name (numbered when shared).
  const name = listedName(job);
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
      <JobFileCell
        job={job}
        name={name}
        selected={selected}
        onSelect={onSelect}
        hit={hit}
        query={query}
      />
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
      <JobStatusCell job={job} name={name} note={note} noteId={noteId} />
      <JobActions
        job={job}
        name={name}
        describedBy={describedBy}
        onRemove={onRemove}
        onRename={onRename}
        onFailure={onFailure}
      />
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
