/**
 * Every screen in both languages and both themes: no serious or critical axe-core violation,
 * and screenshots at the smallest and largest supported window sizes, saved for a person to look
 * at (.test-results/screenshots/).
 */
import AxeBuilder from '@axe-core/playwright';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import { dropFiles } from './drop';
import { expect, test } from './fixtures';

const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');
const SHOTS = '.test-results/screenshots';
const SIZES = [
  { width: 1024, height: 700 },
  { width: 1920, height: 1080 },
];

type Screen = { name: string; open(page: Page): Promise<void> };
const tab = (index: number) => async (page: Page) => {
  await page.getByRole('tab').nth(index).click();
};
const SCREENS: Screen[] = [
  { name: 'transcribe', open: tab(0) },
  { name: 'jobs', open: tab(1) },
  { name: 'dictionary', open: tab(2) },
  { name: 'settings', open: tab(3) },
  {
    name: 'viewer-text',
    async open(page) {
      await tab(1)(page);
      await page
        .getByTestId('job-row')
        .filter({ hasText: 'austen.wav' })
        .getByRole('button', { name: /^(Open|開く): austen\.wav$/ })
        // Another spec on the same host may have dropped an austen.wav too: the newest is ours.
        .first()
        .click();
      await expect(page.getByTestId('utterances')).toBeVisible();
    },
  },
  {
    name: 'viewer-words',
    async open(page) {
      await page.getByTestId('viewer').getByRole('tab').nth(1).click();
      await expect(page.getByTestId('word-list')).toBeVisible();
    },
  },
  {
    name: 'remove-dialog',
    async open(page) {
      await tab(0)(page);
      await tab(1)(page);
      await page.getByTestId('job-row').first().getByRole('button').last().click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
    },
  },
];

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('every screen passes axe and is photographed in both languages and themes', async ({
  app,
}) => {
  test.setTimeout(600_000);
  await mkdir(SHOTS, { recursive: true });
  await expect(app.getByTestId('service-status')).toContainText('Running');
  await dropFiles(app, [
    { path: CLIP, name: 'austen.wav' },
    { path: join(DEFAULT_FIXTURES_DIR, 'garbage/broken.m4a'), name: 'not-really-audio.wav' },
    {
      path: join(DEFAULT_FIXTURES_DIR, 'manifest.json'),
      name: 'notes.json',
      type: 'application/json',
    },
  ]);
  const rows = app.getByTestId('file-row');
  await expect(rows.filter({ hasText: 'austen.wav' })).toHaveAttribute('data-state', 'completed', {
    timeout: 120_000,
  });
  await expect(rows.filter({ hasText: 'not-really-audio' })).toHaveAttribute(
    'data-state',
    'failed',
    {
      timeout: 120_000,
    },
  );

  const problems: string[] = [];
  for (const lang of ['en', 'ja'] as const) {
    await app.getByTestId('language').selectOption(lang);
    for (const theme of ['light', 'dark'] as const) {
      await app.getByTestId('theme').selectOption(theme);
      for (const screen of SCREENS) {
        await app.setViewportSize(SIZES[0]!);
        await screen.open(app);
        for (const v of await seriousViolations(app))
          problems.push(`${screen.name} ${lang} ${theme}: ${v}`);
        for (const size of SIZES) {
          await app.setViewportSize(size);
          await app.screenshot({
            path: `${SHOTS}/${screen.name}-${lang}-${theme}-${size.width}x${size.height}.png`,
          });
        }
        if (screen.name === 'remove-dialog') await app.keyboard.press('Escape');
      }
    }
  }
  expect(problems).toEqual([]);
});
