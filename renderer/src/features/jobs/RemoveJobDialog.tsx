/**
 * Asks before removing a job. After a removal, focus goes to the next row's Remove button (the
 * previous one at the end); to the search box only when no row is left.
 */
import { useCallback, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../../shared/domain/errors';
import { listedName } from '../../../../shared/domain/job';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useApp, useAppStore } from '../../store/store';
import { errorOf } from '../../store/result';

export function RemoveJobDialog({
  removing,
  ids,
  onClose,
  onFailure,
  search,
}: {
  /** The job asked to be removed, if any. */
  removing: string | undefined;
  /** The jobs listed, in order. */
  ids: readonly string[];
  onClose: () => void;
  onFailure: (error: AppError | undefined) => void;
  /** The search box: focus goes there when no row is left. */
  search: RefObject<HTMLInputElement | null>;
}) {
  const { t } = useTranslation();
  const store = useAppStore();
  const removingJob = useApp((s) => (removing ? s.jobs[removing] : undefined));
  const removingName = removingJob ? listedName(removingJob) : undefined;
  // Which row is decided when the removal is confirmed: by the time focus moves, the dialog's
  // state is cleared and the job may be gone from the list.
  const focusAfter = useRef<string | undefined>(undefined);
  const afterRemove = useCallback(() => {
    const next = focusAfter.current;
    const button = next
      ? document.querySelector<HTMLElement>(`[data-job-id="${next}"] [data-action="remove"]`)
      : null;
    return button ?? search.current;
  }, [search]);
  return (
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
          .then((removed) => onFailure(errorOf(removed)));
      }}
    />
  );
}
