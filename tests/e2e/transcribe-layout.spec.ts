import { join } from 'node:path';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import { dropFiles } from './drop';
import { expect, test } from './fixtures';

const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');

// (Page code, given as text: this file is type-checked without DOM types.)
const LEFTS = `(() => {
  const left = (el) => Math.round(el.getBoundingClientRect().left);
  const top = (el) => Math.round(el.getBoundingClientRect().top);
  const card = document.querySelector('.options-card');
  const checks = [...card.querySelectorAll('input[type="checkbox"]')];
  return {
    chips: [...document.querySelectorAll('[data-testid="file-row"] .file-state .chip')].map(left),
    firstSelect: left(card.querySelector('select')),
    firstCheck: left(checks[0]),
    checkTops: checks.map(top),
  };
})()`;

/** Characters on the last line of the speaker-label hint, as laid out. */
const LAST_LINE = `(() => {
  const text = document.querySelector('[data-testid="speaker-hint"]').firstChild;
  const range = document.createRange();
  const tops = [];
  for (let i = 0; i < text.length; i++) {
    range.setStart(text, i);
    range.setEnd(text, i + 1);
    const rect = range.getClientRects()[0];
    if (rect) tops.push(Math.round(rect.top));
  }
  const last = Math.max(...tops);
  return tops.filter((t) => t === last).length;
})()`;

test('Transcribe lines up: one x for every status, checkboxes under the selects, no lone characters in a Japanese hint', async ({
  app,
}) => {
  await app.getByTestId('language').selectOption('en');
  await expect(app.getByTestId('service-status')).toContainText('Running');
  await dropFiles(app, [
    { path: CLIP, name: 'layout-heard.wav' },
    { path: join(DEFAULT_FIXTURES_DIR, 'garbage/broken.m4a'), name: 'layout-not-audio.wav' },
  ]);
  const rows = app.getByTestId('file-row');
  await expect(rows.filter({ hasText: 'layout-heard.wav' })).toHaveAttribute(
    'data-state',
    'completed',
    { timeout: 120_000 },
  );
  await expect(rows.filter({ hasText: 'layout-not-audio.wav' })).toHaveAttribute(
    'data-state',
    'failed',
    { timeout: 120_000 },
  );
  const at = await app.evaluate<{
    chips: number[];
    firstSelect: number;
    firstCheck: number;
    checkTops: number[];
  }>(LEFTS);
  // Done (with Open transcript) and Failed: the same x.
  expect(new Set(at.chips).size, `status chips at x ${at.chips.join(', ')}`).toBe(1);
  // The checkboxes start where the selects start, and sit on one line.
  expect(Math.abs(at.firstCheck - at.firstSelect)).toBeLessThanOrEqual(2);
  expect(new Set(at.checkTops).size, `checkbox tops ${at.checkTops.join(', ')}`).toBe(1);

  await app.getByTestId('language').selectOption('ja');
  await expect(app.locator('[data-testid="speaker-hint"]')).toContainText('ローカルサービス');
  const lone: string[] = [];
  for (let width = 900; width <= 1600; width += 20) {
    await app.setViewportSize({ width, height: 800 });
    const count = await app.evaluate<number>(LAST_LINE);
    if (count < 4) lone.push(`${width}px: ${count}`);
  }
  expect(lone, 'widths where the hint ends in a line of a few characters').toEqual([]);
});
