/**
 * Dictionaries from input methods in the Dictionary screen, against the real core and local
 * service (its English engine hears readings of English words, and lists PERSON, PLACE… as
 * classes): a Google Japanese Input export and Microsoft IME's word list (the fixture, UTF-16 as
 * the IME writes it) are known by their content and previewed before anything changes (words
 * with their classes, repeats merged, lines left out and why, the profile's limit), then added
 * and saved; the profile is exported as ATOK's word list. axe and screenshots of the preview in
 * both languages.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, testOnItsOwnHost as test } from './fixtures';
import { SCREENSHOTS, seriousViolations } from './look';

/** As Google Japanese Input exports: UTF-8, four columns; readings in letters, as it allows. */
const GOOGLE = [
  'minutes\t議事録\t名詞\t',
  'budget\t予算\t名詞\t会計',
  'london\tLondon\t地名\t',
  'ききとり\t聞き取り\t名詞\t',
  'otsu\tお疲れさまです\t短縮よみ\t',
  'minutes\t議事録\t名詞サ変\t',
  '',
].join('\n');

async function openDictionary(app: Page): Promise<void> {
  await app.getByTestId('language').selectOption('en');
  await expect(app.getByTestId('service-status')).toContainText('Running');
  await app.getByRole('tab', { name: 'Dictionary' }).click();
  await expect(app.getByTestId('dict-engine')).toHaveValue('-a-general-en');
  await app.getByRole('button', { name: 'New profile…' }).click();
  const dialog = app.getByRole('dialog', { name: 'New profile' });
  await dialog.getByLabel('Profile ID').fill('from-ime');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(app.getByTestId('dict-profile')).toHaveValue('from-ime');
}

test('an input method’s export is previewed, added and saved, and the profile exported for ATOK', async ({
  app,
}) => {
  await openDictionary(app);
  await app.getByTestId('import-file').setInputFiles({
    name: 'user-dictionary.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(GOOGLE),
  });
  const report = app.getByTestId('import-report');
  const preview = report.getByTestId('ime-preview');
  await expect(preview).toContainText(
    '3 words read from a Google Japanese Input export (UTF-8). 1 repeated entry was merged.',
  );
  const rows = preview.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(3)).toContainText('London');
  await expect(rows.nth(3)).toContainText('london');
  await expect(rows.nth(3)).toContainText('Place');
  await expect(report.getByTestId('ime-limit')).toHaveText(
    'With them the profile holds 3 words, when added to the table; a profile holds at most 100,000.',
  );
  await expect(report.getByRole('listitem').first()).toContainText(
    'This engine hears English words: the reading “ききとり” cannot be one.',
  );
  await expect(report.getByRole('listitem').nth(1)).toContainText('“短縮よみ” is a shortcut');
  // Nothing changes before the person says so.
  await expect(app.getByTestId('word-count')).toHaveText('0 words');

  for (const lang of ['en', 'ja'] as const) {
    await app.getByTestId('language').selectOption(lang);
    await expect(preview).toContainText(lang === 'ja' ? '読み込みました' : 'words read');
    expect(await seriousViolations(app, '[data-testid="import-report"]')).toEqual([]);
    await report.screenshot({ path: `${SCREENSHOTS}/dictionary-ime-preview-${lang}.png` });
  }
  await app.getByTestId('language').selectOption('en');
  await report.getByRole('button', { name: 'Add to the table' }).click();
  await expect(app.getByTestId('word-count')).toHaveText('3 words');
  await app.getByTestId('save-words').click();
  await app.getByTestId('save-dialog').getByRole('button', { name: 'Replace profile' }).click();
  await expect(app.getByTestId('unsaved')).toBeHidden();

  // Microsoft IME's word list (UTF-16): every kana reading is left out for this engine, said so.
  await app.getByTestId('import-file').setInputFiles({
    name: 'imjp-export.txt',
    mimeType: 'text/plain',
    buffer: await readFile('tests/fixtures/ime/ms-ime.txt'),
  });
  await expect(preview).toContainText('0 words read from a Microsoft IME word list (UTF-16).');
  await expect(report).toContainText('14 lines were left out:');
  await app.getByTestId('language').selectOption('ja');
  await report.screenshot({ path: `${SCREENSHOTS}/dictionary-ime-rejected-ja.png` });
  await app.getByTestId('language').selectOption('en');
  await app.keyboard.press('Escape');

  // Exported for ATOK: UTF-16 LE with its header; the words' readings are letters, which an
  // input method takes only in kana: none is written, and the file is still ATOK's.
  const download = app.waitForEvent('download');
  await app.getByRole('button', { name: 'Export for an input method' }).click();
  await app.getByRole('menuitem', { name: 'Export for ATOK' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('from-ime-atok.txt');
  const bytes = await readFile(await file.path());
  expect([...bytes.subarray(0, 2)]).toEqual([0xff, 0xfe]);
  expect(bytes.subarray(2).toString('utf16le')).toMatch(/^!!ATOK_TANGO_TEXT_HEADER_1\r\n/);
});
