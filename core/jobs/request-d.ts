/** The `d` parameter a connection sends with each request (docs/api.md §2). */
import { ASYNC_ONLY_D_KEYS, encodeD, settingsToD } from '../../shared/api';
import type { Connection } from '../../shared/domain/connection';
import { AppFailure, appError } from '../../shared/domain/errors';

const ASYNC_ONLY: ReadonlySet<string> = new Set(ASYNC_ONLY_D_KEYS);

/** The `d` a connection sends: its engine, profile, other settings, and loggingOptOut for unlogged jobs. */
export function dOf(connection: Connection, mode: 'sync' | 'async'): string {
  const settings = Object.entries(connection.settings).filter(
    ([key]) => mode === 'async' || !ASYNC_ONLY.has(key),
  );
  const params = settingsToD({
    engine: connection.engine,
    ...(connection.profileId ? { profile: { id: connection.profileId, readOnly: true } } : {}),
    loggingOptOut: mode === 'async' && !connection.logging,
    unknown: Object.fromEntries(settings),
  });
  if (!params.ok) throw new AppFailure(appError('invalid-input', {}, params.error));
  return encodeD(params.data);
}
