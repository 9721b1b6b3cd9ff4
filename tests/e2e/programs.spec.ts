/**
 * Settings → Programs in browser mode: the base URL shown is the one in instance.json; a key made
 * for a program is shown once and works with the OpenAI-compatible endpoint at once (its last use
 * shows), then is revoked after a confirmation and refused; a typed folder is checked by the core
 * in the window's language. The section is clean for axe in both languages and themes, with
 * screenshots narrow and wide. The worker's host is shared with other specs, so names are its own.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { eachLanguageAndTheme, SCREENSHOTS, seriousViolations } from './look';

const section = (app: Page) => app.getByRole('region', { name: /^(Programs|プログラム)$/ });

async function openPrograms(app: Page): Promise<void> {
  await app.getByTestId('language').selectOption('en');
  await app.getByRole('tab', { name: 'Settings' }).click();
  await expect(app.getByRole('heading', { name: 'Programs', exact: true })).toBeVisible();
}

test('a key made for a program is shown once, works at the base URL shown, and is revoked', async ({
  app,
  host,
}) => {
  await openPrograms(app);
  const panel = section(app);
  const instance = JSON.parse(await readFile(join(host.dataDir, 'instance.json'), 'utf8')) as {
    data: { openaiBaseUrl: string };
  };
  await expect(panel.getByTestId('programs-base-url')).toHaveText(instance.data.openaiBaseUrl);

  await panel.getByLabel('Program’s name').fill('E2E notes');
  await panel.getByRole('button', { name: 'Make a key' }).click();
  const shown = panel.getByLabel('Key for E2E notes');
  await expect(shown).toBeFocused();
  const key = await shown.inputValue();
  expect(key).toMatch(/^kkp-[\w-]{43}$/);
  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(panel.getByLabel('Key for E2E notes')).toHaveCount(0);
  const item = panel.getByTestId('programs-key-item').filter({ hasText: 'E2E notes' });
  await expect(item).toContainText('never used');

  const models = (bearer: string) =>
    fetch(`${instance.data.openaiBaseUrl}/models`, {
      headers: { Authorization: `Bearer ${bearer}` },
    });
  expect((await models(key)).status).toBe(200);
  await expect(item).toContainText('last used');

  await item.getByRole('button', { name: 'Revoke the key of E2E notes' }).click();
  const dialog = app.getByRole('alertdialog', { name: 'Revoke the key of E2E notes?' });
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(item).toHaveCount(0);
  expect((await models(key)).status).toBe(401);
});

test('a typed folder for an assistant is checked by the core, in the window’s language', async ({
  app,
}) => {
  await openPrograms(app);
  const panel = section(app);
  await panel.getByLabel('Folder (its full path)').fill('recordings');
  await panel.getByRole('button', { name: 'Allow this folder' }).click();
  await expect(panel.getByRole('alert')).toHaveText(
    'Programs cannot be allowed to transcribe files in recordings: it is not a full path (one that starts at the top of the disk, like /home/you/Recordings). Choose a folder that is there and that Kikitori may read.',
  );
  const folder = await mkdtemp(join(tmpdir(), 'kikitori-e2e-programs-'));
  try {
    await panel.getByLabel('Folder (its full path)').fill(folder);
    await panel.getByRole('button', { name: 'Allow this folder' }).click();
    await expect(panel.getByText(folder, { exact: true })).toBeVisible();
    await app.getByTestId('language').selectOption('ja');
    await section(app)
      .getByRole('button', { name: `${folder} の中のファイルの文字起こしをプログラムに許可しない` })
      .click();
    await expect(section(app).getByText(folder, { exact: true })).toHaveCount(0);
  } finally {
    await app.getByTestId('language').selectOption('en');
    await rm(folder, { recursive: true, force: true });
  }
});

test('Settings → Programs is clean for axe and looked at in each language and theme', async ({
  app,
}) => {
  await openPrograms(app);
  await section(app).getByLabel('Program’s name').fill('Obsidian');
  await section(app).getByRole('button', { name: 'Make a key' }).click();
  await section(app).getByRole('button', { name: 'Done' }).click();
  await eachLanguageAndTheme(app, async (lang, theme) => {
    await expect(
      section(app).getByRole('heading', { name: lang === 'en' ? 'Base URL' : 'ベース URL' }),
    ).toBeVisible();
    expect(await seriousViolations(app)).toEqual([]);
    await section(app).scrollIntoViewIfNeeded();
    for (const size of [
      { width: 720, height: 900 },
      { width: 1920, height: 1080 },
    ]) {
      await app.setViewportSize(size);
      await section(app).screenshot({
        path: `${SCREENSHOTS}/programs-${lang}-${theme}-${size.width}x${size.height}.png`,
      });
    }
  });
});
