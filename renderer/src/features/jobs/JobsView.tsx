/**
 * Every job the app tracks, newest first, live from the host's events: filter by status, search
 * (one list: the jobs whose name, file name or transcript holds the query, the last through the
 * core's index, each row with its matches: SearchHits), open, retry, rename, remove. Virtualized (TanStack Virtual), so 10,000 jobs render only
 * the rows in view.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JOB_STATES, listedName } from '../../../../shared/domain/job';
import { RenameDialog } from './RenameDialog';
import type { AppError } from '../../../../shared/domain/errors';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useApp, useAppStore } from '../../store/store';
import { filterJobs, type StatusFilter } from './filter';
import { JobRow } from './JobRow';
import { SelectField } from '../../ui/select-field';
import { ErrorBox } from '../../ui/error-box';
import { errorOf, keptInStore } from '../../store/result';
import { SearchField } from '../../ui/search-field';
import { SearchStatus } from './SearchHits';
import type { SearchHit } from '../../../../shared/ipc/contract';
import { ExportDialog } from '../export/ExportDialog';
import './jobs.css';

/** A row's usual height, only a first guess: each row is measured, so large text never clips. */
const ROW_HEIGHT = 72;
/** How long typing pauses before the transcripts are searched. */
const SEARCH_PAUSE_MS = 150;
/** How often a search is asked again while the index is still being made. */
const INDEXING_POLL_MS = 2000;
const COLUMNS = ['file', 'session', 'created', 'duration', 'status', 'actions'] as const;

