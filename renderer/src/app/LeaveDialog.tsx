/**
 * Asks before unsaved work is dropped: whichever leave guard holds a leaving (a section, or a
 * switch inside a screen, such as the dictionary's connection, engine or profile) puts its
 * question here, and the answer goes back to the store (confirmLeave or cancelLeave).
 */
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp, useAppStore } from '../store/store';
import { DialogActions } from '../ui/dialog-actions';
import { Modal } from '../ui/modal';

export function LeaveDialog() {
  const { t } = useTranslation();
  const pending = useApp((s) => s.pendingLeave);
  const guard = useApp((s) => (s.pendingLeave ? s.leaveGuards[s.pendingLeave.guard] : undefined));
  // Read once the question is asked: what it names (a profile) holds still while it is open.
  const store = useAppStore();
  const question = guard?.question(store.getState());
  const confirmLeave = useApp((s) => s.confirmLeave);
  const cancelLeave = useApp((s) => s.cancelLeave);
  // Back on the tab that was clicked, focus would select it (and ask again): the open tab instead.
  const fromTab = useRef(false);
  useEffect(() => {
    if (pending) fromTab.current = pending.leaving.kind === 'tab';
  }, [pending]);
  const returnFocus = () =>
    fromTab.current
      ? document.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')
      : undefined;
  if (!question) return null;
  return (
    <Modal
      alert
      open={!!pending}
      onOpenChange={(open) => !open && cancelLeave()}
      title={t(question.title)}
      description={t(question.body, question.values)}
      returnFocus={returnFocus}
    >
      <DialogActions cancel={t(question.stay)} alert>
        <AlertDialog.Action asChild>
          <button type="button" className="button danger" onClick={() => void confirmLeave()}>
            {t(question.discard)}
          </button>
        </AlertDialog.Action>
      </DialogActions>
    </Modal>
  );
}
