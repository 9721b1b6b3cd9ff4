/**
 * Which word a profile save was refused for, from the `word` the local service sends beside its
 * 400 message (docs/api.md §6), so the window can name the word and mark its row. A refusal
 * without it (the cloud's) stays a plain bad request.
 */
import type { WordProblem } from '../../shared/api';
import { appError, type AppError } from '../../shared/domain/errors';

export function wordRejectionOf(
  word: WordProblem | undefined,
  message: string,
): AppError | undefined {
  if (!word) return undefined;
  const { index, written, reason, value } = word;
  return appError('word-rejected', { index, written, reason, value }, message);
}
