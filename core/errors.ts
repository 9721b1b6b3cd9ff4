/** How the core turns what went wrong into errors a person can act on (shared/domain/errors.ts). */
import { AppFailure, appError, type AppError } from '../shared/domain/errors';
import { StorageError } from './storage/atomic-json';

/** A file-system error as a reason each language can say (shared/, for the command line too). */
export { fileReason } from '../shared/domain/errors';

/** Any thrown value as an AppError: AppFailures keep theirs, anything else is `internal`. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppFailure) return error.error;
  return appError('internal', {}, error instanceof Error ? error.message : String(error));
}

/** A data folder that cannot be read as this version wrote it, or cannot be written at all. */
export function dataFailure(dataDir: string, error: unknown): unknown {
  if (error instanceof StorageError) {
    const code = error.code === 'newer-version' ? 'data-newer' : 'data-corrupt';
    return new AppFailure(appError(code, { path: error.path }, error.message));
  }
  const errno = (error as NodeJS.ErrnoException).code;
  if (errno === 'EACCES' || errno === 'EPERM' || errno === 'EROFS')
    return new AppFailure(appError('data-read-only', { path: dataDir }, String(error)));
  return error;
}
