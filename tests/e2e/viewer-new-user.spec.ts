/**
 * What a new user tripped over in the viewer, in Debian's Chromium against the real
 * web host, core and local service: an MP4 transcribed and shown with its picture (served as
 * video, collapsible, the same word seek and keys); a word corrected in the Text view by
 * double-click; real focus kept when Undo and Redo grey out and after a click on empty space;
 * F2 on the word that has the focus; axe's label-content-name-mismatch on the player; the player
 * and find kept on screen in a long transcript; screenshots in both languages and themes, narrow
 * and wide (.test-results/screenshots/viewer-new-user-*).
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { JobJournal } from '../../core/jobs/job-journal';
import type { Job } from '../../shared/domain/job';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import { numberedTranscript } from '../support/numbered-transcript';
import { dropFiles } from './drop';
import { expect, test } from './fixtures';
import { axeResults, eachLanguageAndTheme, SCREENSHOTS, seriousViolations } from './look';

const VIDEO = join(DEFAULT_FIXTURES_DIR, 'formats/video-h264.mp4');
const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');

/** The <video> element's state (this file is type-checked without DOM types). */
type Video = { readyState: number; videoWidth: number; currentTime: number; paused: boolean };

test.describe.configure({ timeout: 300_000 });

async function transcribe(app: Page, path: string, name: string) {
  await expect(app.getByTestId('service-status')).toContainText('Running');
  await dropFiles(app, [{ path, name }]);
  const row = app.getByTestId('file-row').filter({ hasText: name });
  await expect(row).toHaveAttribute('data-state', 'completed', { timeout: 120_000 });
  return row;
}

