import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openKeyStore, type KeyStore } from '../../../core/key-store/key-store';
import { startPrivateKeyring, type PrivateKeyring } from '../../support/keyring';

let keyring: PrivateKeyring;
let store: KeyStore;
beforeAll(async () => {
  keyring = await startPrivateKeyring();
  process.env.DBUS_SESSION_BUS_ADDRESS = keyring.address;
  store = await openKeyStore();
});
afterAll(() => keyring.stop());

describe('key store on a real GNOME Keyring (Secret Service)', () => {
  it('uses the keychain', () => {
    expect(store.kind).toBe('keychain');
    expect(store.notice).toBeUndefined();
  });

  it('adds, lists with label and last 4 only, reveals on request, and deletes', async () => {
    const entry = await store.add({
      label: 'work laptop',
      key: 'SECRET-key-value-ABCD',
      connection: 'cloud',
      service: { kind: 'remote', baseUrl: 'https://a.example', asyncUrl: 'https://b.example' },
    });
    expect(entry).toMatchObject({ label: 'work laptop', connection: 'cloud', last4: 'ABCD' });
    const listed = await store.list();
    expect(listed).toContainEqual(entry);
    expect(JSON.stringify(listed)).not.toContain('SECRET-key-value');
    expect(await store.reveal(entry.id)).toBe('SECRET-key-value-ABCD');
    expect(await store.remove(entry.id)).toBe(true);
    expect(await store.list()).not.toContainEqual(entry);
    expect(await store.reveal(entry.id)).toBeUndefined();
  });

  it('keeps keys in the keychain itself: a second store opened later sees them', async () => {
    const entry = await store.add({
      label: 'second',
      key: 'another-key-9876',
      connection: 'local',
      service: { kind: 'local' },
    });
    const reopened = await openKeyStore();
    expect(await reopened.reveal(entry.id)).toBe('another-key-9876');
    await reopened.remove(entry.id);
  });
});
