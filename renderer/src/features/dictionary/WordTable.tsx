/**
 * The words of a profile as an ARIA table whose rows are virtualized (TanStack Virtual): only the
 * rows in view are in the DOM, so a 100,000-word profile scrolls and edits without delay. A row
 * is edited in place: Enter applies, Escape cancels.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { className } from '../../ui/display-names';
import { useApp } from '../../store/store';
import { ClassSelect } from './ClassSelect';
import { IssueText } from './IssueText';
import type { RowIssue, WordRow } from '../../store/word-rows';

const ROW_HEIGHT = 52;

interface Props {
  readonly rows: readonly WordRow[];
  readonly issues: ReadonlyMap<number, RowIssue>;
  readonly total: number;
}

export function WordTable({ rows, issues, total }: Props) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState<number | undefined>();
  // Where focus goes once a row's edit ends or a row is deleted, so it never falls to the page.
  const returnTo = useRef<{ key: number; action: 'edit' | 'delete' } | undefined>(undefined);
  useEffect(() => {
    const target = returnTo.current;
    if (!target) return;
    returnTo.current = undefined;
    const button = scroller.current?.querySelector<HTMLElement>(
      `[data-row-key="${target.key}"] [data-action="${target.action}"]`,
    );
    (button ?? document.querySelector<HTMLElement>('[data-testid="add-written"]'))?.focus();
  });
  const endEdit = useCallback((key: number) => {
    returnTo.current = { key, action: 'edit' };
    setEditing(undefined);
  }, []);
  const deleteWord = useApp((s) => s.deleteWord);
  const onDelete = useCallback(
    (key: number) => {
      const index = rows.findIndex((r) => r.key === key);
      const next = rows[index + 1] ?? rows[index - 1];
      if (next) returnTo.current = { key: next.key, action: 'delete' };
      else returnTo.current = { key: -1, action: 'delete' };
      deleteWord(key);
    },
    [rows, deleteWord],
  );
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    getItemKey: (index) => rows[index]!.key,
  });
  return (
    <div
      className="wt"
      role="table"
      aria-label={t('dictionary.heading')}
      aria-rowcount={total + 1}
      data-testid="word-table"
    >
      <div role="rowgroup">
        <div role="row" aria-rowindex={1} className="wt-row wt-head">
          <span role="columnheader">{t('dictionary.written')}</span>
          <span role="columnheader">{t('dictionary.spoken')}</span>
          <span role="columnheader">{t('dictionary.class')}</span>
          <span role="columnheader" className="wt-status-head">
            <span className="visually-hidden">{t('dictionary.unsaved')}</span>
          </span>
          <span role="columnheader" className="wt-actions-head">
            {t('dictionary.actions')}
          </span>
        </div>
      </div>
      <div className="wt-body" ref={scroller} role="rowgroup">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]!;
            return (
              <div
                key={item.key}
                className="wt-slot"
                style={{ transform: `translateY(${item.start}px)`, height: item.size }}
              >
                {editing === row.key ? (
                  <EditRow row={row} index={item.index} onDone={() => endEdit(row.key)} />
                ) : (
                  <ShowRow
                    row={row}
                    index={item.index}
                    issue={issues.get(row.key)}
                    onEdit={setEditing}
                    onDelete={onDelete}
                  />
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

const ShowRow = memo(function ShowRow({
  row,
  index,
  issue,
  onEdit,
  onDelete,
}: {
  row: WordRow;
  index: number;
  issue: RowIssue | undefined;
  onEdit: (key: number) => void;
  onDelete: (key: number) => void;
}) {
  const { t } = useTranslation();
  const issueId = `wt-issue-${row.key}`;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className={`wt-row${issue ? ' wt-invalid' : ''}`}
      aria-describedby={issue ? issueId : undefined}
      data-row-key={row.key}
      onDoubleClick={() => onEdit(row.key)}
    >
      <span role="cell" className="wt-text" title={row.written}>
        {row.written || '—'}
      </span>
      <span role="cell" className="wt-text" title={row.spoken}>
        {row.spoken}
      </span>
      <span role="cell" className="wt-text" title={row.classname}>
        {row.classname ? className(row.classname, t) : ''}
      </span>
      <span role="cell" className="wt-status">
        {issue && (
          <span id={issueId} className="wt-issue">
            <IssueText issue={issue} />
          </span>
        )}
      </span>
      <span role="cell" className="wt-actions">
        <button
          type="button"
          className="button small ghost"
          onClick={() => onEdit(row.key)}
          data-action="edit"
          aria-label={t('dictionary.editRow', { written: row.written })}
        >
          {t('dictionary.edit')}
        </button>
        <button
          type="button"
          className="button small ghost danger-text"
          onClick={() => onDelete(row.key)}
          data-action="delete"
          aria-label={t('dictionary.deleteRow', { written: row.written })}
        >
          {t('dictionary.delete')}
        </button>
      </span>
    </div>
  );
});

function EditRow({ row, index, onDone }: { row: WordRow; index: number; onDone: () => void }) {
  const { t } = useTranslation();
  const editWord = useApp((s) => s.editWord);
  const [draft, setDraft] = useState({
    written: row.written,
    spoken: row.spoken,
    classname: row.classname,
  });
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const apply = () => {
    editWord(row.key, draft);
    onDone();
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      apply();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onDone();
    }
  };
  return (
    <div role="row" aria-rowindex={index + 2} className="wt-row wt-editing" onKeyDown={onKeyDown}>
      <span role="cell">
        <input
          ref={first}
          className="input wt-input"
          value={draft.written}
          aria-label={t('dictionary.written')}
          onChange={(e) => setDraft({ ...draft, written: e.target.value })}
        />
      </span>
      <span role="cell">
        <input
          className="input wt-input"
          value={draft.spoken}
          aria-label={t('dictionary.spoken')}
          onChange={(e) => setDraft({ ...draft, spoken: e.target.value })}
        />
      </span>
      <span role="cell">
        <ClassSelect
          value={draft.classname}
          onChange={(classname) => setDraft({ ...draft, classname })}
        />
      </span>
      <span role="cell" />
      <span role="cell" className="wt-actions">
        <button type="button" className="button small primary" onClick={apply}>
          {t('dictionary.apply')}
        </button>
        <button type="button" className="button small ghost" onClick={onDone}>
          {t('dictionary.cancel')}
        </button>
      </span>
    </div>
  );
}
