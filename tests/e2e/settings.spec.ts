import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { eachLanguageAndTheme, screenshotAtSizes, SCREENSHOTS, seriousViolations } from './look';

async function openSettings(app: Page): Promise<void> {
  await app.getByTestId('language').selectOption('en');
  await expect(app.getByTestId('service-status')).toContainText('Running');
  await app.getByRole('tab', { name: 'Settings' }).click();
  await expect(app.getByTestId('keys-table')).toContainText('Local service');
}

/**
 * A connection in the list to choose from (Usage has a button named after each connection too:
 * its rates and budget).
 */
function connectionItem(app: Page, name: string | RegExp) {
  return app.getByRole('list', { name: 'Connections', exact: true }).getByRole('button', { name });
}

test('a 5-minute key is issued, shown once with its local expiry, saved to the keychain and listed', async ({
  app,
}) => {
  await openSettings(app);
  await app.getByRole('button', { name: 'Issue a key…' }).click();
  const dialog = app.getByTestId('issue-dialog');
  await expect(dialog.getByRole('heading', { name: 'Issue a new API key' })).toBeVisible();
  await dialog.getByRole('radio', { name: 'A custom period' }).check();
  await dialog.getByLabel('Amount').fill('5');
  await dialog.getByLabel('Unit').selectOption('m');
  await expect(dialog.getByTestId('issue-expiry')).toContainText('Expires');
  await dialog.getByRole('button', { name: 'Issue key' }).click();

  const key = dialog.getByTestId('issued-key');
  await expect(key).toHaveValue(/^\S{8,}$/);
  await expect(app.getByRole('dialog', { name: 'Your new key' })).toBeVisible();
  const value = await key.inputValue();
  await expect(dialog.getByTestId('issued-expiry')).toContainText('Expires');
  await dialog.getByLabel('Label in the keychain').fill('five minutes');
  await dialog.getByRole('button', { name: 'Save to keychain' }).click();
  await expect(dialog.getByRole('status')).toContainText(
    'Saved to the keychain as “five minutes”.',
  );
  await dialog.getByRole('button', { name: 'Done' }).click();

  const row = app.getByRole('row', { name: /five minutes/ });
  await expect(row).toContainText(value.slice(-4));
  await row.getByRole('button', { name: 'Reveal key five minutes' }).click();
  await expect(row.getByTestId('key-value')).toHaveText(value);
  await row.getByRole('button', { name: 'Hide key five minutes' }).click();
  await expect(row.getByTestId('key-value')).not.toContainText(value);

  await row.getByRole('button', { name: 'Delete key five minutes' }).click();
  await app.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(app.getByRole('row', { name: /five minutes/ })).toHaveCount(0);
});

