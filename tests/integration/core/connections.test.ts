/**
 * A key stays with the addresses it was given for: saving a connection with another address (or
 * as a new connection naming someone else's key) drops the key, so a real listener chosen by
 * whoever calls connections:save never receives it. Cloud addresses must be https.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppFailure, appError } from '../../../shared/domain/errors';
import { Core, PROGRAM } from '../../../core/core';
import { ConnectionStore } from '../../../core/connections/connection-store';
import { SessionKeyStore } from '../../../core/key-store/key-store';
import type { Connection } from '../../../shared/domain/connection';
import { DEFAULT_FIXTURES_DIR } from '../../fixtures/build';
import { removeDir, tempDir } from '../../support/service-process';

const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');
const CLOUD_KEY = 'cloud-key-that-must-stay-with-acp-api-amivoice-com';

let core: Core;
let dataDir: string;
let listener: Server;
let listenerUrl: string;
/** Everything the listener was sent: method, URL, headers and body. */
const received: string[] = [];

beforeAll(async () => {
  dataDir = await tempDir('kikitori-app-');
  listener = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push(
        `${req.method} ${req.url} ${JSON.stringify(req.headers)} ${Buffer.concat(chunks).toString('latin1')}`,
      );
      res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  listenerUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  core = await Core.open({
    dataDir,
    keyStore: new SessionKeyStore(appError('keychain-unavailable', {}, 'tests')),
    localService: false,
    clientOptions: { attempts: 1 },
  });
});

afterAll(async () => {
  await core?.stop();
  await new Promise((resolve) => listener?.close(resolve));
  await removeDir(dataDir);
});

async function call<T>(channel: string, input: unknown = {}): Promise<T> {
  const result = await core.dispatch(channel, input, PROGRAM);
  if (!result.ok) throw new AppFailure(result.error);
  return result.data as T;
}
const save = (connection: Connection) =>
  call<{ connection: Connection }>('connections:save', { connection }).then((r) => r.connection);

describe('connections and their keys', () => {
  it('drops the key when an address changes, so a chosen listener never receives it', async () => {
    const { key } = await call<{ key: { id: string } }>('keys:add', {
      label: 'cloud',
      key: CLOUD_KEY,
      connection: 'cloud',
    });
    const cloud = core.connections.get('cloud')!;
    expect(cloud.keyRef).toBe(key.id);

    // Renaming keeps the key: the addresses are the same.
    expect(await save({ ...cloud, name: 'Cloud, renamed' })).toMatchObject({ keyRef: key.id });

    // Moving either address drops it, whatever keyRef the caller sends.
    const moved = await save({ ...cloud, baseUrl: listenerUrl });
    expect(moved.keyRef).toBeNull();
    // Back to the addresses the key was filed for: it serves them again, and only them.
    await save({ ...cloud, baseUrl: cloud.baseUrl, keyRef: key.id });
    expect(core.connections.get('cloud')!.keyRef).toBe(key.id);
    await call('keys:add', { label: 'cloud again', key: CLOUD_KEY, connection: 'cloud' });
    expect(await save({ ...core.connections.get('cloud')!, asyncUrl: listenerUrl })).toMatchObject({
      keyRef: null,
    });

    // A new connection cannot borrow someone else's key either.
    const borrowed = await save({
      ...cloud,
      id: 'borrowed',
      name: 'Borrowed',
      baseUrl: listenerUrl,
      asyncUrl: listenerUrl,
      keyRef: key.id,
    });
    expect(borrowed.keyRef).toBeNull();

    for (const connection of ['cloud', 'borrowed']) {
      expect(
        await core.invoke('dictionary:profiles', { engine: '-a-general', connection }),
      ).toMatchObject({ ok: false, error: { code: 'no-key' } });
    }
    const { jobs } = await call<{ jobs: Array<{ id: string }> }>('transcribe:files', {
      paths: [CLIP],
      connection: 'borrowed',
    });
    await expect
      .poll(() => core.journal.get(jobs[0]!.id)?.status, { timeout: 60_000 })
      .toBe('failed');

    // The listener does hear a key given to it on purpose, so it would have heard the cloud one.
    await call('keys:add', {
      label: 'for the listener',
      key: 'listener-key',
      connection: 'borrowed',
    });
    // The listener is no service, so its answer is refused; what matters is what it heard.
    expect(
      await core.invoke('dictionary:profiles', { engine: '-a-general', connection: 'borrowed' }),
    ).toMatchObject({ ok: false });
    expect(received.join('\n')).toContain('listener-key');
    expect(received.join('\n')).not.toContain(CLOUD_KEY);
  });

  it('refuses plain http for a cloud address other than this machine', async () => {
    const cloud = core.connections.get('cloud')!;
    for (const address of ['http://example.com', 'http://10.0.0.8:8080', 'ftp://example.com']) {
      expect(
        await core.invoke('connections:save', { connection: { ...cloud, baseUrl: address } }),
      ).toMatchObject({
        ok: false,
        error: { code: 'insecure-url', params: { url: address } },
      });
    }
    expect(
      await core.invoke('connections:save', { connection: { ...cloud, asyncUrl: 'not a url' } }),
    ).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    for (const address of ['https://example.com', 'http://localhost:8700', 'http://[::1]:8700']) {
      expect(await save({ ...cloud, baseUrl: address })).toMatchObject({ baseUrl: address });
    }
  });

  it('removes a connection the person added, never a built-in; the local one takes over as active', async () => {
    const cloud = core.connections.get('cloud')!;
    await save({ ...cloud, id: 'gone-soon', name: 'Gone soon', keyRef: null });
    const { key } = await call<{ key: { id: string } }>('keys:add', {
      label: 'gone-soon key',
      key: 'key-of-a-removed-connection',
      connection: 'gone-soon',
    });
    await call('connections:setActive', { id: 'gone-soon' });
    expect(await call('connections:remove', { id: 'gone-soon' })).toEqual({ active: 'local' });
    const listed = await call<{ connections: Connection[]; active: string }>('connections:list');
    expect(listed.active).toBe('local');
    expect(listed.connections.map((c) => c.id)).not.toContain('gone-soon');
    // Its key stays in the keychain, listed, until the person deletes it.
    const { keys } = await call<{ keys: Array<{ id: string }> }>('keys:list');
    expect(keys.map((k) => k.id)).toContain(key.id);
    for (const id of ['local', 'cloud']) {
      expect(await core.invoke('connections:remove', { id })).toMatchObject({
        ok: false,
        error: { code: 'invalid-input' },
      });
    }
    expect(await core.invoke('connections:remove', { id: 'gone-soon' })).toMatchObject({
      ok: false,
      error: { code: 'no-connection' },
    });
    // A restart reads the file without it.
    const reopened = await ConnectionStore.open(dataDir);
    expect(reopened.list().map((c) => c.id)).not.toContain('gone-soon');
  });
});
