/** Connections: list, save (with the key chosen for it), test, choose the active one, remove. */
import { AppFailure, appError } from '../../shared/domain/errors';
import { keyServes } from '../../shared/domain/key';
import type { ClientProvider } from '../clients';
import { checkAddress, type ConnectionStore } from '../connections/connection-store';
import { toAppError } from '../errors';
import { keyFor, type KeyStore } from '../key-store/key-store';
import { attempt, type HandlerSet } from './types';

export type ConnectionChannel =
  | 'connections:list'
  | 'connections:save'
  | 'connections:test'
  | 'connections:setActive'
  | 'connections:remove';

export function connectionHandlers(deps: {
  readonly connections: ConnectionStore;
  readonly keys: KeyStore;
  readonly clients: ClientProvider;
}): HandlerSet<ConnectionChannel> {
  const { connections, keys, clients } = deps;
  return {
    'connections:list': () =>
      attempt(async () => ({ connections: connections.list(), active: connections.activeId() })),

    'connections:save': ({ connection }) =>
      attempt(async () => {
        const before = connections.get(connection.id);
        const sameService =
          before !== undefined &&
          (before.kind === 'local' ||
            (before.baseUrl === connection.baseUrl && before.asyncUrl === connection.asyncUrl));
        const saved = await connections.save(connection);
        if (connection.keyRef === saved.keyRef) return { connection: saved };
        // The key chosen in the editor applies when it was filed for this connection's service
        // as saved (keyServes). New addresses start without a key: one chosen for the old ones
        // is dropped with them; while the addresses stay, a key filed elsewhere is refused.
        const entry =
          connection.keyRef === null
            ? undefined
            : (await keys.list()).find((k) => k.id === connection.keyRef);
        const serves = entry !== undefined && keyServes(entry, saved);
        if (connection.keyRef !== null && !serves) {
          if (!sameService) return { connection: saved };
          throw new AppFailure(appError('not-found', { what: 'key' }));
        }
        return { connection: await connections.setKey(saved.id, connection.keyRef) };
      }),

    'connections:test': ({ connection }) =>
      attempt(async () => {
        checkAddress(connection.baseUrl);
        checkAddress(connection.asyncUrl);
        // The saved key goes only to the saved addresses: a test of edited addresses sends none.
        const saved = connections.get(connection.id);
        const sameService =
          saved !== undefined &&
          saved.keyRef === connection.keyRef &&
          saved.baseUrl === connection.baseUrl &&
          saved.asyncUrl === connection.asyncUrl;
        const key =
          sameService && saved.keyRef ? await keyFor(keys, saved.keyRef, saved) : undefined;
        const client = clients.trying({
          baseUrl: connection.baseUrl,
          asyncUrl: connection.asyncUrl,
          key: key ?? '',
        });
        const engines = (await client.engines()).map((e) => e.name);
        if (!key) return { engines, key: 'none' as const };
        try {
          await client.listProfiles(connection.engine);
          return { engines, key: 'accepted' as const };
        } catch (error) {
          const problem = toAppError(error);
          if (problem.code !== 'auth') throw error;
          return { engines, key: 'refused' as const, keyProblem: problem };
        }
      }),

    'connections:setActive': ({ id }) =>
      attempt(async () => {
        await connections.setActive(id);
        return { active: id };
      }),

    'connections:remove': ({ id }) =>
      attempt(async () => ({ active: await connections.remove(id) })),
  };
}
