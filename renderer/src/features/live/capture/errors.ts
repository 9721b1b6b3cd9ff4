/**
 * The browser's refusals of the microphone (DOMException names from getUserMedia and the audio
 * context) as the AppErrors a person reads: mic-none, mic-denied, mic-failed {device}.
 */
import { AppFailure, appError } from '../../../../../shared/domain/errors';

const nameOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : undefined;

/** A browser's refusal as the AppError a person reads. */
export function micFailure(error: unknown, device: string): AppFailure {
  if (error instanceof AppFailure) return error;
  const name = nameOf(error);
  const detail = messageOf(error) || undefined;
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return new AppFailure(appError('mic-none', {}, detail));
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return new AppFailure(appError('mic-denied', {}, detail));
  return new AppFailure(appError('mic-failed', { device }, detail));
}
