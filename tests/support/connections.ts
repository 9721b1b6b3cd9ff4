/** Connections as the window saves them, for tests that save one through a host. */
import type { Connection } from '../../shared/domain/connection';

/** A cloud-kind connection to `url` (both sync and async), logging on, no key and no profile yet. */
export function loggedConnection(id: string, name: string, url: string): Connection {
  return {
    id,
    name,
    kind: 'cloud',
    baseUrl: url,
    asyncUrl: url,
    keyRef: null,
    logging: true,
    engine: '-a-general-en',
    profileId: null,
    settings: {},
  };
}
