/**
 * The sentence a person reads for an AppError, in the window's language. One place, so that the
 * move to `errorText(error, lang)` in shared/domain/errors.ts is a one-line change.
 */
import type { AppError } from '../../../shared/domain/errors';
import type { Lang } from '../i18n';

export function errorText(error: AppError, lang: Lang): string {
  return lang === 'ja' ? error.messageJa : error.message;
}
