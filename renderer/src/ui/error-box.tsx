/** An AppError as the sentence a person reads, in the window's language, announced as it appears. */
import type { ReactNode } from 'react';
import type { AppError } from '../../../shared/domain/errors';
import { useErrorText } from './error-text';

interface Props {
  readonly error: AppError | undefined;
  /** `file-error` under a row or a toolbar; `error-box` (the default) in a form or a panel. */
  readonly className?: string;
  /** What follows the sentence (a way out, such as a link to Settings). */
  readonly children?: ReactNode;
}

export function ErrorBox({ error, className = 'error-box', children }: Props) {
  const errorText = useErrorText();
  if (!error) return null;
  return (
    <p className={className} role="alert">
      {errorText(error)}
      {children}
    </p>
  );
}
