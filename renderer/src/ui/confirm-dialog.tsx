/**
 * A question that drops or replaces something ("Remove this job?"): the window's one
 * confirmation dialog, a Radix AlertDialog in the frame every dialog shares (ui/modal.tsx). A
 * click outside does not close it, Cancel takes the first focus, Escape cancels, and focus goes
 * back where it was — or, after a confirmation that removed the element that opened it, to
 * `fallbackFocus`.
 */
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useEffect, useRef, type ReactNode } from 'react';
import { DialogActions } from './dialog-actions';
import { Modal } from './modal';

interface Props {
  readonly open: boolean;
  readonly title: ReactNode;
  readonly body: ReactNode;
  readonly confirm: string;
  readonly cancel: string;
  readonly onConfirm: () => void;
  readonly onClose: () => void;
  /**
   * Where focus goes after a confirmation (which usually removes the element that opened the
   * dialog).
   */
  readonly fallbackFocus?: () => HTMLElement | null;
  readonly testId?: string;
}

export function ConfirmDialog(props: Props) {
  const { open, onClose, fallbackFocus } = props;
  const confirmed = useRef(false);
  useEffect(() => {
    if (open) confirmed.current = false;
  }, [open]);
  return (
    <Modal
      alert
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={props.title}
      description={props.body}
      testId={props.testId}
      returnFocus={() => (confirmed.current ? fallbackFocus?.() : undefined)}
    >
      <DialogActions cancel={props.cancel} alert>
        <AlertDialog.Action asChild>
          <button
            type="button"
            className="button danger"
            onClick={() => {
              confirmed.current = true;
              props.onConfirm();
            }}
          >
            {props.confirm}
          </button>
        </AlertDialog.Action>
      </DialogActions>
    </Modal>
  );
}
