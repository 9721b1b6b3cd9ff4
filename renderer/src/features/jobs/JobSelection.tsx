/**
 * Jobs chosen for an export of several: finished ones, in the list's order; the bar that selects
 * all of those listed or none, says how many are chosen and exports them.
 */
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../store/store';
import { ExportDialog } from '../export/ExportDialog';

/** The selection, of the jobs listed now (`ids`). */
export function useJobSelection(ids: readonly string[]) {
  const order = useApp((s) => s.jobOrder);
  const jobs = useApp((s) => s.jobs);
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
  return { selected, setSelected, onSelect, chosen, finished };
}

export function SelectionBar({
  selection: { selected, setSelected, chosen, finished },
}: {
  selection: ReturnType<typeof useJobSelection>;
}) {
  const { t } = useTranslation();
  if (finished.length === 0) return null;
  return (
    <div className="toolbar jobs-selection" data-testid="jobs-selection">
      <button
        type="button"
        className="button small ghost"
        onClick={() => setSelected(new Set([...selected, ...finished]))}
      >
        {t('jobs.selectAll')}
      </button>
      {chosen.length > 0 ? (
        <button type="button" className="button small ghost" onClick={() => setSelected(new Set())}>
          {t('jobs.clearSelection')}
        </button>
      ) : null}
      <span className="muted" role="status" data-testid="selected-count">
        {chosen.length > 0 ? t('jobs.selected', { count: chosen.length }) : ''}
      </span>
      <span className="spacer" />
      <ExportDialog target={{ jobIds: chosen }} />
    </div>
  );
}
