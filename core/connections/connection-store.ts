/**
 * Connections, stored in the app's data folder (connections.json); keys never go in it. A key is
 * bound to the addresses it was given for: `save` never sets a key and drops it when either
 * address changes, so nobody can point a keyed connection at a server of their choosing.
 */
import { join } from 'node:path';
import { z } from 'zod';
import {
  BUILT_IN_CONNECTIONS,
  connectionSchema,
  type Connection,
} from '../../shared/domain/connection';
import { AppFailure, appError } from '../../shared/domain/errors';
import { StorageError, readJson, writeJsonAtomic } from '../storage/atomic-json';

const SCHEMA_VERSION = 1;
const fileSchema = z.object({ active: z.string(), connections: z.array(connectionSchema) });
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** A cloud address: https, or plain http to this machine only. */
export function checkAddress(address: string): void {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new AppFailure(appError('invalid-input', {}, `${address} is not an address`));
  }
  const secure =
    url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
  if (!secure) throw new AppFailure(appError('insecure-url', { url: address }));
}

export class ConnectionStore {
  private connections: Connection[] = [];
  private active = 'local';
  /** Runtime URLs of the bundled service (not stored: its port changes per launch). */
  private localUrl: string | undefined;

  private constructor(private readonly path: string) {}

  static async open(dataDir: string): Promise<ConnectionStore> {
    const store = new ConnectionStore(join(dataDir, 'connections.json'));
    const data = await readJson(store.path, SCHEMA_VERSION);
    const checked = data === undefined ? undefined : fileSchema.safeParse(data);
    if (checked && !checked.success)
      throw new StorageError('corrupt', `${store.path}: ${checked.error.message}`, store.path);
    const parsed = checked?.data;
    store.connections = parsed?.connections ?? [...BUILT_IN_CONNECTIONS];
    for (const builtIn of BUILT_IN_CONNECTIONS) {
      if (!store.connections.some((c) => c.id === builtIn.id)) store.connections.push(builtIn);
    }
    store.active = parsed?.active ?? 'local';
    return store;
  }

  /** Whether a supervisor is running the local service (so a missing URL means "not yet"). */
  private localExpected = false;
  private readonly localWaiters = new Set<() => void>();

  /** Points the local connection at the running service. */
  setLocalUrl(url: string | undefined): void {
    this.localUrl = url;
    if (url) this.wakeLocalWaiters();
  }

  expectLocal(expected: boolean): void {
    this.localExpected = expected;
    if (!expected) this.wakeLocalWaiters();
  }

  /** The local service is supervised but not listening: starting, or restarting after a death. */
  localStarting(): boolean {
    return this.localExpected && !this.localUrl;
  }

  /** Waits up to `timeoutMs` for the local service to listen; whether it does. */
  async waitForLocal(timeoutMs: number): Promise<boolean> {
    if (!this.localStarting()) return this.localUrl !== undefined;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.localWaiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.localWaiters.add(done);
    });
    return this.localUrl !== undefined;
  }

  private wakeLocalWaiters(): void {
    for (const wake of [...this.localWaiters]) wake();
  }

  private resolve(connection: Connection): Connection {
    if (connection.kind !== 'local') return connection;
    return { ...connection, baseUrl: this.localUrl ?? '', asyncUrl: this.localUrl ?? '' };
  }

  list(): Connection[] {
    return this.connections.map((c) => this.resolve(c));
  }

  activeId(): string {
    return this.active;
  }

  get(id?: string): Connection | undefined {
    const found = this.connections.find((c) => c.id === (id ?? this.active));
    return found && this.resolve(found);
  }

  /** Saves a connection's settings; its key stays only while both addresses stay the same. */
  async save(connection: Connection): Promise<Connection> {
    const valid = connectionSchema.parse(connection);
    const existing = this.connections.find((c) => c.id === valid.id);
    if (existing?.kind === 'local' || (valid.kind === 'local' && valid.id !== 'local')) {
      // The local connection's URLs belong to the supervisor; only its settings may change.
      Object.assign(valid, { kind: 'local', baseUrl: '', asyncUrl: '' });
    } else {
      checkAddress(valid.baseUrl);
      checkAddress(valid.asyncUrl);
    }
    const sameAddresses =
      existing !== undefined &&
      existing.baseUrl === valid.baseUrl &&
      existing.asyncUrl === valid.asyncUrl;
    valid.keyRef = sameAddresses ? existing.keyRef : null;
    return this.store(valid);
  }

  /** Gives a connection a key (or none): only for keys:add, keys:remove and the supervisor. */
  async setKey(id: string, keyRef: string | null): Promise<Connection> {
    const existing = this.connections.find((c) => c.id === id);
    if (!existing) throw new AppFailure(appError('no-connection', { connection: id }));
    return this.store({ ...existing, keyRef });
  }

  private async store(valid: Connection): Promise<Connection> {
    const existing = this.connections.find((c) => c.id === valid.id);
    this.connections = existing
      ? this.connections.map((c) => (c.id === valid.id ? valid : c))
      : [...this.connections, valid];
    await this.persist();
    return this.resolve(valid);
  }

  async setActive(id: string): Promise<void> {
    if (!this.connections.some((c) => c.id === id))
      throw new AppFailure(appError('no-connection', { connection: id }));
    this.active = id;
    await this.persist();
  }

  /**
   * Removes a connection the person added; the built-ins stay. Only the reference to its key goes
   * (the key itself stays in the keychain). Returns the active connection afterwards: the local
   * one if the removed one was active.
   */
  async remove(id: string): Promise<string> {
    if (BUILT_IN_CONNECTIONS.some((c) => c.id === id))
      throw new AppFailure(appError('invalid-input', {}, `${id} is a built-in connection`));
    if (!this.connections.some((c) => c.id === id))
      throw new AppFailure(appError('no-connection', { connection: id }));
    this.connections = this.connections.filter((c) => c.id !== id);
    if (this.active === id) this.active = 'local';
    await this.persist();
    return this.active;
  }

  private persist(): Promise<void> {
    return writeJsonAtomic(
      this.path,
      { active: this.active, connections: this.connections },
      SCHEMA_VERSION,
    );
  }
}
