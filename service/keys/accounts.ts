/**
 * Accounts and API keys. Keys and service passwords are stored only as hashes: keys (high-entropy
 * random) as SHA-256, passwords with scrypt; both compared in constant time. `epi` expiry and
 * `ipa` ranges are enforced on every use; keys issued through the API are never issuable.
 */
import { createHash, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import {
  failure,
  formatAllowedAddresses,
  isAddressAllowed,
  parseAllowedAddresses,
  success,
  type IpRange,
  type Result,
} from '../../shared/api';
import type { Db } from '../storage/database';

export interface AccountCredentials {
  readonly sid: string;
  readonly spw: string;
  readonly apiKey: string;
}

export interface KeyIdentity {
  readonly accountId: number;
  readonly keyId: number;
  readonly issuable: boolean;
}

export type KeyCheck = Result<
  KeyIdentity,
  { reason: 'unknown' | 'expired' | 'address'; expiredAt?: Date }
>;

const hashKey = (key: string) => createHash('sha256').update(key, 'utf8').digest();
const randomToken = (bytes: number) => randomBytes(bytes).toString('base64url');

/** A new API key: 40 URL-safe characters from 240 random bits. */
export const newApiKey = () => randomToken(30);

function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, 32);
  return `scrypt$${salt.toString('base64')}$${hash.toString('base64')}`;
}

function verifyPassword(password: string, stored: string): boolean {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  return timingSafeEqual(
    scryptSync(password, Buffer.from(salt, 'base64'), expected.length),
    expected,
  );
}

export class AccountStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  hasAccount(): boolean {
    return this.db.prepare('SELECT 1 FROM accounts LIMIT 1').get() !== undefined;
  }

  /**
   * Creates the first account with secure random credentials and an issuable key (or `initKey`).
   * Returns the credentials once; afterwards only their hashes exist.
   */
  createAccount(initKey?: string): AccountCredentials {
    const credentials = {
      sid: `kikitori-${randomToken(6)}`,
      spw: randomToken(18),
      apiKey: initKey ?? newApiKey(),
    };
    this.db.transaction(() => {
      const { lastInsertRowid } = this.db
        .prepare('INSERT INTO accounts (sid, spw_hash, created_at) VALUES (?, ?, ?)')
        .run(credentials.sid, hashPassword(credentials.spw), this.now());
      this.insertKey(Number(lastInsertRowid), credentials.apiKey, { issuable: true });
    })();
    return credentials;
  }

  /**
   * Adds a fresh issuable key to the existing account, for an app that lost the key it was given
   * (keychain reset or key deleted): the account, its jobs and dictionaries stay as they are.
   */
  addIssuableKey(): { sid: string; apiKey: string } {
    const account = this.db.prepare('SELECT id, sid FROM accounts ORDER BY id LIMIT 1').get() as {
      id: number;
      sid: string;
    };
    const apiKey = newApiKey();
    this.insertKey(account.id, apiKey, { issuable: true });
    return { sid: account.sid, apiKey };
  }

  private insertKey(
    accountId: number,
    key: string,
    {
      issuable,
      expiresAt = null,
      ipa = [],
    }: {
      /** Whether the key may issue other keys (an account's own key), or is one issued. */
      readonly issuable: boolean;
      readonly expiresAt?: number | null;
      readonly ipa?: readonly IpRange[];
    },
  ) {
    this.db
      .prepare(
        'INSERT INTO api_keys (account_id, key_hash, issuable, expires_at, ipa, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(
        accountId,
        hashKey(key),
        issuable ? 1 : 0,
        expiresAt,
        formatAllowedAddresses(ipa),
        this.now(),
      );
  }

  /** Checks a key for use from `clientAddress`. */
  checkKey(key: string, clientAddress: string): KeyCheck {
    if (key === '') return failure({ reason: 'unknown' });
    const hash = hashKey(key);
    const row = this.db
      .prepare(
        'SELECT id, account_id, key_hash, issuable, expires_at, ipa FROM api_keys WHERE key_hash = ?',
      )
      .get(hash) as
      | {
          id: number;
          account_id: number;
          key_hash: Buffer;
          issuable: number;
          expires_at: number | null;
          ipa: string;
        }
      | undefined;
    if (!row || !timingSafeEqual(row.key_hash, hash)) return failure({ reason: 'unknown' });
    if (row.expires_at !== null && row.expires_at <= this.now()) {
      return failure({ reason: 'expired', expiredAt: new Date(row.expires_at) });
    }
    const ranges = parseAllowedAddresses(row.ipa);
    if (!ranges.ok || !isAddressAllowed(ranges.data, clientAddress))
      return failure({ reason: 'address' });
    return success({ accountId: row.account_id, keyId: row.id, issuable: row.issuable === 1 });
  }

  /** The account of a service id and password, or undefined. */
  checkPassword(sid: string, spw: string): number | undefined {
    const row = this.db.prepare('SELECT id, spw_hash FROM accounts WHERE sid = ?').get(sid) as
      { id: number; spw_hash: string } | undefined;
    // Hash even for an unknown sid, so that timing does not tell which sids exist.
    const ok = verifyPassword(
      spw,
      row?.spw_hash ??
        'scrypt$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
    );
    return ok && row ? row.id : undefined;
  }

  /** Issues a key that expires at `expiresAt` and works only from `ipa`; it is never issuable. */
  issueKey(accountId: number, expiresAt: Date, ipa: readonly IpRange[]): string {
    const key = newApiKey();
    this.insertKey(accountId, key, {
      issuable: false,
      expiresAt: expiresAt.getTime(),
      ipa,
    });
    return key;
  }
}
