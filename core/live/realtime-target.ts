/**
 * Where a connection's live recognition goes and the `s` line that opens it (docs/api.md §9).
 * Pure: the caller finds the key (core/clients.ts keyFor) and waits for the local service.
 */
import { ASYNC_ONLY_D_KEYS, formatCommand, settingsToD } from '../../shared/api';
import type { Connection } from '../../shared/domain/connection';
import { AppFailure, appError } from '../../shared/domain/errors';
import { LIVE_AUDIO } from '../../shared/ipc/live';

/** The audio a live session sends: the window's PCM as it comes (shared/ipc/live.ts). */
export const LIVE_FORMAT = LIVE_AUDIO.format;

/**
 * The realtime endpoint of a connection: its base URL's origin with http→ws and https→wss, and
 * `/v1/` or, when the connection does not log, `/v1/nolog/`. The cloud's realtime host is its
 * sync host, `wss://acp-api.amivoice.com/v1/` and `/v1/nolog/` [public: docs/api.md §9,
 * "Endpoints and session"]; the local service serves both paths on its one port.
 */
export function realtimeUrlOf(connection: Connection): string {
  if (!connection.baseUrl) {
    throw new AppFailure(appError('network', { host: connection.name, reason: 'not-running' }));
  }
  let base: URL;
  try {
    base = new URL(connection.baseUrl);
  } catch {
    throw new AppFailure(appError('invalid-input', {}, `not an address: ${connection.baseUrl}`));
  }
  const scheme = { 'http:': 'ws:', 'https:': 'wss:' }[base.protocol];
  if (scheme === undefined) {
    throw new AppFailure(appError('invalid-input', {}, `not an http(s) address: ${base.origin}`));
  }
  return `${scheme}//${base.host}${connection.logging ? '/v1/' : '/v1/nolog/'}`;
}

const NOT_FOR_REALTIME: ReadonlySet<string> = new Set<string>([
  ...ASYNC_ONLY_D_KEYS,
  // Set from the connection itself, never from a stray setting.
  'grammarFileNames',
  'authorization',
  'profileId',
]);

/**
 * The `s` line: `s LSB16K <engine> [profileId=…] [keepFillerToken=…] [resultUpdatedInterval=…]
 * … authorization=<key>`, written by formatCommand (the Python client's key order and quoting).
 * The settings are those the sync request sends (core/jobs/request-d.ts): `s` takes the same
 * `d` family of keys [public: docs/api.md §9 s command], the async-only ones aside; the profile
 * is named read-only (`:<id>`), as in `d`, since the local service reads `s` with the same rules.
 */
export function startLineOf(connection: Connection, key: string): string {
  const settings = Object.entries(connection.settings).filter(
    ([name]) => !NOT_FOR_REALTIME.has(name),
  );
  const params = settingsToD({
    engine: connection.engine,
    authorization: key,
    ...(connection.profileId ? { profile: { id: connection.profileId, readOnly: true } } : {}),
    unknown: Object.fromEntries(settings),
  });
  if (!params.ok) throw new AppFailure(appError('invalid-input', {}, params.error));
  const { grammarFileNames: _engine, ...rest } = params.data;
  try {
    return formatCommand({
      kind: 's',
      audioFormat: LIVE_FORMAT,
      grammars: [connection.engine],
      params: rest,
    });
  } catch (error) {
    // A setting no service could read back (a key with a space…): the person can fix it.
    throw new AppFailure(appError('invalid-input', {}, (error as Error).message));
  }
}
