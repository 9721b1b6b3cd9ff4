/**
 * The jobs as a table, virtualized (TanStack Virtual): 10,000 jobs render only the rows in view,
 * each measured, so large text never clips.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../../shared/domain/errors';
import type { SearchHit } from '../../../../shared/ipc/contract';
import { JobRow } from './JobRow';

/** A row's usual height, only a first guess: each row is measured, so large text never clips. */
const ROW_HEIGHT = 72;
const COLUMNS = ['file', 'session', 'created', 'duration', 'status', 'actions'] as const;

export function JobsTable({
  ids,
  hits,
  query,
  selected,
  onSelect,
  onRemove,
  onRename,
  onFailure,
}: {
  /** The jobs listed, in order. */
  ids: readonly string[];
  /** What the search found, by job. */
  hits: ReadonlyMap<string, SearchHit>;
  query: string;
  selected: ReadonlySet<string>;
  onSelect: (id: string, on: boolean) => void;
  onRemove: (id: string) => void;
  onRename: (id: string) => void;
  onFailure: (error: AppError | undefined) => void;
}) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    // Measured sizes follow the job, not its place, as new jobs arrive at the top.
    getItemKey: (index) => ids[index]!,
    overscan: 8,
    initialRect: { width: 1200, height: 600 },
  });
  return (
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
                  query={query}
                  rowIndex={item.index}
                  onRemove={onRemove}
                  onRename={onRename}
                  onFailure={onFailure}
                  selected={selected.has(ids[item.index]!)}
                  onSelect={onSelect}
                />
              </div>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
