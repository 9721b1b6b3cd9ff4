/**
 * How a file goes to the service, and the real reason, as the row says it: the job's own mode
 * once the core has made it, else what the size, the length (once known) and the connection's
 * speaker labels say — the same rules as the core's routing (core/jobs/routing.ts).
 */
import { LIMITS } from '../../../../shared/api/codes';

export type RouteReason = 'sync' | 'async-size' | 'async-length' | 'async-speakers';

export function routeReason(input: {
  size: number;
  durationSec?: number | undefined;
  speakers: boolean;
  /** The mode of the job the core made, when there is one. */
  mode?: 'sync' | 'async' | undefined;
}): RouteReason {
  if (input.mode === 'sync') return 'sync';
  if (input.size > LIMITS.syncAudioBytes) return 'async-size';
  if (input.durationSec !== undefined && input.durationSec > LIMITS.syncAudioSeconds)
    return 'async-length';
  if (input.speakers) return 'async-speakers';
  // The core sent it as a job for a length this window could not read first.
  return input.mode === 'async' ? 'async-length' : 'sync';
}
