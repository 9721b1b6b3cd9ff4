/** Asks before unsaved edits are dropped by switching section, connection, engine or profile. */
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../store/store';
import { DialogActions } from '../../ui/dialog-actions';
import { Modal } from '../../ui/modal';

export function LeaveGuard() {
  const { t } = useTranslation();
  const pending = useApp((s) => s.pendingLeave);
  const profile = useApp((s) => s.dictProfile);
  const confirmLeave = useApp((s) => s.confirmLeave);
  const cancelLeave = useApp((s) => s.cancelLeave);
  // Back on the tab that was clicked, focus would select it (and ask again): the open tab instead.
  const fromTab = useRef(false);
  useEffect(() => {
    if (pending) fromTab.current = pending.kind === 'tab';
  }, [pending]);
  const returnFocus = () =>
    fromTab.current
      ? document.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')
      : undefined;
  return (
    <Modal
      alert
      open={!!pending}
      onOpenChange={(open) => !open && cancelLeave()}
      title={t('dictionary.leaveTitle')}
      description={t('dictionary.leaveBody', { profile })}
      returnFocus={returnFocus}
    >
      <DialogActions cancel={t('dictionary.stay')} alert>
        <AlertDialog.Action asChild>
          <button type="button" className="button danger" onClick={() => void confirmLeave()}>
            {t('dictionary.discard')}
          </button>
        </AlertDialog.Action>
      </DialogActions>
    </Modal>
  );
}
