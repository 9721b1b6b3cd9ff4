/**
 * A confirmation as the platform's modal <dialog> (showModal): the rest of the window is inert,
 * focus stays inside, Escape cancels, and focus goes back where it was. Radix's AlertDialog would
 * do the same but injects a <style> element for its scroll lock, which the hosts' CSP
 * (style-src 'self') refuses.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

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
   * dialog), or after a cancel when that element is gone.
   */
  readonly fallbackFocus?: () => HTMLElement | null;
}

export function ConfirmDialog(props: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const confirmed = useRef(false);
  const id = useId();
  const { open, onClose, fallbackFocus } = props;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement;
      confirmed.current = false;
      element.showModal();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const closed = () => {
      onClose();
      const back = opener.current as HTMLElement | null;
      const fallback = fallbackFocus?.();
      if (back?.isConnected && !(confirmed.current && fallback)) back.focus();
      else fallback?.focus();
    };
    element.addEventListener('close', closed);
    return () => element.removeEventListener('close', closed);
  }, [onClose, fallbackFocus]);

  return (
    <dialog
      ref={dialog}
      className="dialog"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
    >
      {open ? (
        <>
          <h2 id={`${id}-title`} className="dialog-title">
            {props.title}
          </h2>
          <p id={`${id}-body`} className="dialog-body">
            {props.body}
          </p>
          <div className="dialog-actions">
            <button
              type="button"
              className="button"
              autoFocus
              onClick={() => dialog.current?.close()}
            >
              {props.cancel}
            </button>
            <button
              type="button"
              className="button danger"
              onClick={() => {
                confirmed.current = true;
                props.onConfirm();
                dialog.current?.close();
              }}
            >
              {props.confirm}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