test('an MP4 shows its picture; words corrected in Text; focus and undo; axe; screenshots', async ({
  app,
}) => {
  await app.getByTestId('language').selectOption('en');
  await app.setViewportSize({ width: 1280, height: 800 });
  const row = await transcribe(app, VIDEO, 'clip.mp4');
  await row.getByRole('button', { name: 'Open transcript of clip.mp4' }).click();
  const viewer = app.getByTestId('viewer');

  // §12: the picture, served as video, at a sensible size; F8 skips it as it skips sound.
  const player = viewer.getByTestId('player');
  expect(await player.evaluate((e) => e.tagName)).toBe('VIDEO');
  await expect
    .poll(() => player.evaluate((v) => (v as unknown as Video).readyState))
    .toBeGreaterThanOrEqual(1);
  expect(await player.evaluate((v) => (v as unknown as Video).videoWidth)).toBe(320);
  const box = (await player.boundingBox())!;
  expect(box.height).toBeGreaterThan(150);
  expect(box.height).toBeLessThanOrEqual(360);
  await viewer.getByRole('heading', { level: 1 }).click();
  await app.keyboard.press('F8');
  await expect
    .poll(() => player.evaluate((v) => (v as unknown as Video).currentTime))
    .toBeGreaterThan(0);
  const toggle = viewer.getByRole('button', { name: 'Hide picture' });
  await toggle.click();
  await expect(player).toBeHidden();
  await expect(viewer.getByRole('button', { name: 'Show picture' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  await viewer.getByTestId('play').click();
  await expect.poll(() => player.evaluate((v) => (v as unknown as Video).paused)).toBe(false);
  await viewer.getByTestId('play').click();
  await viewer.getByRole('button', { name: 'Show picture' }).click();
  await expect(player).toBeVisible();

  // §13: the rule that failed, run on its own (it is not in axe's default set).
  const mismatch = await axeResults(app, {
    include: '[data-testid="viewer"]',
    rules: ['label-content-name-mismatch'],
  });
  expect(mismatch.violations.map((v) => v.id)).toEqual([]);
  expect(mismatch.passes.map((v) => v.id)).toContain('label-content-name-mismatch');

  // §1: a word of the Text view corrected by double-click, as in Words.
  const first = viewer.locator('.text-word').first();
  const written = (await first.textContent())!;
  await first.dblclick();
  const editor = viewer.getByRole('textbox', { name: `Correct “${written}”` });
  await expect(editor).toBeFocused();
  await editor.fill('Kikitori');
  await editor.press('Enter');
  await expect(viewer.locator('.utterance-text').first()).toContainText('Kikitori');
  await expect(viewer.locator('[data-edit-block="0"]')).toBeFocused();

  // §2: Undo until it greys out keeps the focus, and the keys with it.
  const undo = viewer.getByRole('button', { name: 'Undo' });
  const redo = viewer.getByRole('button', { name: 'Redo' });
  await undo.click();
  await expect(undo).toHaveAttribute('aria-disabled', 'true');
  await expect(undo).toBeFocused();
  await app.keyboard.press('Control+Shift+Z');
  await expect(viewer.locator('.utterance-text').first()).toContainText('Kikitori');
  await app.keyboard.press('Control+Z');
  await redo.click();
  await expect(redo).toHaveAttribute('aria-disabled', 'true');
  await expect(redo).toBeFocused();
  await app.keyboard.press('Control+Z');
  await expect(viewer.locator('.utterance-text').first()).not.toContainText('Kikitori');
  // A click on empty space (the edit bar's, right of its buttons): Ctrl+Shift+Z still redoes.
  const bar = (await viewer.locator('.edit-bar').boundingBox())!;
  await app.mouse.click(bar.x + bar.width - 4, bar.y + bar.height / 2);
  await expect(app.locator('body')).not.toBeFocused();
  await app.keyboard.press('Control+Shift+Z');
  await expect(viewer.locator('.utterance-text').first()).toContainText('Kikitori');

  // §2: F2 edits the word a script focused, not the one clicked before.
  await viewer.getByRole('tab', { name: 'Words' }).click();
  const words = viewer.getByTestId('word-list').getByRole('button');
  await words.nth(0).click();
  const third = words.nth(2);
  const thirdWord = (await third.textContent())!;
  await third.focus();
  await app.keyboard.press('F2');
  await expect(viewer.getByRole('textbox', { name: `Correct “${thirdWord}”` })).toBeFocused();
  await app.keyboard.press('Escape');
  await expect(third).toBeFocused();
  // §1: its time is shown.
  await expect(viewer.getByTestId('word-time')).toHaveText(
    new RegExp(`^“${thirdWord}” starts at \\d:\\d\\d\\.\\d$`),
  );

  // Both languages and themes, wide and narrow: axe and a look.
  await eachLanguageAndTheme(app, async (lang, theme) => {
    for (const width of [1280, 720]) {
      await app.setViewportSize({ width, height: 800 });
      await viewer.getByRole('tab', { name: lang === 'en' ? 'Text' : 'テキスト' }).click();
      await expect(player).toBeVisible();
      expect(await seriousViolations(app, '[data-testid="viewer"]')).toEqual([]);
      await app.screenshot({
        path: `${SCREENSHOTS}/viewer-new-user-video-${lang}-${theme}-${width}.png`,
      });
    }
  });
});

test('a long transcript scrolls under the player and find, which stay on screen', async ({
  app,
  host,
}) => {
  await app.getByTestId('language').selectOption('en');
  const row = await transcribe(app, CLIP, 'ten-minutes.wav');
  const { jobs } = await host.web.call<{ jobs: Job[] }>('jobs:list', {});
  const id = jobs.find((j) => j.file.name === 'ten-minutes.wav')!.id;
  // 1,500 words over 10 minutes (the clip plays its first 3 s of them).
  await (
    await JobJournal.open(host.dataDir)
  ).saveResult(
    id,
    numberedTranscript(1500, (i) => i * 400, 300),
  );
  await row.getByRole('button', { name: 'Open transcript of ten-minutes.wav' }).click();
  const viewer = app.getByTestId('viewer');
  await expect(viewer.locator('.utterance')).toHaveCount(15);

  await eachLanguageAndTheme(app, async (lang, theme) => {
    for (const width of [1280, 720]) {
      await app.setViewportSize({ width, height: 800 });
      // Scrolled to the end, as a person reading on would.
      await app.locator('.panel:has([data-testid="viewer"])').evaluate((panel) => {
        const scroller = panel as unknown as { scrollTop: number; scrollHeight: number };
        scroller.scrollTop = scroller.scrollHeight;
      });
      const last = viewer.locator('.utterance').last();
      await expect(last).toBeInViewport();
      for (const stays of [viewer.getByTestId('player'), viewer.getByTestId('find')])
        await expect(stays).toBeInViewport({ ratio: 1 });
      // The page did scroll: the first passage is gone from view (under the dock).
      await expect(viewer.locator('.utterance').first()).not.toBeInViewport();
      await app.screenshot({
        path: `${SCREENSHOTS}/viewer-new-user-long-${lang}-${theme}-${width}.png`,
      });
    }
  });
  // Find scrolls its match into view below the dock, too.
  await viewer.getByTestId('find').fill('word700');
  const found = viewer.locator('mark.is-found');
  await expect(found).toBeInViewport();
  const dock = (await viewer.getByTestId('viewer-dock').boundingBox())!;
  expect((await found.boundingBox())!.y).toBeGreaterThanOrEqual(dock.y + dock.height);
});
