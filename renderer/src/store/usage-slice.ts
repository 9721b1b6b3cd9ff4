/**
 * What each connection sent and may have cost (contract domain `usage:*`), as Settings → Usage
 * shows it, its plans (rates and budget), and the budget warning the core gives once a month,
 * which the status bar shows until the person dismisses it.
 */
import type { StateCreator } from 'zustand';
import type { AppError } from '../../../shared/domain/errors';
import type { ConnectionUsage, Month, UsagePlan } from '../../../shared/domain/usage';
import type { EventPayload } from '../../../shared/ipc/contract';
import { DONE, type Result } from './result';
import type { AppState, StoreDeps } from './store';

/** Months Settings shows: this one and the eleven before it (those with audio sent). */
export const USAGE_MONTHS = 12;

export interface UsageSlice {
  usage: { month: Month; connections: ConnectionUsage[] } | undefined;
  usageError: AppError | undefined;
  usageWarning: EventPayload<'usage:warning'> | undefined;
  /** Reads the usage again; a failure is kept in `usageError` (the panel shows it). */
  loadUsage: () => Promise<Result<void>>;
  saveUsagePlan: (connection: string, plan: UsagePlan) => Promise<Result<void>>;
  setUsageWarning: (warning: EventPayload<'usage:warning'> | undefined) => void;
}

export const createUsageSlice =
  ({ bridge }: StoreDeps): StateCreator<AppState, [], [], UsageSlice> =>
  (set, get) => ({
    usage: undefined,
    usageError: undefined,
    usageWarning: undefined,
    async loadUsage() {
      const result = await bridge.call('usage:summary', { months: USAGE_MONTHS });
      if (!result.ok) {
        set({ usageError: result.error });
        return result;
      }
      set({ usage: result.data, usageError: undefined });
      return DONE;
    },
    async saveUsagePlan(connection, plan) {
      const result = await bridge.call('usage:setPlan', { connection, plan });
      if (!result.ok) return result;
      return get().loadUsage();
    },
    setUsageWarning(warning) {
      set({ usageWarning: warning });
    },
  });
