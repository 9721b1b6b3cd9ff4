/**
 * Names, find and the player, end to end on the real web host, core and local service: a job
 * renamed from Jobs (its file name still shown), find's "n of m" moved with Enter, the speed,
 * skipping, the shortcuts dialog opened with ?, axe on the viewer with it open, and screenshots
 * of the viewer and the dialog in both languages and themes (.test-results/screenshots/).
 */
import { join } from 'node:path';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import { dropFiles } from './drop';
import { exportAs } from './export';
import { expect, testOnItsOwnHost as test } from './fixtures';
import { expectNoSidewaysScroll } from './fit';
import { eachLanguageAndTheme, SCREENSHOTS, seriousViolations } from './look';

const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');

/** The <audio> element's state (this file is type-checked without DOM types). */
type Media = { currentTime: number; duration: number; playbackRate: number; readyState: number };

// Four passes of axe and screenshots on a loaded machine, after a transcription.
test.describe.configure({ timeout: 300_000 });

test('rename a job, find with n of m and Enter, speed, skip, the shortcuts dialog (axe, screenshots)', async ({
  app,
}) => {
  await expect(app.getByTestId('service-status')).toContainText('Running');
  await dropFiles(app, [{ path: CLIP, name: 'austen.wav' }]);
  await expect(app.getByTestId('file-row').filter({ hasText: 'austen.wav' })).toHaveAttribute(
    'data-state',
    'completed',
    { timeout: 120_000 },
  );

  // Rename from the Jobs row, by keyboard.
  await app.getByRole('tab', { name: 'Jobs' }).click();
  const rename = app.getByRole('button', { name: 'Rename austen.wav' });
  await rename.focus();
  await app.keyboard.press('Enter');
  const dialog = app.getByRole('dialog', { name: 'Rename austen.wav' });
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await app.keyboard.type('Austen, chapter one');
  await app.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  const row = app.getByTestId('job-row');
  await expect(row.locator('.file-name')).toHaveText('Austen, chapter one');
  await expect(row.locator('.job-file-name')).toHaveText('austen.wav');
  await app.screenshot({ path: `${SCREENSHOTS}/jobs-renamed-en-light.png` });
  await row.getByRole('button', { name: 'Open: Austen, chapter one' }).click();

  const viewer = app.getByTestId('viewer');
  const heading = viewer.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Austen, chapter one austen.wav');
  await expect(heading.getByTestId('viewer-file')).toHaveText('austen.wav');
  // An export is named after the title.
  const [srt] = await exportAs(app, ['srt']);
  expect(srt!.name).toBe('Austen, chapter one.srt');

  // Find: "1 of n", Enter moves on, the match it is on is marked and in view.
  const find = app.getByTestId('find');
  await find.fill('e');
  const position = app.getByTestId('find-position');
  await expect(position).toHaveText(/^1 of \d+$/);
  const count = Number((await position.textContent())!.split(' of ')[1]);
  expect(count).toBeGreaterThan(2);
  await find.press('Enter');
  await expect(position).toHaveText(`2 of ${count}`);
  await find.press('Shift+Enter');
  await find.press('Shift+Enter');
  await expect(position).toHaveText(`${count} of ${count}`);
  const current = viewer.locator('.viewer-panel[data-state="active"] mark.is-found');
  await expect(current).toHaveCount(1);
  await expect(current).toHaveAttribute('data-match', String(count - 1));
  await expect(current).toBeInViewport();

  // Speed, remembered; skip by button and by key while the find box has focus.
  const player = app.getByTestId('player');
  await expect
    .poll(() => player.evaluate((a) => (a as unknown as Media).readyState))
    .toBeGreaterThanOrEqual(1);
  // The clip is shorter than 5 s: forward stops at its end, and back from there at its start.
  const duration = await player.evaluate((a) => (a as unknown as Media).duration);
  expect(duration).toBeGreaterThan(2);
  await app.getByTestId('speed').selectOption('1.5');
  await expect.poll(() => player.evaluate((a) => (a as unknown as Media).playbackRate)).toBe(1.5);
  await app.getByRole('button', { name: '−5 s: skip back 5 seconds' }).click();
  await app.getByRole('button', { name: '+5 s: skip forward 5 seconds' }).click();
  await expect
    .poll(() => player.evaluate((a) => (a as unknown as Media).currentTime))
    .toBeCloseTo(duration, 2);
  await find.focus();
  await app.keyboard.press('F7');
  await expect.poll(() => player.evaluate((a) => (a as unknown as Media).currentTime)).toBe(0);
  await app.keyboard.press('Control+BracketRight');
  await expect.poll(() => player.evaluate((a) => (a as unknown as Media).playbackRate)).toBe(1.75);
  await expect(find).toHaveValue('e');
  await expect(find).toBeFocused();

  // ? outside a field opens the shortcuts; Escape closes them.
  await heading.focus();
  await app.keyboard.press('?');
  const shortcuts = app.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(shortcuts).toBeVisible();
  await expect(shortcuts).toContainText('F2');
  await expect(shortcuts).toContainText('Ctrl+Shift+Z');
  await app.keyboard.press('Escape');
  await expect(shortcuts).toBeHidden();
  await expect(heading).toBeFocused();

  await eachLanguageAndTheme(app, async (lang, theme) => {
    // Find follows the box a moment behind (a deferred value): an emptied box that is filled
    // again before the find has seen it empty stays on the match it was on, so wait for it.
    await find.fill('');
    await expect(position).toHaveText('');
    await find.fill('e');
    await expect(position).toHaveText(lang === 'en' ? `1 of ${count}` : `${count}件中1件目`);
    await app.screenshot({ path: `${SCREENSHOTS}/viewer-player-${lang}-${theme}.png` });
    await heading.focus();
    await app.keyboard.press('?');
    const open = app.getByRole('dialog');
    await expect(open).toBeVisible();
    // The dialog's entrance has finished before axe and the picture.
    await expect(open).toHaveCSS('opacity', '1');
    expect(await seriousViolations(app), `axe, ${lang} ${theme}`).toEqual([]);
    await app.screenshot({ path: `${SCREENSHOTS}/viewer-shortcuts-${lang}-${theme}.png` });
    await app.keyboard.press('Escape');
    await expect(open).toBeHidden();
  });

  // At the window's minimum width the player's controls wrap and nothing scrolls sideways.
  await app.setViewportSize({ width: 720, height: 600 });
  await expectNoSidewaysScroll(app, 'viewer 720×600');
  await app.screenshot({ path: `${SCREENSHOTS}/viewer-player-ja-dark-720x600.png` });
  await app.setViewportSize({ width: 1280, height: 800 });

  // The rename dialog too, from the viewer's header (Japanese, dark: the last pass).
  await viewer.getByTestId('viewer-rename').click();
  const renaming = app.getByRole('dialog');
  await expect(renaming.getByRole('textbox')).toHaveValue('Austen, chapter one');
  expect(await seriousViolations(app)).toEqual([]);
  await app.screenshot({ path: `${SCREENSHOTS}/viewer-rename-ja-dark.png` });
  await app.keyboard.press('Escape');
});
