/** API keys in the keychain: list, add (filed for a connection's service), remove, reveal, issue. */
import { AppFailure, appError } from '../../shared/domain/errors';
import { serviceOf } from '../../shared/domain/key';
import type { ClientProvider } from '../clients';
import type { ConnectionStore } from '../connections/connection-store';
import type { KeyStore } from '../key-store/key-store';
import type { LocalServiceSupervisor } from '../supervisor/local-service';
import { attempt, type HandlerSet } from './types';

export type KeyChannel = 'keys:list' | 'keys:add' | 'keys:remove' | 'keys:reveal' | 'keys:issue';

export function keyHandlers(deps: {
  readonly connections: ConnectionStore;
  readonly keys: KeyStore;
  readonly clients: ClientProvider;
  readonly supervisor: LocalServiceSupervisor | undefined;
}): HandlerSet<KeyChannel> {
  const { connections, keys, clients, supervisor } = deps;
  return {
    'keys:list': () =>
      attempt(async () => ({
        keys: await keys.list(),
        storage: keys.kind,
        ...(keys.notice ? { notice: keys.notice } : {}),
      })),

    'keys:add': ({ label, key, connection, use, expiresAt }) =>
      attempt(async () => {
        const target = connections.get(connection);
        if (!target)
          throw new AppFailure(appError('no-connection', { connection: connection ?? '' }));
        const entry = await keys.add({
          label,
          key,
          connection: target.id,
          service: serviceOf(target),
          expiresAt,
        });
        if (use !== false) await connections.setKey(target.id, entry.id);
        return { key: entry };
      }),

    'keys:remove': ({ id }) =>
      attempt(async () => {
        const wasLocal = connections.get('local')?.keyRef === id;
        const removed = await keys.remove(id);
        for (const connection of connections.list()) {
          if (connection.keyRef === id) await connections.setKey(connection.id, null);
        }
        // The local service's account gets a new key (same account, jobs and dictionaries).
        if (wasLocal) void supervisor?.renewKey();
        return { removed };
      }),

    'keys:reveal': ({ id }) =>
      attempt(async () => {
        const key = await keys.reveal(id);
        if (!key) throw new AppFailure(appError('not-found', { what: 'key' }));
        return { key };
      }),

    // The key is answered, not filed: the window files it with keys:add when the person asks.
    'keys:issue': ({ connection, epi, ipa, authKey, sid, spw }) =>
      attempt(async () => {
        if (sid !== undefined && spw === undefined)
          throw new AppFailure(appError('invalid-input', { detail: 'spw' }));
        const client = await clients.issuing(connection, { authKey, sid });
        const key = await client.issueKey({
          epi,
          ...(ipa ? { ipa } : {}),
          ...(sid && spw ? { sid, spw } : {}),
        });
        return { key };
      }),
  };
}
