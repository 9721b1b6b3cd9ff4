/** Connections, stored in the app's data folder (connections.json); keys never go in it. */
import { join } from 'node:path';
import { z } from 'zod';
import {
  BUILT_IN_CONNECTIONS,
  connectionSchema,
  type Connection,
} from '../../shared/domain/connection';
import { readJson, writeJsonAtomic } from '../storage/atomic-json';
import { AppFailure, appError } from '../../shared/domain/errors';

const SCHEMA_VERSION = 1;
const fileSchema = z.object({ active: z.string(), connections: z.array(connectionSchema) });

export class ConnectionStore {
  private connections: Connection[] = [];
  private active = 'local';
  /** Runtime URLs of the bundled service (not stored: its port changes per launch). */
  private localUrl: string | undefined;

  private constructor(private readonly path: string) {}

  static async open(dataDir: string): Promise<ConnectionStore> {
    const store = new ConnectionStore(join(dataDir, 'connections.json'));
    const data = await readJson(store.path, SCHEMA_VERSION);
    const parsed = data === undefined ? undefined : fileSchema.parse(data);
    store.connections = parsed?.connections ?? [...BUILT_IN_CONNECTIONS];
    for (const builtIn of BUILT_IN_CONNECTIONS) {
      if (!store.connections.some((c) => c.id === builtIn.id)) store.connections.push(builtIn);
    }
    store.active = parsed?.active ?? 'local';
    return store;
  }

  /** Points the local connection at the running service. */
  setLocalUrl(url: string | undefined): void {
    this.localUrl = url;
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

  async save(connection: Connection): Promise<Connection> {
    const valid = connectionSchema.parse(connection);
    const existing = this.connections.find((c) => c.id === valid.id);
    if (existing?.kind === 'local' || (valid.kind === 'local' && valid.id !== 'local')) {
      // The local connection's URLs belong to the supervisor; only its settings may change.
      Object.assign(valid, { kind: 'local', baseUrl: '', asyncUrl: '' });
    }
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

  private persist(): Promise<void> {
    return writeJsonAtomic(
      this.path,
      { active: this.active, connections: this.connections },
      SCHEMA_VERSION,
    );
  }
}
