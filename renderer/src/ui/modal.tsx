/**
 * The frame of every Radix dialog of the window: what opens it, the overlay, the panel, its title
 * and description, then its content. `alert` makes it an AlertDialog (a click outside does not
 * close it, and its cancel takes the first focus), for questions that drop or replace something.
 */
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import * as Dialog from '@radix-ui/react-dialog';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import './dialogs.css';

interface Props {
  /** Left out, the dialog keeps its own open state (opened by `trigger`). */
  readonly open?: boolean;
  readonly onOpenChange?: (open: boolean) => void;
  /** The button that opens it, if it opens from one. */
  readonly trigger?: ReactNode;
  readonly title: ReactNode;
  /** Left out where the content holds its own description (one that changes with its state). */
  readonly description?: ReactNode;
  readonly alert?: boolean;
  readonly wide?: boolean;
  readonly testId?: string;
  readonly children?: ReactNode;
  /**
   * Where focus goes when the dialog closes; left out (or gone, or disabled), the element that
   * had focus when it opened. Radix alone drops focus to the page when that element is gone.
   */
  readonly returnFocus?: () => HTMLElement | null | undefined;
}

function focusable(el: HTMLElement | null | undefined): el is HTMLElement {
  return !!el && el.isConnected && el !== document.body && !el.matches(':disabled');
}

export function Modal({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  alert,
  wide,
  testId,
  children,
  returnFocus,
}: Props) {
  const Parts = alert ? AlertDialog : Dialog;
  const opener = useRef<HTMLElement | null>(null);
  // Runs before Radix moves focus into the dialog, so it still sees what opened it.
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement as HTMLElement | null;
  }, [open]);
  const onCloseAutoFocus = (e: Event) => {
    const wanted = returnFocus?.();
    const target = focusable(wanted) ? wanted : opener.current;
    if (!focusable(target)) return;
    e.preventDefault();
    target.focus();
  };
  return (
    <Parts.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <Parts.Trigger asChild>{trigger}</Parts.Trigger>}
      <Parts.Portal>
        <Parts.Overlay className="dialog-overlay" />
        <Parts.Content
          className={wide ? 'dialog wide' : 'dialog'}
          data-testid={testId}
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <Parts.Title className="dialog-title">{title}</Parts.Title>
          {description !== undefined && (
            <Parts.Description className="dialog-text">{description}</Parts.Description>
          )}
          {children}
        </Parts.Content>
      </Parts.Portal>
    </Parts.Root>
  );
}
