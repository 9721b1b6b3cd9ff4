/**
 * Every screen in both languages and both themes: no serious or critical axe-core violation,
 * and screenshots at the smallest and largest supported window sizes, saved for a person to look
 * at (.test-results/screenshots/). One test per screen, each on a web host of its own, so a
 * screen fails (or is retried) alone and shows only what its own test did.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import { dropFiles } from './drop';
import { seriousViolations } from './look';
import { expect, testOnItsOwnHost } from './fixtures';

const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');
const SHOTS = '.test-results/screenshots';
const SIZES = [
  { width: 1024, height: 700 },
  { width: 1920, height: 1080 },
];

/**
 * `app`, the window on its own host with the service running; `transcribed`, the same after three
 * files were dropped on Transcribe: a clip that is transcribed, a file that is not audio and
 * fails, and one the window refuses before sending (for the screens that show jobs).
 */
const test = testOnItsOwnHost.extend<{ transcribed: Page }>({
  app: async ({ app }, use) => {
    await mkdir(SHOTS, { recursive: true });
    await expect(app.getByTestId('service-status')).toContainText('Running');
    await use(app);
  },
  transcribed: async ({ app }, use) => {
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
    await expect(rows.filter({ hasText: 'austen.wav' })).toHaveAttribute(
      'data-state',
      'completed',
      { timeout: 120_000 },
    );
    await expect(rows.filter({ hasText: 'not-really-audio' })).toHaveAttribute(
      'data-state',
      'failed',
      { timeout: 120_000 },
    );
    await use(app);
  },
});
// Four passes (two languages, two themes) of axe and two screenshots each, on a loaded machine.
test.describe.configure({ timeout: 300_000 });

/** The section's tab by its name in either language (the tabs' order is the shell's to change). */
const TAB_NAMES = {
  transcribe: /^(Transcribe|文字起こし)$/,
  jobs: /^(Jobs|ジョブ)$/,
  dictionary: /^(Dictionary|辞書)$/,
  settings: /^(Settings|設定)$/,
} as const;
/**
 * Opens the section and waits for its screen: a section's code comes when it is first opened,
 * and until then the panel says "Loading…" (axe and the pictures would see only that).
 */
const tab = (name: keyof typeof TAB_NAMES) => async (page: Page) => {
  await page.getByRole('tablist').first().getByRole('tab', { name: TAB_NAMES[name] }).click();
  await expect(page.getByRole('tabpanel').getByRole('heading', { level: 1 })).toBeVisible();
};
const openViewer = async (page: Page) => {
  await tab('jobs')(page);
  await page
    .getByTestId('job-row')
    .filter({ hasText: 'austen.wav' })
    .getByRole('button', { name: /^(Open|開く): austen\.wav$/ })
    .click();
  await expect(page.getByTestId('utterances')).toBeVisible();
};
const openWordList = async (page: Page) => {
  await page.getByTestId('viewer').getByRole('tab').nth(1).click();
  await expect(page.getByTestId('word-list')).toBeVisible();
};
const openRemoveDialog = async (page: Page) => {
  await tab('transcribe')(page);
  await tab('jobs')(page);
  await page.getByTestId('job-row').first().getByRole('button').last().click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
};

/** A state of the window to check and photograph: `open` reaches it, `close` leaves it. */
interface View {
  readonly name: string;
  open(page: Page): Promise<void>;
  close?(page: Page): Promise<void>;
}

/**
 * In each language and theme, opens each view at the smallest size, runs axe on it and
 * photographs it at both sizes; no serious or critical violation anywhere.
 */
async function checkAndPhotograph(page: Page, views: readonly View[]): Promise<void> {
  const problems: string[] = [];
  for (const lang of ['en', 'ja'] as const) {
    await page.getByTestId('language').selectOption(lang);
    for (const theme of ['light', 'dark'] as const) {
      await page.getByTestId('theme').selectOption(theme);
      for (const view of views) {
        await page.setViewportSize(SIZES[0]!);
        await view.open(page);
        for (const v of await seriousViolations(page))
          problems.push(`${view.name} ${lang} ${theme}: ${v}`);
        for (const size of SIZES) {
          await page.setViewportSize(size);
          await page.screenshot({
            path: `${SHOTS}/${view.name}-${lang}-${theme}-${size.width}x${size.height}.png`,
          });
        }
        await view.close?.(page);
      }
    }
  }
  expect(problems).toEqual([]);
}

test('Transcribe, with a file transcribed, one failed and one refused, passes axe and is photographed', async ({
  transcribed,
}) => {
  await checkAndPhotograph(transcribed, [{ name: 'transcribe', open: tab('transcribe') }]);
});

test('Jobs passes axe and is photographed in both languages and themes', async ({
  transcribed,
}) => {
  await checkAndPhotograph(transcribed, [{ name: 'jobs', open: tab('jobs') }]);
});

test('the transcript viewer, its text and its word list, passes axe and is photographed', async ({
  transcribed,
}) => {
  await checkAndPhotograph(transcribed, [
    { name: 'viewer-text', open: openViewer },
    { name: 'viewer-words', open: openWordList },
  ]);
});

test('the viewer with a word and a text being corrected passes axe and is photographed', async ({
  transcribed,
}) => {
  // One correction first, so a corrected word (and what the service heard) shows too.
  await openViewer(transcribed);
  await openWordList(transcribed);
  const words = transcribed.getByTestId('word-list');
  await words.locator('button.word').nth(2).dblclick();
  await transcribed.getByTestId('word-editor').fill('Marianne');
  await transcribed.getByTestId('word-editor').press('Enter');
  await expect(words.locator('button.word.is-edited')).toHaveCount(1);
  const editWord = async (page: Page) => {
    await openViewer(page);
    await openWordList(page);
    await page.getByTestId('word-list').locator('button.word.is-edited').click();
    await page.getByTestId('word-list').locator('button.word').nth(6).dblclick();
    await expect(page.getByTestId('word-editor')).toBeFocused();
  };
  const editText = async (page: Page) => {
    await openViewer(page);
    await page.getByTestId('viewer').getByRole('tab').first().click();
    await page.locator('.edit-text').first().click();
    await expect(page.getByTestId('utterance-editor')).toBeFocused();
  };
  await checkAndPhotograph(transcribed, [
    { name: 'viewer-edit-word', open: editWord, close: (page) => page.keyboard.press('Escape') },
    { name: 'viewer-edit-text', open: editText, close: (page) => page.keyboard.press('Escape') },
  ]);
});

test('the dialog that asks before removing a job passes axe and is photographed', async ({
  transcribed,
}) => {
  await checkAndPhotograph(transcribed, [
    {
      name: 'remove-dialog',
      open: openRemoveDialog,
      close: (page) => page.keyboard.press('Escape'),
    },
  ]);
});

test('Dictionary passes axe and is photographed in both languages and themes', async ({ app }) => {
  await checkAndPhotograph(app, [{ name: 'dictionary', open: tab('dictionary') }]);
});

test('Settings passes axe and is photographed in both languages and themes', async ({ app }) => {
  await checkAndPhotograph(app, [{ name: 'settings', open: tab('settings') }]);
});
