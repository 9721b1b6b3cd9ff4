/**
 * Find in a transcript: the box, where find is ("3 of 41", told to screen readers politely), and
 * the previous / next buttons; Enter and Shift+Enter in the box move too.
 */
import { useTranslation } from 'react-i18next';
import { SearchField } from '../../ui/search-field';

export function FindBar({
  query,
  finding,
  onQuery,
  at,
  count,
  onMove,
}: {
  query: string;
  /** Whether the matches counted are of a query (they follow the box a moment behind). */
  finding: boolean;
  onQuery: (query: string) => void;
  /** The current match, from 0. */
  at: number;
  count: number;
  onMove: (by: 1 | -1) => void;
}) {
  const { t } = useTranslation();
  return (
    // The box's Enter reaches here; the buttons are the same moves for a pointer.
    <div
      className="find-bar"
      onKeyDown={(e) => {
        if (e.key !== 'Enter' || !(e.target instanceof HTMLInputElement)) return;
        e.preventDefault();
        onMove(e.shiftKey ? -1 : 1);
      }}
    >
      <SearchField label={t('viewer.find')} value={query} onChange={onQuery} testId="find" />
      <button
        type="button"
        className="button small icon"
        aria-label={t('find.previous')}
        title={t('find.previous')}
        aria-keyshortcuts="Shift+Enter"
        disabled={!finding || count === 0}
        onClick={() => onMove(-1)}
      >
        <span aria-hidden="true">↑</span>
      </button>
      <button
        type="button"
        className="button small icon"
        aria-label={t('find.next')}
        title={t('find.next')}
        aria-keyshortcuts="Enter"
        disabled={!finding || count === 0}
        onClick={() => onMove(1)}
      >
        <span aria-hidden="true">↓</span>
      </button>
      <span className="muted find-position" role="status" data-testid="find-position">
        {finding
          ? count === 0
            ? t('find.none')
            : t('find.position', { current: at + 1, count })
          : ''}
      </span>
    </div>
  );
}
