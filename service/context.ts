/** What the request handlers share: stores, the engine, limits and settings. */
import type { AccountStore } from './keys/accounts';
import type { Engine } from './engine/engine';
import type { ConcurrencyLimiter } from './http/concurrency';
import type { ProfileStore } from './dictionary/profile-store';
import type { LogStore } from './logs/log-store';
import type { Db } from './storage/database';

export type EngineSlot =
  | { readonly state: 'ready'; readonly engine: Engine }
  | { readonly state: 'unavailable'; readonly message: string };

export interface ServiceContext {
  readonly db: Db;
  readonly dataDir: string;
  readonly accounts: AccountStore;
  readonly logs: LogStore;
  readonly profiles: ProfileStore;
  readonly limiter: ConcurrencyLimiter;
  /** Engines by name (`-a-general-en`). */
  readonly engines: ReadonlyMap<string, EngineSlot>;
  readonly now: () => number;
  /** The engine's batch decoders: how many pieces of one request are decoded at once. */
  readonly workers?: number;
}
