import { describe, expect, it } from 'vitest';
import { openKeyStore } from '../../../core/key-store/key-store';

describe('key store without a keychain', () => {
  it('falls back to a session-only store with a clear notice when no Secret Service answers', async () => {
    process.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent/kikitori-bus';
    const store = await openKeyStore();
    expect(store.kind).toBe('session');
    expect(store.notice).toMatchObject({
      code: 'keychain-unavailable',
      detail: expect.any(String),
    });
    const entry = await store.add({
      label: 'temp',
      key: 'session-key-1234',
      connection: 'cloud',
      service: { kind: 'remote', baseUrl: 'https://a.example', asyncUrl: 'https://b.example' },
    });
    expect(await store.reveal(entry.id)).toBe('session-key-1234');
    expect(await store.list()).toEqual([entry]);
  });

  it('falls back when the keychain library cannot load', async () => {
    const store = await openKeyStore(async () => {
      throw new Error('libsecret-1.so.0: cannot open shared object file');
    });
    expect(store.kind).toBe('session');
    expect(store.notice).toMatchObject({
      code: 'keychain-library-missing',
      detail: expect.stringMatching(/^libsecret-1\.so\.0/),
    });
  });
});
