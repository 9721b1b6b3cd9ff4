/** The host did not answer: a network error, with what the browser said kept as its detail. */
import { appError, type AppError } from '../../../shared/domain/errors';

export const unreachable = (detail: string): { ok: false; error: AppError } => ({
  ok: false,
  error: appError('network', { host: 'Kikitori', reason: 'other' }, detail),
});
