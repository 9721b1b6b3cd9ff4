/**
 * Every job the app tracks, newest first, live from the host's events: filter by status, search
 * (one list: the jobs whose name, file name or transcript holds the query, the last through the
 * core's index, each row with its matches: SearchHits), open, retry, rename, remove. Virtualized (TanStack Virtual), so 10,000 jobs render only
 * the rows in view.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JOB_STATES } from '../../../../shared/domain/job';
import { RenameDialog } from './RenameDialog';
import type { AppError } from '../../../../shared/domain/errors';
import { useApp } from '../../store/store';
import { filterJobs, type StatusFilter } from './filter';
import { SelectField } from '../../ui/select-field';
import { ErrorBox } from '../../ui/error-box';
import { SearchField } from '../../ui/search-field';
import { SearchStatus } from './SearchHits';
import { SelectionBar, useJobSelection } from './JobSelection';
import { JobsTable } from './JobsTable';
import { RemoveJobDialog } from './RemoveJobDialog';
import { useJobSearch } from './use-job-search';
import './jobs.css';

export function JobsView() {
  const { t } = useTranslation();
  const order = useApp((s) => s.jobOrder);
  const jobs = useApp((s) => s.jobs);
  const loaded = useApp((s) => s.jobsLoaded);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [query, setQuery] = useState('');
  const [removing, setRemoving] = useState<string>();
  // The job last asked to be renamed, kept while its dialog closes (focus goes back to its row).
  const [renaming, setRenaming] = useState<{ id: string; open: boolean }>();
  const [error, setError] = useState<AppError>();
  const search = useRef<HTMLInputElement>(null);
  const { trimmed, hits, found } = useJobSearch(query);
  const ids = useMemo(
    () => filterJobs(order, jobs, status, query, found),
    [order, jobs, status, query, found],
  );
  const onRemove = useCallback((id: string) => setRemoving(id), []);
  const onClose = useCallback(() => setRemoving(undefined), []);
  const onRename = useCallback((id: string) => setRenaming({ id, open: true }), []);
  const selection = useJobSelection(ids);

  return (
    <section className="view jobs" aria-labelledby="jobs-heading">
      <div className="section-head">
        <h1 id="jobs-heading" className="view-title">
          {t('jobs.heading')}
        </h1>
        <span className="muted" data-testid="job-count">
          {t('jobs.count', { count: ids.length })}
        </span>
      </div>
      <div className="toolbar">
        <SearchField
          ref={search}
          label={t('jobs.search')}
          value={query}
          onChange={setQuery}
          testId="job-search"
        />
        <SelectField
          compact
          label={t('jobs.filter')}
          value={status}
          onChange={(v) => setStatus(v as StatusFilter)}
          options={[
            { value: 'all', label: t('jobs.all') },
            ...JOB_STATES.map((s) => ({ value: s, label: t(`jobs.status.${s}`) })),
          ]}
          testId="job-filter"
        />
      </div>
      <SelectionBar selection={selection} />
      <ErrorBox error={error} className="file-error" />
      {trimmed && order.length > 0 ? <SearchStatus query={trimmed} /> : null}
      {loaded && order.length === 0 ? (
        <div className="empty">
          <p>{t('jobs.empty')}</p>
        </div>
      ) : (
        <JobsTable
          ids={ids}
          hits={hits}
          query={trimmed}
          selected={selection.selected}
          onSelect={selection.onSelect}
          onRemove={onRemove}
          onRename={onRename}
          onFailure={setError}
        />
      )}
      {renaming ? (
        <RenameDialog
          jobId={renaming.id}
          open={renaming.open}
          onOpenChange={(open) => setRenaming({ id: renaming.id, open })}
        />
      ) : null}
      <RemoveJobDialog
        removing={removing}
        ids={ids}
        onClose={onClose}
        onFailure={setError}
        search={search}
      />
    </section>
  );
}
