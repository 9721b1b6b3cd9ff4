import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import { dropFiles } from './drop';
import { expect, test } from './fixtures';

const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');

/** What the host itself answers, asked over its RPC with the page's own token. */
async function rpc<T>(app: Page, channel: string, input: object = {}): Promise<T> {
  return app.evaluate(
    async ({ channel, input }) => {
      const token = (
        globalThis as unknown as { sessionStorage: { getItem(k: string): string } }
      ).sessionStorage.getItem('kikitori.token');
      const res = await fetch(`/rpc/${channel}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(input),
      });
      return ((await res.json()) as { data: unknown }).data;
    },
    { channel, input },
  ) as Promise<T>;
}

/** The key entry the host's Local connection uses now. */
async function localKeyRef(app: Page): Promise<string | null | undefined> {
  const { connections } = await rpc<{ connections: Array<{ id: string; keyRef: string | null }> }>(
    app,
    'connections:list',
  );
  return connections.find((c) => c.id === 'local')?.keyRef;
}

test('a 5-minute key issued in Settings, saved and chosen for the local connection, transcribes a clip', async ({
  app,
}) => {
  await app.getByTestId('language').selectOption('en');
  await expect(app.getByTestId('service-status')).toContainText('Running');
  await app.getByRole('tab', { name: 'Settings' }).click();
  await expect(app.getByTestId('keys-table')).toContainText('Local service');

  await app.getByRole('button', { name: 'Issue a key…' }).click();
  const dialog = app.getByTestId('issue-dialog');
  await dialog.getByRole('radio', { name: 'A custom period' }).check();
  await dialog.getByLabel('Amount').fill('5');
  await dialog.getByLabel('Unit').selectOption('m');
  await dialog.getByRole('button', { name: 'Issue key' }).click();
  const issued = dialog.getByTestId('issued-key');
  await expect(issued).toHaveValue(/^\S{8,}$/);
  const value = await issued.inputValue();
  await dialog.getByLabel('Label in the keychain').fill('issued for Local');
  await dialog.getByRole('button', { name: 'Save to keychain' }).click();
  await expect(dialog.getByRole('status')).toContainText('Saved to the keychain');
  await dialog.getByRole('button', { name: 'Done' }).click();

  await app
    .getByRole('list', { name: 'Connections', exact: true })
    .getByRole('button', { name: 'Local (offline)' })
    .click();
  const keySelect = app.getByLabel('API key', { exact: true });
  const before = await keySelect.inputValue();
  await keySelect.selectOption({ label: `issued for Local (…${value.slice(-4)})` });
  await app.getByRole('button', { name: 'Save', exact: true }).click();

  const { keys } = await rpc<{ keys: Array<{ id: string; label: string }> }>(app, 'keys:list');
  const saved = keys.find((k) => k.label === 'issued for Local');
  expect(saved).toBeDefined();
  expect(saved!.id).not.toBe(before);
  await expect.poll(() => localKeyRef(app)).toBe(saved!.id);
  expect(await rpc<{ key: string }>(app, 'keys:reveal', { id: saved!.id })).toMatchObject({
    key: value,
  });

  await app.getByRole('tab', { name: 'Transcribe' }).click();
  await dropFiles(app, [{ path: CLIP, name: 'with-new-key.wav' }]);
  const row = app.getByTestId('file-row').filter({ hasText: 'with-new-key.wav' });
  await expect(row).toHaveAttribute('data-state', 'completed', { timeout: 120_000 });
  await row.getByRole('button', { name: 'Open transcript of with-new-key.wav' }).click();
  // (Another spec in this worker may have given the connection a dictionary profile.)
  await expect(app.getByTestId('utterances')).toContainText('have been made');

  // The host serves every spec file of this worker: Local gets its lasting key back before this
  // one expires.
  await app.getByRole('tab', { name: 'Settings' }).click();
  await app
    .getByRole('list', { name: 'Connections', exact: true })
    .getByRole('button', { name: 'Local (offline)' })
    .click();
  await app.getByLabel('API key', { exact: true }).selectOption(before);
  await app.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(() => localKeyRef(app)).toBe(before);
});

test('no API key is kept in the window’s storage: localStorage, sessionStorage, IndexedDB, caches', async ({
  app,
}) => {
  await expect(app.getByTestId('service-status')).toContainText('Running');
  // Every key of the keychain, revealed as a person would, then looked for in the page's storage.
  await app.getByRole('tab', { name: 'Settings' }).click();
  await expect(app.getByTestId('keys-table')).toContainText('Local service');
  const { keys } = await rpc<{ keys: Array<{ id: string }> }>(app, 'keys:list');
  expect(keys.length).toBeGreaterThan(0);
  const values: string[] = [];
  for (const { id } of keys)
    values.push((await rpc<{ key: string }>(app, 'keys:reveal', { id })).key);
  // (Page code, given as text: this file is type-checked without DOM types.)
  const stored = await app.evaluate<string>(`(async () => {
    const out = [];
    for (const store of [localStorage, sessionStorage])
      for (let i = 0; i < store.length; i++) out.push(store.key(i) + '=' + store.getItem(store.key(i)));
    for (const info of await indexedDB.databases()) out.push('indexedDB ' + info.name);
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys())
        out.push(request.url + ' ' + (await (await cache.match(request)).text()));
    }
    return out.join('\\n');
  })()`);
  for (const value of values) expect(stored).not.toContain(value);
});
