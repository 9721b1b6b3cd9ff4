/**
 * Correcting a transcript end to end, in Debian's Chromium against the real web host,
 * core and local service: a word corrected in place is stored apart from the service's result,
 * is there after a reload, is undone and redone after it, Jobs marks the job, and the exports
 * carry the correction (JSON also as the service said it).
 */
import { join } from 'node:path';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import { dropFiles } from './drop';
import { exportAs } from './export';
import { expect, test } from './fixtures';

const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');

/** The <audio> element's state (this file is type-checked without DOM types). */
type Media = { currentTime: number; paused: boolean; readyState: number };

test('a corrected word survives a reload, is undone and redone there, and is exported', async ({
  app,
}) => {
  await expect(app.getByTestId('service-status')).toContainText('Running');
  await dropFiles(app, [{ path: CLIP, name: 'corrected.wav' }]);
  const row = app.getByTestId('file-row').filter({ hasText: 'corrected.wav' });
  await expect(row).toHaveAttribute('data-state', 'completed', { timeout: 120_000 });
  await row.getByRole('button', { name: 'Open transcript of corrected.wav' }).click();

  const viewer = app.getByTestId('viewer');
  await viewer.getByRole('tab', { name: 'Words' }).click();
  const words = app.getByTestId('word-list');
  const made = words.getByRole('button', { name: /^made,/ }).first();
  const start = Number(await made.getAttribute('data-start'));
  const player = app.getByTestId('player');
  await expect
    .poll(() => player.evaluate((a) => (a as unknown as Media).readyState))
    .toBeGreaterThanOrEqual(1);
  await made.dblclick();
  const editor = app.getByRole('textbox', { name: 'Correct “made”' });
  await expect(editor).toBeFocused();
  // While correcting, Ctrl+Enter plays from the word; Space types into the editor, the player
  // plays on.
  await editor.press('Control+Enter');
  await expect.poll(() => player.evaluate((a) => !(a as unknown as Media).paused)).toBe(true);
  expect(
    await player.evaluate((a) => (a as unknown as Media).currentTime * 1000),
  ).toBeGreaterThanOrEqual(start - 50);
  await editor.press('End');
  await editor.press('Space');
  await expect(editor).toHaveValue('made ');
  expect(await player.evaluate((a) => (a as unknown as Media).paused)).toBe(false);
  await editor.fill('crafted');
  await editor.press('Enter');
  const crafted = words.getByRole('button', { name: /^crafted, .*recognized as “made”/ });
  await expect(crafted).toBeFocused();
  await expect(app.getByTestId('word-origin')).toContainText('“crafted” was recognized as “made”.');

  await app.reload();
  await app.getByRole('tab', { name: 'Jobs' }).click();
  const job = app.getByTestId('job-row').filter({ hasText: 'corrected.wav' });
  await expect(job.getByTestId('edited')).toHaveText('Corrected');
  await job.getByRole('button', { name: 'Open: corrected.wav' }).click();
  await expect(app.getByTestId('utterances')).toContainText('crafted');

  await viewer.getByRole('button', { name: 'Undo' }).click();
  await expect(app.getByTestId('utterances')).not.toContainText('crafted');
  await expect(app.getByTestId('utterances')).toContainText('He might even have been made');
  await app.getByRole('heading', { name: 'corrected.wav' }).focus();
  await app.keyboard.press('Control+Shift+Z');
  await expect(app.getByTestId('utterances')).toContainText('crafted');

  const exported = async (format: string) => (await exportAs(app, [format]))[0]!;
  const txt = await exported('txt');
  expect(txt.name).toBe('corrected.txt');
  expect(txt.text).toContain('crafted');
  const edited = await exported('json');
  expect(edited.name).toBe('corrected.json');
  const json = JSON.parse(edited.text) as { edited?: boolean; text: string };
  expect(json.edited).toBe(true);
  expect(json.text).toContain('crafted');
  const original = await exported('json-original');
  expect(original.name).toBe('corrected.original.json');
  const service = JSON.parse(original.text) as { edited?: boolean; text: string };
  expect(service.edited).toBeUndefined();
  expect(service.text).toContain('He might even have been made');
  expect(service.text).not.toContain('crafted');
});
