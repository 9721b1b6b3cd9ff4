/** A Radix dialog's footer: its cancel button first, then the dialog's own actions. */
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import './dialogs.css';

interface Props {
  readonly cancel: string;
  /** In an AlertDialog, whose cancel is its own part (and takes the first focus). */
  readonly alert?: boolean;
  readonly children?: ReactNode;
}

export function DialogActions({ cancel, alert, children }: Props) {
  const Close = alert ? AlertDialog.Cancel : Dialog.Close;
  return (
    <div className="dialog-actions">
      <Close asChild>
        <button type="button" className="button">
          {cancel}
        </button>
      </Close>
      {children}
    </div>
  );
}
