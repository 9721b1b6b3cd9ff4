/**
 * How a file goes to the service, and the real reason, as the row says it: the job's own mode
 * once the core has made it, else the rule the core routes by (shared/api/route.ts) on what the
 * window knows (size, the length once read, the connection's speaker labels).
 */
import { routeOf, type Route } from '../../../../shared/api/route';

export type RouteReason = Route;

export function routeReason(input: {
  size: number;
  durationSec?: number | undefined;
  speakers: boolean;
  /** The mode of the job the core made, when there is one. */
  mode?: 'sync' | 'async' | 'live' | undefined;
}): RouteReason {
  if (input.mode === 'sync') return 'sync';
  const route = routeOf({ size: input.size, seconds: input.durationSec, speakers: input.speakers });
  // The core sent it as a job for a length this window could not read first.
  return input.mode === 'async' && route === 'sync' ? 'async-length' : route;
}
