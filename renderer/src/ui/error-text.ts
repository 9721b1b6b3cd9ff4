/**
 * The sentence a person reads for an AppError, in the window's language: the shared renderer of
 * shared/domain/errors.ts, where each language writes the whole sentence from the code and its
 * params. The raw `detail` is shown apart by the caller, when it helps.
 */
export { errorText } from '../../../shared/domain/error-text';
