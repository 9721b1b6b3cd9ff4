/**
 * The failure of the last action a control started, to show beside it: `run` takes the action's
 * `Result` (every store action answers one), keeps its error or clears it, and says whether it
 * succeeded. So a click never drops an action's failure (lint refuses `void action()`).
 */
import { useCallback, useState } from 'react';
import type { AppError } from '../../../shared/domain/errors';
import type { Result } from '../../../shared/ipc/contract';

export function useActionError(): {
  error: AppError | undefined;
  run: (action: Promise<Result<unknown>>) => Promise<boolean>;
  setError: (error: AppError | undefined) => void;
} {
  const [error, setError] = useState<AppError>();
  const run = useCallback(async (action: Promise<Result<unknown>>) => {
    const result = await action;
    setError(result.ok ? undefined : result.error);
    return result.ok;
  }, []);
  return { error, run, setError };
}
