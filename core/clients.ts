/**
 * The one place an API client is made for a request, with the one key it may carry: a
 * connection's own key for its own service (keyFor), waiting for the local service while it
 * starts. The runner and the handlers both take their clients from here.
 */
import type { Connection } from '../shared/domain/connection';
import { AppFailure, appError } from '../shared/domain/errors';
import { ApiClient, type ClientOptions, type Endpoint } from './api-client/api-client';
import type { ConnectionStore } from './connections/connection-store';
import { keyFor, type KeyStore } from './key-store/key-store';

/** What the runner and the handlers may call on a client: ApiClient's public surface. */
export type Client = Pick<ApiClient, keyof ApiClient>;
export type ClientFactory = (endpoint: Endpoint, options?: ClientOptions) => Client;

const apiClient: ClientFactory = (endpoint, options) => new ApiClient(endpoint, options);

export interface ClientDeps {
  readonly connections: ConnectionStore;
  readonly keys: KeyStore;
  /** Timeouts and retries of every API request (defaults in ApiClient). */
  readonly clientOptions?: ClientOptions;
  readonly clientFactory?: ClientFactory;
  /** How long work for the local service waits while it starts or restarts (default 120 s). */
  readonly serviceWaitMs?: number;
}

export class ClientProvider {
  readonly serviceWaitMs: number;
  private readonly make: ClientFactory;

  constructor(private readonly deps: ClientDeps) {
    this.serviceWaitMs = deps.serviceWaitMs ?? 120_000;
    this.make = deps.clientFactory ?? apiClient;
  }

  /** A client for a connection (the active one by default), with its key from the key store. */
  async forConnection(connectionId?: string): Promise<Client> {
    const { connection, key } = await this.resolve(connectionId);
    return this.make(
      { baseUrl: connection.baseUrl, asyncUrl: connection.asyncUrl, key },
      this.deps.clientOptions,
    );
  }

  /**
   * A connection (the active one by default) as it is once usable, and its key: waits for the
   * local service while it starts. The live client (core/live/) speaks to the same place.
   */
  async resolve(connectionId?: string): Promise<{ connection: Connection; key: string }> {
    const { connections, keys } = this.deps;
    let connection = connections.get(connectionId);
    if (!connection)
      throw new AppFailure(appError('no-connection', { connection: connectionId ?? '' }));
    if (connection.kind === 'local' && connections.localStarting()) {
      if (!(await connections.waitForLocal(this.serviceWaitMs))) {
        const seconds = Math.round(this.serviceWaitMs / 1000);
        throw new AppFailure(appError('service-not-started', { seconds }));
      }
      connection = connections.get(connection.id)!;
    }
    if (connection.kind === 'local' && !connection.baseUrl) {
      throw new AppFailure(appError('network', { host: connection.name, reason: 'not-running' }));
    }
    const key = connection.keyRef ? await keyFor(keys, connection.keyRef, connection) : undefined;
    if (!key) throw new AppFailure(appError('no-key', { connection: connection.name }));
    return { connection, key };
  }

  /**
   * The client that issues a key: the connection's own key, another issuable key from the
   * keychain, or none (the request then carries a service ID and password).
   */
  async issuing(
    connectionId: string | undefined,
    auth: { readonly authKey?: string | undefined; readonly sid?: string | undefined },
  ): Promise<Client> {
    if (!auth.authKey && !auth.sid) return this.forConnection(connectionId);
    const connection = this.deps.connections.get(connectionId);
    if (!connection)
      throw new AppFailure(appError('no-connection', { connection: connectionId ?? '' }));
    // A key is only ever sent to the service it was filed for (keyFor).
    const key = auth.authKey ? await keyFor(this.deps.keys, auth.authKey, connection) : '';
    if (key === undefined) throw new AppFailure(appError('not-found', { what: 'key' }));
    return this.make(
      { baseUrl: connection.baseUrl, asyncUrl: connection.asyncUrl, key },
      this.deps.clientOptions,
    );
  }

  /** A client for addresses being tried out (Settings → Test): one attempt, no retries. */
  trying(endpoint: Endpoint): Client {
    return this.make(endpoint, { ...this.deps.clientOptions, attempts: 1 });
  }
}
