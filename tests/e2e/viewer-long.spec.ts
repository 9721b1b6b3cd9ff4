/**
 * A long transcript in the real window: the browser skips the words far off screen (the word
 * list's chunks are `content-visibility: auto`), yet every word is still reached by the keyboard,
 * by the playing position and by find. A real clip is transcribed and its stored result is then
 * replaced with 3,000 words, written through the app's own job journal.
 */
import { join } from 'node:path';
import type { Locator } from '@playwright/test';
import { JobJournal } from '../../core/jobs/job-journal';
import type { Job } from '../../shared/domain/job';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import { numberedTranscript } from '../support/numbered-transcript';
import { dropFiles } from './drop';
import { expect, test } from './fixtures';

const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');
const WORDS = 3000;

/** 30 utterances of 100 words, word i sounding at i ms (all within the 3.3 s clip). */
const longTranscript = () => numberedTranscript(WORDS, (i) => i, 0);

/** Whether the browser renders the element now (false while its chunk is skipped off screen). */
const rendered = (element: Locator) =>
  element.evaluate((e) =>
    (
      e as unknown as { checkVisibility(o: { contentVisibilityAuto: boolean }): boolean }
    ).checkVisibility({ contentVisibilityAuto: true }),
  );

test('a 3,000-word transcript: off-screen words are skipped, yet keys, playback and find reach them', async ({
  app,
  host,
}) => {
  await app.getByTestId('language').selectOption('en');
  await expect(app.getByTestId('service-status')).toContainText('Running');
  await dropFiles(app, [{ path: CLIP, name: 'viewer-long.wav' }]);
  const row = app.getByTestId('file-row').filter({ hasText: 'viewer-long.wav' });
  await expect(row).toHaveAttribute('data-state', 'completed', { timeout: 120_000 });
  const { jobs } = await host.web.call<{ jobs: Job[] }>('jobs:list', {});
  const id = jobs.find((j) => j.file.name === 'viewer-long.wav')!.id;
  await (await JobJournal.open(host.dataDir)).saveResult(id, longTranscript());
  await row.getByRole('button', { name: 'Open transcript of viewer-long.wav' }).click();

  await expect(app.getByTestId('utterances').getByRole('listitem')).toHaveCount(WORDS / 100);

  const viewer = app.getByTestId('viewer');
  await viewer.getByRole('tab', { name: 'Words' }).click();
  const list = app.getByTestId('word-list');
  const words = list.getByRole('button');
  await expect(words).toHaveCount(WORDS);
  const last = list.getByRole('button', { name: /^word2999,/ });
  expect(await rendered(words.first())).toBe(true);
  expect(await rendered(last)).toBe(false);

  // One tab stop; End reaches the last word through the skipped chunks, and it is shown.
  await words.first().click();
  // Its seek marks it as playing (and scrolls to it) when done: wait, lest that scroll come later.
  await expect(words.first()).toHaveClass(/is-current/);
  await app.keyboard.press('End');
  await expect(last).toBeFocused();
  await expect(last).toBeInViewport();
  expect(await rendered(last)).toBe(true);
  await expect(list.locator('[tabindex="0"]')).toHaveCount(1);
  // Tabbing back into the list, scrolled away, lands on its tab stop and shows it.
  await app.getByTestId('find').focus();
  await list.evaluate(
    (e) =>
      ((e as unknown as { closest(s: string): { scrollTop: number } }).closest('.panel').scrollTop =
        0),
  );
  for (
    let i = 0;
    i < 20 &&
    !(await last.evaluate(
      (e) => e === (e.ownerDocument as { activeElement: unknown }).activeElement,
    ));
    i++
  )
    await app.keyboard.press('Tab');
  await expect(last).toBeFocused();
  await expect(last).toBeInViewport();
  await app.keyboard.press('ArrowLeft');
  await expect(list.getByRole('button', { name: /^word2998,/ })).toBeFocused();
  await app.keyboard.press('Home');
  await expect(words.first()).toBeFocused();
  await expect(words.first()).toBeInViewport();
  await expect(list.locator('[tabindex="0"]')).toHaveCount(1);

  // The playing position marks its word and scrolls it into view.
  const current = list.getByRole('button', { name: /^word2500,/ });
  expect(await rendered(current)).toBe(false);
  const player = app.getByTestId('player');
  await expect
    .poll(() => player.evaluate((a) => (a as unknown as { readyState: number }).readyState))
    .toBeGreaterThanOrEqual(1);
  await player.evaluate((a) => ((a as unknown as { currentTime: number }).currentTime = 2.5002));
  await expect(current).toHaveClass(/is-current/);
  await expect(current).toBeInViewport();
  await expect(list.locator('.word.is-current')).toHaveCount(1);

  // Find marks matches in chunks off screen too.
  await app.getByTestId('find').fill('word123');
  await expect(app.getByTestId('find-position')).toHaveText('1 of 11');
  await expect(list.locator('.word.is-match')).toHaveCount(11);
});