test('a key someone already has is added with a label, listed by its last four, and deleted after confirming', async ({
  app,
}) => {
  await openSettings(app);
  await app.getByRole('button', { name: 'Add key…' }).click();
  const dialog = app.getByRole('dialog', { name: 'Add an API key' });
  await dialog.getByLabel('Key', { exact: true }).fill('short');
  await dialog.getByRole('button', { name: 'Add key', exact: true }).click();
  await expect(dialog.getByText('Give the key a label.')).toBeVisible();
  await expect(dialog.getByText('A key has at least 8 characters.')).toBeVisible();
  await dialog.getByLabel('Label').fill('from a colleague');
  await dialog.getByLabel('Key', { exact: true }).fill('colleague-key-9876');
  await dialog.getByRole('checkbox', { name: 'Use it for this connection' }).uncheck();
  await dialog.getByRole('button', { name: 'Add key', exact: true }).click();
  await expect(dialog).toBeHidden();
  const row = app.getByRole('row', { name: /from a colleague/ });
  await expect(row.getByTestId('key-value')).toHaveText('••••••••9876');
  await row.getByRole('button', { name: 'Delete key from a colleague' }).click();
  const confirm = app.getByRole('alertdialog', { name: 'Delete key “from a colleague”?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Delete key from a colleague' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(app.getByRole('row', { name: /from a colleague/ })).toHaveCount(0);
});

test('a key added for the connection open in the editor shows there, and Save cannot undo it', async ({
  app,
}) => {
  await openSettings(app);
  await connectionItem(app, /AmiVoice Cloud/).click();
  const editor = app.getByRole('form', { name: 'AmiVoice Cloud' });
  await expect(editor.getByRole('combobox', { name: 'API key' })).toHaveValue('');
  await app.getByRole('button', { name: 'Add key…' }).click();
  const dialog = app.getByRole('dialog', { name: 'Add an API key' });
  await dialog.getByLabel('Label').fill('cloud key');
  await dialog.getByRole('combobox', { name: 'Connection' }).selectOption('cloud');
  await dialog.getByLabel('Key', { exact: true }).fill('cloud-key-1234');
  await expect(dialog.getByRole('checkbox', { name: 'Use it for this connection' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Add key', exact: true }).click();
  await expect(dialog).toBeHidden();
  const key = editor.getByRole('combobox', { name: 'API key' });
  await expect(key.locator('option:checked')).toHaveText('cloud key (…1234)');
  await expect(editor.getByRole('button', { name: 'Save' })).toBeDisabled();
  await app.reload();
  await openSettings(app);
  await connectionItem(app, /AmiVoice Cloud/).click();
  await expect(key.locator('option:checked')).toHaveText('cloud key (…1234)');
});

test('the issue dialog works from the keyboard alone, checks addresses as typed and closes on Escape', async ({
  app,
}) => {
  await openSettings(app);
  await app.getByRole('button', { name: 'Issue a key…' }).focus();
  await app.keyboard.press('Enter');
  const dialog = app.getByTestId('issue-dialog');
  await expect(app.getByRole('dialog', { name: 'Issue a new API key' })).toBeVisible();
  // Focus is trapped inside and walks the form in order.
  const connection = dialog.getByRole('combobox', { name: 'Connection' });
  await expect(connection).toBeFocused();
  await app.keyboard.press('Tab');
  await expect(
    dialog.getByRole('radio', { name: 'An issuable key from the keychain' }),
  ).toBeFocused();
  await app.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('textbox', { name: 'Service ID' })).toBeVisible();
  await app.keyboard.press('ArrowUp');
  await app.keyboard.press('Tab');
  await expect(dialog.getByRole('combobox', { name: 'Issuable key' })).toBeFocused();
  await app.keyboard.press('Tab');
  await expect(dialog.getByRole('radio', { name: 'A preset period' })).toBeFocused();
  await app.keyboard.press('Tab');
  await expect(dialog.getByRole('combobox', { name: 'A preset period' })).toBeFocused();
  await app.keyboard.press('Tab');
  const ipa = dialog.getByLabel('Allowed IP addresses');
  await expect(ipa).toBeFocused();
  await app.keyboard.type('127.0.0.1 10.0.0.0/33');
  await expect(ipa).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('“10.0.0.0/33” is not an IPv4 address or range')).toBeVisible();
  await app.keyboard.press('Backspace');
  await app.keyboard.press('Backspace');
  await app.keyboard.type('8');
  await expect(ipa).toHaveValue('127.0.0.1 10.0.0.0/8');
  await expect(ipa).not.toHaveAttribute('aria-invalid', 'true');
  await app.keyboard.press('Tab');
  await app.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Issue key' })).toBeFocused();
  await app.keyboard.press('Enter');
  await expect(dialog.getByTestId('issued-key')).toHaveValue(/^\S{8,}$/);
  // Neither copied nor saved: Escape asks first, and keeping it open keeps the key and focus.
  await app.keyboard.press('Escape');
  const ask = app.getByRole('alertdialog', { name: 'Close without saving the key?' });
  await expect(ask).toContainText('It cannot be shown again');
  await expect(ask.getByRole('button', { name: 'Keep it open' })).toBeFocused();
  await app.screenshot({ path: `${SCREENSHOTS}/issued-close-ask.png` });
  await app.keyboard.press('Enter');
  await expect(ask).toBeHidden();
  await expect(dialog.getByTestId('issued-key')).toBeFocused();
  // Done asks too; Escape on the question keeps the key.
  await dialog.getByRole('button', { name: 'Done' }).focus();
  await app.keyboard.press('Enter');
  await expect(ask.getByRole('button', { name: 'Keep it open' })).toBeFocused();
  await app.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).focus();
  await app.keyboard.press('Enter');
  await expect(ask.getByRole('button', { name: 'Keep it open' })).toBeFocused();
  await app.keyboard.press('Tab');
  await expect(ask.getByRole('button', { name: 'Close anyway' })).toBeFocused();
  await app.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(app.getByRole('button', { name: 'Issue a key…' })).toBeFocused();
});

test('connections: URLs are checked, a custom one is added, and the test reports what it found', async ({
  app,
}) => {
  await openSettings(app);
  await connectionItem(app, 'Local (offline)').click();
  await app.getByRole('button', { name: 'Test connection' }).click();
  const found = app.getByTestId('connection-test');
  await expect(found).toContainText('Reached the service');
  await expect(found).toContainText('-a-general-en');
  await expect(found).toContainText('The API key was accepted.');

  await app.getByRole('button', { name: 'Add connection' }).click();
  await app.getByLabel('ID', { exact: true }).fill('Bad Id');
  await app.getByLabel('Name', { exact: true }).click();
  await expect(app.getByText('Use lower-case letters, digits and “-”')).toBeVisible();
  await app.getByLabel('ID', { exact: true }).fill('staging');
  await app.getByLabel('Name', { exact: true }).fill('Staging');
  const base = app.getByLabel('Base URL');
  await base.fill('http://speech.example.com');
  await base.blur();
  await expect(app.getByText('Use https: only the local machine')).toBeVisible();
  await base.fill('https://speech.example.com');
  await app.getByLabel('Async URL').fill('https://speech-async.example.com');
  await app.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(connectionItem(app, /Staging/)).toHaveAttribute('aria-current', 'true');
  await app.reload();
  await openSettings(app);
  await expect(connectionItem(app, /Staging/)).toBeVisible();

  // Removed after asking (it was active: the local connection takes over); built-ins stay.
  await connectionItem(app, /Staging/).click();
  await app.getByRole('button', { name: 'Remove', exact: true }).click();
  const ask = app.getByRole('alertdialog', { name: 'Remove connection “Staging”?' });
  await expect(ask).toContainText('Its API key stays in the keychain');
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await app.screenshot({ path: `${SCREENSHOTS}/connection-remove-ask.png` });
  await ask.getByRole('button', { name: 'Remove' }).click();
  await expect(app.getByRole('button', { name: /Staging/ })).toHaveCount(0);
  await expect(connectionItem(app, /Local \(offline\)/)).toHaveAttribute('aria-current', 'true');
  await expect(app.getByRole('button', { name: 'Remove', exact: true })).toHaveCount(0);
  await app.reload();
  await openSettings(app);
  await expect(connectionItem(app, /AmiVoice Cloud/)).toBeVisible();
  await expect(app.getByRole('button', { name: /Staging/ })).toHaveCount(0);
});

test('the local service shows its state, port and data folder, and restarts on request', async ({
  app,
}) => {
  await openSettings(app);
  const state = app.getByTestId('settings-service-state');
  await expect(state).toContainText('Running');
  await expect(app.getByText(/kikitori-ui-/)).toBeVisible();
  await app.getByRole('button', { name: 'Restart' }).click();
  await expect(app.getByRole('button', { name: 'Restart' })).toBeEnabled();
  await expect(state).toContainText('Running');
  // What the host itself says now, asked over its RPC with the page's own token.
  const status = await app.evaluate(async () => {
    const token = (
      globalThis as unknown as { sessionStorage: { getItem(k: string): string } }
    ).sessionStorage.getItem('kikitori.token');
    const res = await fetch('/rpc/service:status', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    return ((await res.json()) as { data: { url: string } }).data.url;
  });
  await expect(app.getByLabel('Base URL')).toHaveValue(status);
});

test('Settings has no serious or critical axe violation in both languages and themes; screenshots', async ({
  app,
}) => {
  await openSettings(app);
  await eachLanguageAndTheme(app, async (lang, theme) => {
    expect(await seriousViolations(app)).toEqual([]);
    await screenshotAtSizes(app, `settings-${lang}-${theme}`, { fullPage: true });
    await app.getByRole('button', { name: /Issue a key…|キーを発行…/ }).click();
    const dialog = app.getByTestId('issue-dialog');
    await expect(dialog).toBeVisible();
    expect(await seriousViolations(app, '[data-testid="issue-dialog"]')).toEqual([]);
    await app.screenshot({ path: `${SCREENSHOTS}/issue-dialog-${lang}-${theme}.png` });
    await app.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});
