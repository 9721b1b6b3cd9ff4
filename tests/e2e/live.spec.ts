/**
 * Live transcription in Debian's Chromium with a fake microphone playing a LibriVox
 * clip (followed by room for the endpointer to hear the end of speech): Start from the keyboard,
 * interim text before the final, the final with the clip's words, Stop, the job in Jobs, the
 * viewer seeking by word. Screenshots of the Live screen idle, listening with interim text,
 * stopped, and with an error, in both languages and themes; axe on each.
 */
import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  FAKE_MICROPHONE_LAUNCH,
  liveClipWords,
  writeMicrophoneFile,
} from '../support/live-microphone';
import { normaliseWords } from '../support/wer';
import { expect, testOnItsOwnHost as test } from './fixtures';
import { SCREENSHOTS, seriousViolations } from './look';

type Media = { currentTime: number; readyState: number };

test.use({ launchOptions: FAKE_MICROPHONE_LAUNCH });

test.beforeAll(async () => {
  await writeMicrophoneFile();
  await mkdir(SCREENSHOTS, { recursive: true });
});

async function shoot(page: Page, name: string): Promise<void> {
  for (const size of [
    { width: 1024, height: 700 },
    { width: 1920, height: 1080 },
  ]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${size.width}x${size.height}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('Live: Start by keyboard, interim then final words, Stop, the job in Jobs, word seek', async ({
  app,
}) => {
  await expect(app.getByTestId('service-status')).toContainText('Running');
  await app.getByRole('tab', { name: 'Live' }).click();
  await expect(app.getByRole('heading', { name: 'Live transcription' })).toBeVisible();
  expect(await seriousViolations(app, '.view.live')).toEqual([]);
  await shoot(app, 'live-idle-en-light');

  // Keyboard only: the Start button is reached and pressed from the keyboard.
  await app.getByTestId('live-start').focus();
  await app.keyboard.press('Enter');
  await expect(app.getByTestId('live-state')).toHaveAttribute('data-phase', 'listening');

  // Interim text comes while the clip is spoken, before the first final.
  const interim = app.getByTestId('live-interim');
  await expect(interim).toBeVisible({ timeout: 60_000 });
  await expect(app.getByTestId('live-final')).toHaveCount(0);
  await shoot(app, 'live-listening-en-light');
  expect(await seriousViolations(app, '.view.live')).toEqual([]);

  const first = app.getByTestId('live-final').first();
  await expect(first).toBeVisible({ timeout: 90_000 });
  const reference = await liveClipWords();
  // Compared as words: the service writes a capital and a full stop (the reference has neither).
  const heard = normaliseWords((await first.textContent()) ?? '');
  const found = reference.filter((word) => heard.includes(word));
  // Streaming recognition of a read clip: most of its words (the sync WER is about 0.27).
  expect(found.length / reference.length, heard.join(' ')).toBeGreaterThan(0.5);
  // What a screen reader hears: the finalized utterance.
  await expect(app.getByTestId('live-announce')).not.toBeEmpty();
  await expect(app.getByTestId('live-elapsed')).not.toHaveText('0:00');

  await app.getByTestId('live-stop').click();
  await expect(app.getByTestId('live-state')).toHaveAttribute('data-phase', 'stopped', {
    timeout: 60_000,
  });
  await shoot(app, 'live-stopped-en-light');

  // The session is a job: in Jobs with its mode, and it opens in the viewer with word seek.
  await app.getByRole('tab', { name: 'Jobs' }).click();
  const row = app.getByTestId('job-row').filter({ hasText: 'Live' }).first();
  await expect(row).toHaveAttribute('data-status', 'completed');
  await app.getByRole('tab', { name: 'Live' }).click();
  await app.getByTestId('live-open-job').click();
  const viewer = app.getByTestId('viewer');
  await expect(viewer).toBeVisible();
  await viewer.getByRole('tab', { name: 'Words' }).click();
  const word = app.getByTestId('word-list').getByRole('button').nth(2);
  await expect(word).toBeVisible();
  const start = Number(await word.getAttribute('data-start'));
  const player = app.getByTestId('player');
  await expect
    .poll(() => player.evaluate((a) => (a as unknown as Media).readyState))
    .toBeGreaterThanOrEqual(1);
  await word.click();
  await expect
    .poll(() => player.evaluate((a) => (a as unknown as Media).currentTime * 1000))
    .toBeCloseTo(start, -1);
});

test('Live in Japanese and the dark theme, and a refusal that says what to do', async ({ app }) => {
  await expect(app.getByTestId('service-status')).toContainText('Running');
  await app.getByTestId('language').selectOption('ja');
  await app.getByTestId('theme').selectOption('dark');
  await app.getByRole('tab', { name: 'ライブ' }).click();
  await expect(app.getByRole('button', { name: '開始' })).toBeVisible();
  expect(await seriousViolations(app, '.view.live')).toEqual([]);
  await shoot(app, 'live-idle-ja-dark');

  await app.getByRole('button', { name: '開始' }).click();
  await expect(app.getByTestId('live-interim').or(app.getByTestId('live-final'))).toBeVisible({
    timeout: 60_000,
  });
  await shoot(app, 'live-listening-ja-dark');
  await app.getByTestId('live-stop').click();
  await expect(app.getByTestId('live-state')).toHaveAttribute('data-phase', 'stopped', {
    timeout: 60_000,
  });

  // The cloud connection has no key here: the session is refused before anything is recorded,
  // with the way out (Settings).
  await app.getByTestId('live-connection').selectOption('cloud');
  await app.getByRole('button', { name: '開始' }).click();
  const alert = app.locator('.view.live [role="alert"]').first();
  await expect(alert).toContainText('キー');
  await expect(alert.getByRole('button', { name: '設定を開く' })).toBeVisible();
  expect(await seriousViolations(app, '.view.live')).toEqual([]);
  await shoot(app, 'live-error-ja-dark');
  await app.getByTestId('language').selectOption('en');
  await app.getByTestId('theme').selectOption('light');
  await shoot(app, 'live-error-en-light');
});

test('Live: the transcript follows the newest words, stays where the person scrolled, and Jump to live follows again', async ({
  app,
}) => {
  await expect(app.getByTestId('service-status')).toContainText('Running');
  // A small window, so a few utterances fill the transcript's box.
  await app.setViewportSize({ width: 720, height: 500 });
  await app.getByRole('tab', { name: 'Live' }).click();
  await app.getByTestId('live-start').click();
  const box = app.getByTestId('live-transcript');
  type Box = { scrollHeight: number; scrollTop: number; clientHeight: number };
  const gap = () =>
    box.evaluate((e) => {
      const b = e as unknown as Box;
      return b.scrollHeight - b.scrollTop - b.clientHeight;
    });
  const overflow = () =>
    box.evaluate((e) => {
      const b = e as unknown as Box;
      return b.scrollHeight - b.clientHeight;
    });
  // The words overflow the box, and its end stays in view all along.
  await expect.poll(overflow, { timeout: 120_000 }).toBeGreaterThan(60);
  await expect.poll(gap).toBeLessThan(24);
  await expect(app.getByTestId('live-jump')).toBeHidden();

  // Scrolled to the top, it stays there while words come, and offers the way back.
  await box.evaluate((e) => {
    (e as unknown as Box).scrollTop = 0;
  });
  await expect(app.getByTestId('live-jump')).toBeVisible();
  const finals = await app.getByTestId('live-final').count();
  await expect(app.getByTestId('live-final')).toHaveCount(finals + 1, { timeout: 60_000 });
  expect(await box.evaluate((e) => (e as unknown as Box).scrollTop)).toBe(0);
  await app.getByTestId('live-jump').click();
  await expect.poll(gap).toBeLessThan(24);
  await expect(app.getByTestId('live-jump')).toBeHidden();
  await app.getByTestId('live-stop').click();
  await expect(app.getByTestId('live-state')).toHaveAttribute('data-phase', 'stopped', {
    timeout: 60_000,
  });
});
