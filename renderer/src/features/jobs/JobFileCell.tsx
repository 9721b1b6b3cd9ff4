/**
 * A job's first cell: its name (a title over its file's name), the file's facts (connection, mode,
 * lengths, what was billed, edited, where it came from), and its first words or a search's
 * matches; a finished job's box that selects it for an export of several.
 */
import { fileLabel, type Job } from '../../../../shared/domain/job';
import type { SearchHit } from '../../../../shared/ipc/contract';
import { useTranslation } from 'react-i18next';
import { connectionName } from '../../ui/display-names';
import { formatClock, sentOf } from '../../ui/format';
import { MiddleCut } from '../../ui/middle-cut';
import { useApp } from '../../store/store';
import { RowHits } from './SearchHits';

export function JobFileCell({
  job,
  name,
  selected,
  onSelect,
  hit,
  query,
}: {
  job: Job;
  /** The job as it is listed: its title, or its file name (numbered when shared). */
  name: string;
  selected: boolean;
  onSelect: (id: string, on: boolean) => void;
  hit: SearchHit | undefined;
  query: string;
}) {
  const { t } = useTranslation();
  const id = job.id;
  return (
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
      <JobFacts job={job} />
      {/* A search's matches say more of the transcript than its first words. */}
      {!hit && job.status === 'completed' && job.preview ? (
        <span className="job-preview" title={job.preview} data-testid="preview">
          {job.preview}
        </span>
      ) : null}
      {hit ? <RowHits jobId={id} hit={hit} query={query} /> : null}
    </div>
  );
}

/** What is known of a job's file and run, in a line under its name. */
function JobFacts({ job }: { job: Job }) {
  const { t } = useTranslation();
  const connection = useApp((s) => s.connections.find((c) => c.id === job.connection));
  const connectionLabel = connection ? connectionName(connection, t) : job.connection;
  return (
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
  );
}
