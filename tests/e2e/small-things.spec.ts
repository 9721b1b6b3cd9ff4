/**
 * Small things a person notices, each measured in the real window: the focused word's
 * ring stays inside the word, a disabled option looks disabled, and the dictionary's table gets
 * the room the page has at 1024×700.
 */
import { join } from 'node:path';
import type { Locator } from '@playwright/test';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import { dropFiles } from './drop';
import { expect, test } from './fixtures';

const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');

const style = (locator: Locator, property: 'boxShadow' | 'color') =>
  locator.evaluate(
    (el, p) =>
      (
        globalThis as unknown as { getComputedStyle(e: unknown): Record<string, string> }
      ).getComputedStyle(el)[p]!,
    property,
  );

test.beforeEach(async ({ app }) => {
  await app.getByTestId('language').selectOption('en');
  await expect(app.getByTestId('service-status')).toContainText('Running');
});

test('the focused word’s ring is drawn inside the word, clear of its neighbours', async ({
  app,
}) => {
  await dropFiles(app, [{ path: CLIP, name: 'ring.wav' }]);
  const row = app.getByTestId('file-row').filter({ hasText: 'ring.wav' });
  await expect(row).toHaveAttribute('data-state', 'completed', { timeout: 120_000 });
  await row.getByRole('button', { name: 'Open transcript of ring.wav' }).click();
  await app.getByTestId('viewer').getByRole('tab', { name: 'Words' }).click();
  const word = app.getByTestId('word-list').getByRole('button', { name: /^even,/ });
  await word.focus();
  await app.keyboard.press('ArrowRight');
  const focused = app.getByTestId('word-list').locator('.word:focus-visible');
  await expect(focused).toHaveCount(1);
  const rings = (await style(focused, 'boxShadow')).split(/,(?![^(]*\))/);
  expect(rings.length).toBeGreaterThan(0);
  for (const ring of rings)
    expect(ring, 'every ring of a focused word is inset').toContain('inset');
});

test('an option that cannot be used looks it: its label is dimmed', async ({ app }) => {
  const disabled = app.locator('label.check', { has: app.getByTestId('speaker-labels') });
  const enabled = app.locator('label.check', { has: app.getByTestId('keep-fillers') });
  await expect(app.getByTestId('speaker-labels')).toBeDisabled();
  expect(await style(disabled, 'color')).not.toBe(await style(enabled, 'color'));
});

test('at 1024×700 the dictionary shows at least six words without scrolling inside the table', async ({
  app,
}) => {
  await app.setViewportSize({ width: 1024, height: 700 });
  await app.getByRole('tab', { name: 'Dictionary' }).click();
  await expect(app.getByTestId('dict-engine')).toHaveValue('-a-general-en');
  await app.getByRole('button', { name: 'New profile…' }).click();
  const dialog = app.getByRole('dialog', { name: 'New profile' });
  await dialog.getByLabel('Profile ID').fill('room');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(app.getByTestId('dict-profile')).toHaveValue('room');
  for (let i = 0; i < 12; i++) {
    await app.getByTestId('add-written').fill(`Word${i}`);
    await app.getByTestId('add-spoken').fill('will oh be');
    await app.getByTestId('add-spoken').press('Enter');
  }
  const body = app.locator('.wt-body');
  const rowHeight = (await app.locator('.wt-body [role="row"]').first().boundingBox())!.height;
  const room = await body.evaluate(
    (el) => (el as unknown as { clientHeight: number }).clientHeight,
  );
  expect(room / rowHeight).toBeGreaterThanOrEqual(6);
});
