/**
 * Finding a transcript by what was said in it, end to end: a LibriVox clip transcribed by the
 * real local service is indexed as it completes; the Jobs search lists its job (one list of
 * jobs), with its matches counted and a snippet with the words marked, and opening the hit from the keyboard lands the
 * viewer on that word, focused, the player at its start, so Space plays from there. axe on the
 * results, and their screenshots, in both languages and themes.
 */
import { join } from 'node:path';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import { dropFiles } from './drop';
import { expect, testOnItsOwnHost as test } from './fixtures';
import { eachLanguageAndTheme, SCREENSHOTS, seriousViolations } from './look';

const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');

/** The <audio> element's state (this file is type-checked without DOM types). */
type Media = { currentTime: number; paused: boolean; readyState: number };

test('the Jobs search finds words said in a transcript and opens the viewer on them, ready to play', async ({
  app,
}) => {
  await expect(app.getByTestId('service-status')).toContainText('Running');
  await dropFiles(app, [{ path: CLIP, name: 'austen-found.wav' }]);
  const row = app.getByTestId('file-row').filter({ hasText: 'austen-found.wav' });
  await expect(row).toHaveAttribute('data-state', 'completed', { timeout: 120_000 });

  await app.getByRole('tab', { name: 'Jobs' }).click();
  await app.getByTestId('job-search').fill('MIGHT even');
  // One list: the job whose transcript holds the words, with its matches counted and shown.
  const listed = app.getByTestId('job-row').filter({ hasText: 'austen-found.wav' });
  await expect(listed).toBeVisible();
  await expect(app.getByTestId('job-count')).toHaveText('1 job');
  await expect(listed.getByTestId('match-count')).toHaveText(/^\d+ match(es)?$/);
  const hit = listed.locator('.search-hit').first();
  await expect(hit.locator('mark')).toHaveText(['might', 'even']);

  expect(await seriousViolations(app, '[data-testid="jobs-scroll"]')).toEqual([]);
  await eachLanguageAndTheme(app, async (lang, theme) => {
    await expect(app.getByTestId('job-count')).toHaveText(lang === 'en' ? '1 job' : '1 件のジョブ');
    expect(await seriousViolations(app), `${lang} ${theme}`).toEqual([]);
    await app.screenshot({ path: `${SCREENSHOTS}/search-hits-${lang}-${theme}.png` });
  });
  await app.getByTestId('language').selectOption('en');

  // From the keyboard: the match is a button in the job's row; Enter opens it.
  await hit.focus();
  await app.keyboard.press('Enter');

  const viewer = app.getByTestId('viewer');
  await expect(viewer.getByRole('tab', { name: 'Words' })).toHaveAttribute('aria-selected', 'true');
  const word = app.getByTestId('word-list').locator('.word:focus');
  await expect(word).toHaveText('might');
  const start = Number(await word.getAttribute('data-start'));
  expect(start).toBeGreaterThan(0);
  const player = app.getByTestId('player');
  await expect
    .poll(() => player.evaluate((a) => (a as unknown as Media).readyState))
    .toBeGreaterThanOrEqual(1);
  await expect
    .poll(() => player.evaluate((a) => (a as unknown as Media).currentTime * 1000))
    .toBeCloseTo(start, -1);
  await app.keyboard.press('Space');
  await expect.poll(() => player.evaluate((a) => !(a as unknown as Media).paused)).toBe(true);
  await app.keyboard.press('Space');
  await expect.poll(() => player.evaluate((a) => (a as unknown as Media).paused)).toBe(true);
  const at = await player.evaluate((a) => (a as unknown as Media).currentTime * 1000);
  expect(at).toBeGreaterThanOrEqual(start - 50);
  // The find box holds the query the search was for.
  await expect(app.getByTestId('find')).toHaveValue('MIGHT even');
});
