import { join } from 'node:path';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import { dropFiles } from './drop';
import { exportAs } from './export';
import { expect, test } from './fixtures';

const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');

/** The <audio> element's state (this file is type-checked without DOM types). */
type Media = { currentTime: number; paused: boolean; readyState: number };

test('a dropped clip shows its words; a word seeks the audio; Space plays; SRT export', async ({
  app,
}) => {
  await expect(app.getByTestId('service-status')).toContainText('Running');
  await dropFiles(app, [{ path: CLIP, name: 'austen.wav' }]);
  const row = app.getByTestId('file-row').filter({ hasText: 'austen.wav' });
  await expect(row).toHaveAttribute('data-state', 'completed', { timeout: 120_000 });
  await row.getByRole('button', { name: 'Open transcript of austen.wav' }).click();

  const viewer = app.getByTestId('viewer');
  await expect(viewer.getByRole('heading', { name: 'austen.wav' })).toBeFocused();
  await expect(app.getByTestId('utterances')).toContainText('He might even have been made');

  await viewer.getByRole('tab', { name: 'Words' }).click();
  const word = app
    .getByTestId('word-list')
    .getByRole('button', { name: /^made,/ })
    .first();
  await expect(word).toBeVisible();
  const start = Number(await word.getAttribute('data-start'));
  expect(start).toBeGreaterThan(0);
  const player = app.getByTestId('player');
  await expect
    .poll(() => player.evaluate((a) => (a as unknown as Media).readyState))
    .toBeGreaterThanOrEqual(1);
  await word.click();
  await expect
    .poll(() => player.evaluate((a) => (a as unknown as Media).currentTime * 1000))
    .toBeCloseTo(start, -1);
  await expect(word).toBeFocused();
  // The words are one tab stop; arrows move between them.
  await app.keyboard.press('ArrowRight');
  await expect(app.getByTestId('word-list').getByRole('button', { name: /^the,/ })).toBeFocused();
  await app.keyboard.press('ArrowLeft');
  await expect(word).toBeFocused();

  await app.keyboard.press('Space');
  await expect.poll(() => player.evaluate((a) => !(a as unknown as Media).paused)).toBe(true);
  await expect(app.getByTestId('word-list').locator('.word.is-current')).toHaveCount(1);
  await app.keyboard.press('Space');
  await expect.poll(() => player.evaluate((a) => (a as unknown as Media).paused)).toBe(true);

  await app.getByTestId('find').fill('made');
  await expect(app.getByTestId('find-position')).toHaveText(/^1 of \d+$/);

  const [file] = await exportAs(app, ['srt']);
  expect(file!.name).toBe('austen.srt');
  const srt = file!.text;
  expect(srt).toMatch(/^1\n00:00:\d\d,\d{3} --> 00:00:\d\d,\d{3}\n/);
  expect(srt).toContain('made');
});