export function JobsView() {
  const { t } = useTranslation();
  const store = useAppStore();
  const order = useApp((s) => s.jobOrder);
  const jobs = useApp((s) => s.jobs);
  const loaded = useApp((s) => s.jobsLoaded);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [query, setQuery] = useState('');
  const [removing, setRemoving] = useState<string>();
  // The job last asked to be renamed, kept while its dialog closes (focus goes back to its row).
  const [renaming, setRenaming] = useState<{ id: string; open: boolean }>();
  const [error, setError] = useState<AppError>();
  const scroller = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const searchTranscripts = useApp((s) => s.searchTranscripts);
  const trimmed = query.trim();
  // Asked once typing pauses; the store drops an answer to a query that is no longer the latest.
  useEffect(() => {
    if (!trimmed) return;
    const timer = setTimeout(() => void keptInStore(searchTranscripts(trimmed)), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [trimmed, searchTranscripts]);
  // While the index is still being made, the same search is asked again now and then, so the
  // hits fill in and the note that some may be missing goes once it is done.
  const indexing = useApp(
    (s) => s.search?.query === trimmed && s.search.results?.complete === false,
  );
  useEffect(() => {
    if (!indexing) return;
    const timer = setInterval(() => void keptInStore(searchTranscripts(trimmed)), INDEXING_POLL_MS);
    return () => clearInterval(timer);
  }, [indexing, trimmed, searchTranscripts]);

  // What the search found for this query, by job: listed with the name matches, in one list.
  const results = useApp((s) => (s.search?.query === trimmed ? s.search.results : undefined));
  const hits = useMemo(() => {
    const byJob = new Map<string, SearchHit>();
    if (trimmed) for (const hit of results?.hits ?? []) byJob.set(hit.jobId, hit);
    return byJob;
  }, [results, trimmed]);
  const found = useMemo(() => new Set(hits.keys()), [hits]);
  const ids = useMemo(
    () => filterJobs(order, jobs, status, query, found),
    [order, jobs, status, query, found],
  );
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    // Measured sizes follow the job, not its place, as new jobs arrive at the top.
    getItemKey: (index) => ids[index]!,
    overscan: 8,
    initialRect: { width: 1200, height: 600 },
  });
  const onRemove = useCallback((id: string) => setRemoving(id), []);
  const onClose = useCallback(() => setRemoving(undefined), []);
  const onRename = useCallback((id: string) => setRenaming({ id, open: true }), []);
  // Jobs chosen for an export of several: finished ones, in the list's order.
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const onSelect = useCallback(
    (id: string, on: boolean) =>
      setSelected((now) => {
        const next = new Set(now);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  const chosen = useMemo(
    () => order.filter((id) => selected.has(id) && jobs[id]?.status === 'completed'),
    [order, jobs, selected],
  );
  const finished = useMemo(() => ids.filter((id) => jobs[id]?.status === 'completed'), [ids, jobs]);
  // After a removal, the next row's Remove button (the previous one at the end); the search box
  // only when no row is left. Which row is decided when the removal is confirmed: by the time
  // focus moves, the dialog's state is cleared and the job may be gone from the list.
  const focusAfter = useRef<string | undefined>(undefined);
  const afterRemove = useCallback(() => {
    const next = focusAfter.current;
    const button = next
      ? document.querySelector<HTMLElement>(`[data-job-id="${next}"] [data-action="remove"]`)
      : null;
    return button ?? search.current;
  }, []);
  const removingJob = removing ? jobs[removing] : undefined;
  const removingName = removingJob ? listedName(removingJob) : undefined;

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
      {finished.length > 0 ? (
        <div className="toolbar jobs-selection" data-testid="jobs-selection">
          <button
            type="button"
            className="button small ghost"
            onClick={() => setSelected(new Set([...selected, ...finished]))}
          >
            {t('jobs.selectAll')}
          </button>
          {chosen.length > 0 ? (
            <button
              type="button"
              className="button small ghost"
              onClick={() => setSelected(new Set())}
            >
              {t('jobs.clearSelection')}
            </button>
          ) : null}
          <span className="muted" role="status" data-testid="selected-count">
            {chosen.length > 0 ? t('jobs.selected', { count: chosen.length }) : ''}
          </span>
          <span className="spacer" />
          <ExportDialog target={{ jobIds: chosen }} />
        </div>
      ) : null}
      <ErrorBox error={error} className="file-error" />
      {trimmed && order.length > 0 ? <SearchStatus query={trimmed} /> : null}
      {loaded && order.length === 0 ? (
        <div className="empty">
          <p>{t('jobs.empty')}</p>
        </div>
      ) : (
        <div
          className="jobs-table"
          role="table"
          aria-label={t('jobs.heading')}
          aria-rowcount={ids.length + 1}
        >
          <div className="job-row job-head" role="row" aria-rowindex={1}>
            {COLUMNS.map((column) => (
              <div key={column} role="columnheader">
                {t(`jobs.columns.${column}`)}
              </div>
            ))}
          </div>
          <div className="jobs-scroll" ref={scroller} data-testid="jobs-scroll">
            {ids.length === 0 ? (
              <p className="empty-line jobs-nomatch">{t('jobs.noMatch')}</p>
            ) : (
              <div className="jobs-space" style={{ height: virtualizer.getTotalSize() }}>
                {virtualizer.getVirtualItems().map((item) => (
                  <div
                    key={item.key}
                    ref={virtualizer.measureElement}
                    data-index={item.index}
                    className="job-slot"
                    role="rowgroup"
                    style={{ transform: `translateY(${item.start}px)` }}
                  >
                    <JobRow
                      id={ids[item.index]!}
                      hit={hits.get(ids[item.index]!)}
                      query={trimmed}
                      rowIndex={item.index}
                      onRemove={onRemove}
                      onRename={onRename}
                      onFailure={setError}
                      selected={selected.has(ids[item.index]!)}
                      onSelect={onSelect}
                    />
                  </div>
                ))}
              </div>
            )}
          </div>
        </div>
      )}
      {renaming ? (
        <RenameDialog
          jobId={renaming.id}
          open={renaming.open}
          onOpenChange={(open) => setRenaming({ id: renaming.id, open })}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== undefined}
        title={t('jobs.removeTitle', { name: removingName ?? '' })}
        body={t('jobs.removeBody')}
        confirm={t('jobs.confirmRemove')}
        cancel={t('jobs.cancel')}
        onClose={onClose}
        fallbackFocus={afterRemove}
        onConfirm={() => {
          const id = removing!;
          const at = ids.indexOf(id);
          focusAfter.current = ids[at + 1] ?? ids[at - 1];
          void store
            .getState()
            .removeJob(id)
            .then((removed) => setError(errorOf(removed)));
        }}
      />
    </section>
  );
}
