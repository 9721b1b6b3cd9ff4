/** What each connection sent and may have cost, and its plan (core/usage/, Settings → Usage). */
import type { UsageMeter } from '../usage/usage-meter';
import { attempt, type HandlerSet } from './types';

export type UsageChannel = 'usage:summary' | 'usage:setPlan';

export function usageHandlers(deps: { readonly usage: UsageMeter }): HandlerSet<UsageChannel> {
  const { usage } = deps;
  return {
    'usage:summary': ({ month, months }) =>
      attempt(async () => {
        const asked = month ?? usage.currentMonth();
        return { month: asked, connections: usage.summary(asked, months ?? 1) };
      }),
    'usage:setPlan': ({ connection, plan }) =>
      attempt(async () => ({ plan: usage.setPlan(connection, plan) })),
  };
}
