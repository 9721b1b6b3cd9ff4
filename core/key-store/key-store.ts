/**
 * API keys in the OS keychain through keytar (Secret Service on Linux). Everything about a key
 * (the key, its label and connection) lives in the keychain entry; nothing is written to disk or
 * logs by us. When keytar cannot load or no Secret Service answers, keys are kept in memory for
 * this session only, with a notice saying so — never in plaintext on disk.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  keyServes,
  keyServiceSchema,
  serviceOf,
  type KeyEntry,
  type KeyService,
} from '../../shared/domain/key';
import { AppFailure, appError, type AppError } from '../../shared/domain/errors';

export const KEYCHAIN_SERVICE = 'kikitori';

const storedSchema = z.object({
  key: z.string().min(1),
  label: z.string(),
  connection: z.string(),
  /** The service the key was filed for: it goes nowhere else (absent on older entries). */
  service: keyServiceSchema.optional(),
  /** When an issued key stops working, if it is known. */
  expiresAt: z.number().optional(),
  createdAt: z.number(),
});
type Stored = z.infer<typeof storedSchema>;

interface Keytar {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
  findCredentials(service: string): Promise<Array<{ account: string; password: string }>>;
}

export interface KeyStore {
  /** `keychain` or `session` (memory only, lost when the app quits). */
  readonly kind: 'keychain' | 'session';
  /** Why keys are session-only, for the person to act on. */
  readonly notice: AppError | undefined;
  list(): Promise<KeyEntry[]>;
  add(input: NewKey): Promise<KeyEntry>;
  /** Records the service an older entry was filed for (once, when it is known: migration). */
  bind(id: string, service: KeyService): Promise<void>;
  remove(id: string): Promise<boolean>;
  /** The key itself: only for an explicit user action or a request the main process makes. */
  reveal(id: string): Promise<string | undefined>;
  /** One key with what is known of it, in one keychain read (keyFor, on every request). */
  find(id: string): Promise<(KeyEntry & { readonly key: string }) | undefined>;
}

export interface NewKey {
  readonly label: string;
  readonly key: string;
  readonly connection: string;
  readonly service: KeyService;
  readonly expiresAt?: number | undefined;
}

/** What the keychain keeps of a new key. */
const storedOf = (input: NewKey): Stored => ({
  key: input.key,
  label: input.label,
  connection: input.connection,
  service: input.service,
  ...(input.expiresAt ? { expiresAt: input.expiresAt } : {}),
  createdAt: Date.now(),
});

