import { mkdir, readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { eachLanguageAndTheme, screenshotAtSizes, seriousViolations } from './look';

async function openDictionary(app: Page): Promise<void> {
  await expect(app.getByTestId('service-status')).toContainText(/Running|稼働中/);
  await app.getByRole('tab', { name: /Dictionary|辞書/ }).click();
  await expect(app.getByTestId('dict-engine')).toHaveValue('-a-general-en');
}

async function newProfile(app: Page, id: string): Promise<void> {
  await app.getByRole('button', { name: 'New profile…' }).click();
  const dialog = app.getByRole('dialog', { name: 'New profile' });
  await dialog.getByLabel('Profile ID').fill('__reserved');
  await expect(dialog.getByText('IDs starting with “__” are reserved')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
  await dialog.getByLabel('Profile ID').fill(id);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(app.getByTestId('dict-profile')).toHaveValue(id);
}

test.beforeEach(async ({ app }) => {
  await app.getByTestId('language').selectOption('en');
});

test('a word added to a new profile is saved after its diff is shown, and is there after a reload', async ({
  app,
}) => {
  await openDictionary(app);
  await newProfile(app, 'ui-added');
  await app.getByTestId('add-written').fill('Willoughby');
  await app.getByTestId('add-spoken').fill('will oh be');
  await app.getByTestId('add-spoken').press('Enter');
  await expect(app.getByTestId('unsaved')).toBeVisible();
  await expect(app.getByRole('row', { name: /Willoughby/ })).toBeVisible();

  await app.getByTestId('save-words').click();
  const dialog = app.getByTestId('save-dialog');
  await expect(dialog.getByTestId('save-diff')).toContainText('1 word added');
  await expect(dialog.getByTestId('save-diff')).toContainText('0 words removed');
  await mkdir('.test-results/screenshots', { recursive: true });
  await app.screenshot({ path: '.test-results/screenshots/dictionary-save-diff.png' });
  await dialog.getByRole('button', { name: 'Replace profile' }).click();
  await expect(app.getByTestId('unsaved')).toBeHidden();
  // Saved says so where a person sees it, not only to a screen reader.
  await expect(app.getByTestId('words-saved')).toBeVisible();
  await expect(app.getByTestId('words-saved')).toHaveText('Saved.');

  await app.reload();
  await openDictionary(app);
  await app.getByTestId('dict-profile').selectOption('ui-added');
  const row = app.getByRole('row', { name: /Willoughby/ });
  await expect(row).toContainText('will oh be');
  await expect(app.getByTestId('word-count')).toHaveText('1 word');

  // Export downloads what the table holds, as a table import reads back.
  await app.getByRole('button', { name: 'Export', exact: true }).click();
  const downloading = app.waitForEvent('download');
  await app.getByRole('menuitem', { name: 'As TSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('ui-added.tsv');
  expect(await readFile(await download.path(), 'utf8')).toBe(
    'written\tspoken\tclass\nWilloughby\twill oh be\t\n',
  );
});

test('importing a TSV reports the bad line with its number and reason; duplicates and the leave guard', async ({
  app,
}) => {
  await openDictionary(app);
  await newProfile(app, 'ui-import');
  await app.getByTestId('import-file').setInputFiles({
    name: 'words.tsv',
    mimeType: 'text/tab-separated-values',
    buffer: Buffer.from(
      'written\tspoken\nMarianne\tmary ann\n\tno written form\nElinor\tel in or\n',
    ),
  });
  const report = app.getByTestId('import-report');
  await expect(report).toContainText('2 words read (TSV).');
  await expect(report).toContainText('1 line was left out:');
  await expect(report.getByRole('listitem')).toContainText('Line 3');
  await mkdir('.test-results/screenshots', { recursive: true });
  await app.screenshot({ path: '.test-results/screenshots/dictionary-import-report.png' });
  await expect(report.getByRole('listitem')).toContainText(
    'The written form (first column) is empty.',
  );
  await report.getByRole('button', { name: 'Replace the table' }).click();
  await expect(app.getByTestId('word-count')).toHaveText('2 words');

  // Editing one word into a copy of the other marks both rows and blocks saving.
  await app.getByRole('button', { name: 'Edit Elinor' }).click();
  await app.getByRole('textbox', { name: 'Written form' }).last().fill('Marianne');
  await app.keyboard.press('Enter');
  await expect(app.getByText('“Marianne” is in the table more than once: keep one.')).toHaveCount(
    2,
  );
  await expect(app.getByTestId('save-words')).toBeDisabled();
  await app.getByRole('button', { name: 'Undo' }).click();
  await expect(app.getByTestId('problem-count')).toBeHidden();

  // Leaving with unsaved edits asks first; keeping them stays here.
  await app.getByRole('tab', { name: 'Settings' }).click();
  const guard = app.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
  await expect(guard).toBeVisible();
  await app.keyboard.press('Escape');
  await expect(app.getByRole('heading', { level: 1, name: 'Dictionary' })).toBeVisible();
  await app.getByRole('tab', { name: 'Settings' }).click();
  await guard.getByRole('button', { name: 'Discard changes' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
});

test('the word table is edited from the keyboard: Enter applies, Escape cancels, Ctrl+Z undoes', async ({
  app,
}) => {
  await openDictionary(app);
  await newProfile(app, 'ui-keys');
  await app.getByTestId('add-written').focus();
  await app.keyboard.type('Norland');
  await app.keyboard.press('Tab');
  await app.keyboard.type('nor land');
  await app.keyboard.press('Enter');
  await expect(app.getByTestId('add-written')).toBeFocused();
  const edit = app.getByRole('button', { name: 'Edit Norland' });
  await edit.focus();
  await app.keyboard.press('Enter');
  const written = app.getByRole('row').getByRole('textbox', { name: 'Written form' });
  await expect(written).toBeFocused();
  await app.keyboard.press('End');
  await app.keyboard.type(' Park');
  await app.keyboard.press('Escape');
  await expect(app.getByRole('row', { name: /Norland/ })).not.toContainText('Park');
  await app.getByRole('button', { name: 'Edit Norland' }).focus();
  await app.keyboard.press('Enter');
  await app.keyboard.press('End');
  await app.keyboard.type(' Park');
  await app.keyboard.press('Enter');
  await expect(app.getByRole('row', { name: /Norland Park/ })).toBeVisible();
  await app.getByRole('button', { name: 'Edit Norland Park' }).focus();
  await app.keyboard.press('Control+z');
  await expect(app.getByRole('row', { name: /Norland/ })).not.toContainText('Park');
});

test('a 100,000-word table stays usable: rows are virtualized', async ({ app }) => {
  await openDictionary(app);
  await newProfile(app, 'ui-large');
  const lines = Array.from({ length: 100_000 }, (_, i) => `word${i}\tword ${i}`).join('\n');
  await app.getByTestId('import-file').setInputFiles({
    name: 'large.tsv',
    mimeType: 'text/tab-separated-values',
    buffer: Buffer.from(lines),
  });
  await app.getByTestId('import-report').getByRole('button', { name: 'Replace the table' }).click();
  await expect(app.getByTestId('word-count')).toHaveText('100,000 words');
  expect(await app.getByTestId('word-table').getByRole('row').count()).toBeLessThan(60);
  await app.getByRole('searchbox', { name: 'Find a word' }).fill('word99999');
  await expect(app.getByRole('row', { name: /word99999/ })).toBeVisible();
});

test('Dictionary has no serious or critical axe violation in both languages and themes; screenshots', async ({
  app,
}) => {
  await openDictionary(app);
  await newProfile(app, 'ui-look');
  for (const [written, spoken] of [
    ['Marianne', 'mary ann'],
    ['Elinor', 'el in or'],
    ['Willoughby', 'will oh be'],
  ] as const) {
    await app.getByTestId('add-written').fill(written);
    await app.getByTestId('add-spoken').fill(spoken);
    await app.getByTestId('add-spoken').press('Enter');
  }
  await app.getByTestId('add-written').fill('Edward');
  await app.getByTestId('add-spoken').fill('ed ward');
  await app.getByTestId('add-spoken').press('Enter');
  await app.getByTestId('add-written').fill('Edward');
  await app.getByTestId('add-written').press('Enter');
  await eachLanguageAndTheme(app, async (lang, theme) => {
    expect(await seriousViolations(app)).toEqual([]);
    await screenshotAtSizes(app, `dictionary-edit-${lang}-${theme}`);
  });
});

test('focus never falls to the page: after an edit, a delete, and closing Save, Import and Leave', async ({
  app,
}) => {
  const focusIsOnPage = () =>
    app
      .locator('body')
      .evaluate(
        (body) => body === (body.ownerDocument as { activeElement: unknown }).activeElement,
      );
  await openDictionary(app);
  await newProfile(app, 'ui-focus');
  for (const [written, spoken] of [
    ['Barton', 'bar ton'],
    ['Cleveland', 'cleve land'],
    ['Delaford', 'della ford'],
  ]) {
    await app.getByTestId('add-written').fill(written!);
    await app.getByTestId('add-spoken').fill(spoken!);
    await app.getByTestId('add-spoken').press('Enter');
  }
  // Enter ends an edit on the row's own edit button.
  await app.getByRole('button', { name: 'Edit Cleveland' }).focus();
  await app.keyboard.press('Enter');
  await app.keyboard.press('End');
  await app.keyboard.type(' Park');
  await app.keyboard.press('Enter');
  await expect(app.getByRole('button', { name: 'Edit Cleveland Park' })).toBeFocused();

  // Delete moves to the next row's delete button, or the previous one at the end.
  await app.getByRole('button', { name: 'Delete Cleveland Park' }).focus();
  await app.keyboard.press('Enter');
  await expect(app.getByRole('button', { name: 'Delete Barton' })).toBeFocused();
  await app.keyboard.press('Enter');
  await expect(app.getByRole('button', { name: 'Delete Delaford' })).toBeFocused();

  // Save: Cancel and Escape go back to the Save button.
  const save = app.getByTestId('save-words');
  await save.focus();
  await app.keyboard.press('Enter');
  await app.getByTestId('save-dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(save).toBeFocused();
  await app.keyboard.press('Enter');
  await expect(app.getByTestId('save-diff')).toBeVisible();
  await app.keyboard.press('Escape');
  await expect(save).toBeFocused();

  // Import: Cancel, Escape and "Add to the table" go back to the Import button.
  const importButton = app.getByRole('button', { name: 'Import…' });
  const file = { name: 'more.tsv', mimeType: 'text/tab-separated-values' };
  for (const close of ['Cancel', 'Escape', 'Add to the table']) {
    await app.getByTestId('import-file').setInputFiles({
      ...file,
      buffer: Buffer.from('Norland\tnor land\n'),
    });
    const report = app.getByTestId('import-report');
    await expect(report).toBeVisible();
    if (close === 'Escape') await app.keyboard.press('Escape');
    else await report.getByRole('button', { name: close }).click();
    await expect(report).toBeHidden();
    await expect(importButton).toBeFocused();
  }

  // Keep editing: back where the person was.
  await app.getByRole('tab', { name: 'Settings' }).click();
  await app.getByRole('alertdialog').getByRole('button', { name: 'Keep editing' }).click();
  await expect(app.getByRole('alertdialog')).toBeHidden();
  await expect(app.getByRole('tab', { name: 'Dictionary' })).toBeFocused();
  expect(await focusIsOnPage()).toBe(false);
});

test('a disabled Save looks disabled in both themes: no accent fill, a dashed border', async ({
  app,
}) => {
  await openDictionary(app);
  await newProfile(app, 'ui-disabled-look');
  const save = app.getByTestId('save-words');
  await expect(save).toBeDisabled();
  for (const theme of ['light', 'dark']) {
    await app.getByTestId('theme').selectOption(theme);
    const look = await save.evaluate((el) => {
      const style = (
        globalThis as unknown as {
          getComputedStyle(e: unknown): { backgroundColor: string; borderStyle: string };
          document: { documentElement: unknown };
        }
      ).getComputedStyle(el);
      const root = globalThis as unknown as {
        getComputedStyle(e: unknown): { getPropertyValue(n: string): string };
        document: { documentElement: unknown };
      };
      const accent = root
        .getComputedStyle(root.document.documentElement)
        .getPropertyValue('--accent');
      return {
        background: style.backgroundColor,
        border: style.borderStyle,
        accent: accent.trim(),
      };
    });
    const hex = (rgb: string) =>
      '#' +
      (rgb.match(/\d+/g) ?? [])
        .slice(0, 3)
        .map((n) => Number(n).toString(16).padStart(2, '0'))
        .join('');
    expect(hex(look.background), theme).not.toBe(look.accent.toLowerCase());
    expect(look.border, theme).toBe('dashed');
  }
});

test('a word the service refuses is named in the save error and marked in its row', async ({
  app,
}) => {
  await openDictionary(app);
  await newProfile(app, 'ui-refused');
  // English letters, so the table lets it through; the engine's dictionary has no such word.
  await app.getByTestId('add-written').fill('Kikitori');
  await app.getByTestId('add-spoken').fill('kikitorix');
  await app.getByTestId('add-spoken').press('Enter');
  await app.getByTestId('save-words').click();
  const dialog = app.getByTestId('save-dialog');
  await dialog.getByRole('button', { name: 'Replace profile' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'The service did not accept the word “Kikitori”: the engine does not know “kikitorix” in its reading. Correct that row of the table, then save again.',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(app.getByRole('row', { name: /Kikitori/ })).toContainText(
    'The service refused this word at the last save: the engine does not know “kikitorix” in its reading.',
  );
  await expect(app.getByTestId('save-words')).toBeDisabled();
});
