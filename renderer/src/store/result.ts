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

/**
 * Waits for an action whose failure the store itself keeps where its screen shows it (each such
 * action says where: `hostError` in the status bar, `keysError`, `dictError`, the viewer's
 * `transcript.error`), so the caller has nothing more to do with the Result.
 */
export async function keptInStore(action: Promise<Result<unknown>>): Promise<void> {
  // The one place a Result is let go, by name: the store has kept its failure already.
  // eslint-disable-next-line kikitori/no-dropped-result
  await action;
}
