/**
 * Settings → Watched folders (#30 §4) in browser mode: a typed path is checked by the core (said
 * in the window's language), a folder added is watched, a file copied in becomes a job marked
 * "Watched folder" whose outputs appear next to it in the formats chosen; the section is clean
 * for axe in both languages and themes, with screenshots narrow and wide. The worker's host is
 * shared with other specs, so the folders here have names of their own.
 */
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import { expect, test } from './fixtures';
import { eachLanguageAndTheme, SCREENSHOTS, seriousViolations } from './look';

const CLIP = join(DEFAULT_FIXTURES_DIR, 'espeak', 'sentence-1.wav');

let work: string;
test.beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'kikitori-e2e-watched-'));
});
test.afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

async function openWatchedFolders(app: Page, lang: 'en' | 'ja' = 'en'): Promise<void> {
  await app.getByTestId('language').selectOption(lang);
  await app.getByRole('tab', { name: lang === 'en' ? 'Settings' : '設定' }).click();
  await expect(
    app.getByRole('heading', { name: lang === 'en' ? 'Watched folders' : '監視フォルダー' }),
  ).toBeVisible();
}

const section = (app: Page) => app.getByRole('region', { name: /Watched folders|監視フォルダー/ });

test('a typed folder is checked, watched, and a file copied in is transcribed into the formats chosen, marked in Jobs', async ({
  app,
}) => {
  await expect(app.getByTestId('service-status')).toContainText('Running');
  await openWatchedFolders(app);
  const panel = section(app);
  const path = panel.getByLabel('Folder to watch (its full path)');

  await path.fill('recordings/today');
  await panel.getByRole('button', { name: 'Watch this folder' }).click();
  await expect(panel.getByRole('alert')).toHaveText(
    'Kikitori cannot watch recordings/today: it is not a full path (one that starts at the top of the disk, like /home/you/Recordings). Choose a folder that is there and that Kikitori may read.',
  );
  await expect(path).toHaveAttribute('aria-invalid', 'true');

  const missing = join(work, 'not-there');
  await path.fill(missing);
  await panel.getByRole('button', { name: 'Watch this folder' }).click();
  await expect(panel.getByRole('alert')).toContainText(
    `Kikitori cannot watch ${missing}: there is no such folder.`,
  );

  // In Japanese, the whole sentence is Japanese.
  await app.getByTestId('language').selectOption('ja');
  await section(app).getByRole('button', { name: 'このフォルダーを監視' }).click();
  await expect(section(app).getByRole('alert')).toHaveText(
    `${missing} は監視できません（そのフォルダーはありません）。存在していて Kikitori が読み取れるフォルダーを選んでください。`,
  );
  await app.getByTestId('language').selectOption('en');

  const folder = await mkdtemp(join(work, 'meetings-'));
  await path.fill(folder);
  await panel.getByRole('button', { name: 'Watch this folder' }).click();
  await expect(path).toHaveValue('');
  const item = panel
    .getByTestId('watch-item')
    .filter({ has: app.getByRole('heading', { name: folder }) });
  await expect(item.getByTestId('watch-state')).toHaveText('Watching');
  await expect(item.getByRole('checkbox', { name: 'Text (TXT)' })).toBeChecked();
  // The last format cannot be unchecked.
  await expect(item.getByRole('checkbox', { name: 'Text (TXT)' })).toBeDisabled();
  // Saved by the core, then shown checked.
  await item.getByRole('checkbox', { name: 'Subtitles (SRT)' }).click();
  await expect(item.getByRole('checkbox', { name: 'Text (TXT)' })).toBeEnabled();
  await expect(item.getByRole('checkbox', { name: 'Subtitles (SRT)' })).toBeChecked();

  // Keyboard: the switch goes off and on with Space.
  const enabled = item.getByRole('switch', { name: 'Watch this folder' });
  await enabled.focus();
  await app.keyboard.press('Space');
  await expect(item.getByTestId('watch-state')).toHaveText('Off');
  await expect(enabled).not.toBeChecked();
  await expect(enabled).toBeFocused();
  await app.keyboard.press('Space');
  await expect(enabled).toBeChecked();
  await expect(item.getByTestId('watch-state')).toHaveText('Watching');

  await copyFile(CLIP, join(folder, 'standup.wav'));
  await expect
    .poll(async () => (await readdir(folder)).sort(), { timeout: 120_000 })
    .toEqual(['standup.srt', 'standup.txt', 'standup.wav']);

  await app.getByRole('tab', { name: 'Jobs' }).click();
  const row = app.getByTestId('job-row').filter({ hasText: 'standup.wav' });
  await expect(row).toHaveAttribute('data-status', 'completed');
  const label = row.getByTestId('watched');
  await expect(label.getByText('Watched folder', { exact: true })).toBeVisible();
  await expect(row.getByText(`From the watched folder ${folder}`)).toBeAttached();

  // Removed, it is no longer listed, and a file copied in stays as it is.
  await openWatchedFolders(app);
  await item
    .getByRole('button', { name: `Stop watching ${folder} and remove it from this list` })
    .click();
  await expect(item).toHaveCount(0);
});

test('Watched folders: axe clean, screenshots in both languages and themes, narrow and wide', async ({
  app,
}) => {
  const folder = await mkdtemp(join(work, 'look-'));
  const out = await mkdtemp(join(work, 'look-out-'));
  await openWatchedFolders(app);
  const panel = section(app);
  await panel.getByLabel('Folder to watch (its full path)').fill(folder);
  await panel.getByRole('button', { name: 'Watch this folder' }).click();
  const item = panel
    .getByTestId('watch-item')
    .filter({ has: app.getByRole('heading', { name: folder }) });
  const outField = item.getByRole('textbox', { name: 'Output folder' });
  await outField.fill(join(work, 'no-such-output'));
  await outField.press('Enter');
  await expect(item.getByRole('alert')).toHaveText(
    `Kikitori cannot write transcripts into ${join(work, 'no-such-output')}: the folder does not exist. Choose another output folder.`,
  );
  await outField.fill(out);
  await item.getByRole('button', { name: `Save the output folder for ${folder}` }).click();
  await expect(item.getByRole('alert')).toHaveCount(0);
  await expect(outField).toHaveValue(out);
  await item.getByRole('checkbox', { name: 'Include subfolders' }).click();
  await expect(item.getByRole('checkbox', { name: 'Include subfolders' })).toBeChecked();

  await eachLanguageAndTheme(app, async (lang, theme) => {
    await expect(section(app).getByTestId('watch-state').first()).toHaveText(
      lang === 'en' ? 'Watching' : '監視中',
    );
    expect(await seriousViolations(app)).toEqual([]);
    await section(app).scrollIntoViewIfNeeded();
    for (const size of [
      { width: 720, height: 900 },
      { width: 1920, height: 1080 },
    ]) {
      await app.setViewportSize(size);
      await section(app).screenshot({
        path: `${SCREENSHOTS}/watched-folders-${lang}-${theme}-${size.width}x${size.height}.png`,
      });
    }
    await app.setViewportSize({ width: 1280, height: 800 });
  });
  await app.getByTestId('language').selectOption('en');
  await item
    .getByRole('button', { name: `Stop watching ${folder} and remove it from this list` })
    .click();
  await expect(item).toHaveCount(0);
});
