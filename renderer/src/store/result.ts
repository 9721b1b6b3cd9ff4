/**
 * What every store action answers: the contract's `Result`, so a caller cannot tell an action from
 * a channel by its failure, and lint refuses to drop one (eslint.config.js, kikitori/no-dropped-result).
 */
import type { AppError } from '../../../shared/domain/errors';
import type { Result } from '../../../shared/ipc/contract';

export type { Result };

/** The success of an action that gives nothing back. */
export const DONE: Result<void> = { ok: true, data: undefined };

/** The failure an action answered, or undefined when it succeeded (for an error shown beside it). */
export const errorOf = (result: Result<unknown>): AppError | undefined =>
  result.ok ? undefined : result.error;