const entryOf = (id: string, stored: Stored): KeyEntry => ({
  id,
  label: stored.label,
  connection: stored.connection,
  ...(stored.service ? { service: stored.service } : {}),
  ...(stored.expiresAt ? { expiresAt: stored.expiresAt } : {}),
  last4: stored.key.slice(-4),
  createdAt: stored.createdAt,
});

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the keychain did not answer within ${ms / 1000} s while ${what}`)),
        ms,
      );
    }),
  ]);
}

/** A keychain operation; its failure becomes a `keychain` error with the system's words. */
async function keychainCall<T>(promise: Promise<T>, what: string): Promise<T> {
  try {
    return await withTimeout(promise, 10_000, what);
  } catch (error) {
    throw new AppFailure(appError('keychain', {}, `${what}: ${(error as Error).message}`));
  }
}

class KeychainStore implements KeyStore {
  readonly kind = 'keychain';
  readonly notice = undefined;
  constructor(private readonly keytar: Keytar) {}

  private async all(): Promise<Array<[string, Stored]>> {
    const credentials = await keychainCall(
      this.keytar.findCredentials(KEYCHAIN_SERVICE),
      'listing keys',
    );
    return credentials.flatMap(({ account, password }) => {
      try {
        return [[account, storedSchema.parse(JSON.parse(password))] as [string, Stored]];
      } catch {
        return []; // not ours, or damaged: leave it alone
      }
    });
  }

  async list(): Promise<KeyEntry[]> {
    return (await this.all())
      .map(([id, stored]) => entryOf(id, stored))
      .sort((a, b) => a.createdAt - b.createdAt);
  }

  async add(input: NewKey): Promise<KeyEntry> {
    const id = randomUUID();
    const stored = storedOf(input);
    await keychainCall(
      this.keytar.setPassword(KEYCHAIN_SERVICE, id, JSON.stringify(stored)),
      'saving a key',
    );
    return entryOf(id, stored);
  }

  async bind(id: string, service: KeyService): Promise<void> {
    const stored = (await this.all()).find(([account]) => account === id)?.[1];
    if (!stored || stored.service) return;
    await keychainCall(
      this.keytar.setPassword(KEYCHAIN_SERVICE, id, JSON.stringify({ ...stored, service })),
      'saving a key',
    );
  }

  async remove(id: string): Promise<boolean> {
    return keychainCall(this.keytar.deletePassword(KEYCHAIN_SERVICE, id), 'deleting a key');
  }

  async reveal(id: string): Promise<string | undefined> {
    return (await this.find(id))?.key;
  }

  async find(id: string) {
    const password = await keychainCall(
      this.keytar.getPassword(KEYCHAIN_SERVICE, id),
      'reading a key',
    );
    if (password === null) return undefined;
    const parsed = storedSchema.safeParse(JSON.parse(password));
    return parsed.success ? { ...entryOf(id, parsed.data), key: parsed.data.key } : undefined;
  }
}

export class SessionKeyStore implements KeyStore {
  readonly kind = 'session';
  private readonly keys = new Map<string, Stored>();
  constructor(readonly notice: AppError) {}

  async list(): Promise<KeyEntry[]> {
    return [...this.keys].map(([id, stored]) => entryOf(id, stored));
  }
  async add(input: NewKey): Promise<KeyEntry> {
    const id = randomUUID();
    const stored = storedOf(input);
    this.keys.set(id, stored);
    return entryOf(id, stored);
  }
  async bind(id: string, service: KeyService): Promise<void> {
    const stored = this.keys.get(id);
    if (stored && !stored.service) this.keys.set(id, { ...stored, service });
  }
  async remove(id: string): Promise<boolean> {
    return this.keys.delete(id);
  }
  async reveal(id: string): Promise<string | undefined> {
    return this.keys.get(id)?.key;
  }
  async find(id: string) {
    const stored = this.keys.get(id);
    return stored ? { ...entryOf(id, stored), key: stored.key } : undefined;
  }
}

/**
 * The key `id` for `connection` as it is now, or undefined when it was filed for another
 * connection or another service (docs/architecture.md §4: a key never follows a connection to
 * new addresses). Every key the main process sends anywhere comes through here.
 */
export async function keyFor(
  keys: KeyStore,
  id: string,
  connection: Parameters<typeof keyServes>[1],
): Promise<string | undefined> {
  const found = await keys.find(id);
  return found && keyServes(found, connection) ? found.key : undefined;
}

/**
 * Keys filed before keys recorded their service: the one a connection uses now is bound to the
 * service that connection speaks to (changing addresses always cleared a connection's key, so
 * that is where it was used); the others serve nothing until filed again.
 */
export async function bindOlderKeys(
  keys: KeyStore,
  connections: readonly {
    id: string;
    keyRef: string | null;
    kind: 'local' | 'cloud';
    baseUrl: string;
    asyncUrl: string;
  }[],
): Promise<void> {
  for (const entry of await keys.list()) {
    if (entry.service) continue;
    const user = connections.find((c) => c.id === entry.connection && c.keyRef === entry.id);
    if (user) await keys.bind(entry.id, serviceOf(user));
  }
}

/** Opens the keychain, or a session-only store with a notice when there is none. */
export async function openKeyStore(
  loadKeytar: () => Promise<Keytar> = defaultKeytar,
): Promise<KeyStore> {
  let keytar: Keytar;
  try {
    keytar = await loadKeytar();
  } catch (error) {
    return new SessionKeyStore(appError('keychain-library-missing', {}, (error as Error).message));
  }
  try {
    await withTimeout(keytar.findCredentials(KEYCHAIN_SERVICE), 10_000, 'opening the keychain');
  } catch (error) {
    return new SessionKeyStore(
      appError('keychain-unavailable', {}, (error as Error).message.split('\n')[0]),
    );
  }
  return new KeychainStore(keytar);
}

async function defaultKeytar(): Promise<Keytar> {
  const module = (await import('keytar')) as unknown as Keytar & { default?: Keytar };
  return module.default ?? module;
}
