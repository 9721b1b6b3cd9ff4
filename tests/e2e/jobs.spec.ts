import { join } from 'node:path';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import { dropFiles } from './drop';
import { expect, test } from './fixtures';

const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');

test('jobs appear live, newest first; filter, search, open, and remove with a confirmation', async ({
  app,
}) => {
  await expect(app.getByTestId('service-status')).toContainText('Running');
  await dropFiles(app, [
    { path: CLIP, name: 'alpha.wav' },
    { path: join(DEFAULT_FIXTURES_DIR, 'garbage/broken.m4a'), name: 'broken.wav' },
  ]);
  await app.getByRole('tab', { name: 'Jobs' }).click();
  const rows = app.getByTestId('job-row');
  await expect(rows.filter({ hasText: 'alpha.wav' })).toHaveAttribute('data-status', 'completed', {
    timeout: 120_000,
  });
  await expect(rows.filter({ hasText: 'broken.wav' })).toHaveAttribute('data-status', 'failed', {
    timeout: 120_000,
  });
  await expect(rows.filter({ hasText: 'broken.wav' })).toContainText(/convert|decode/);

  await app.getByTestId('job-filter').selectOption('failed');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('broken.wav');
  await app.getByTestId('job-filter').selectOption('all');
  await app.getByTestId('job-search').fill('alp');
  await expect(rows).toHaveCount(1);
  await expect(app.getByTestId('job-count')).toHaveText('1 job');

  await rows.getByRole('button', { name: 'Open: alpha.wav' }).click();
  await expect(app.getByTestId('utterances')).toContainText('He might even have been made');
  await app.getByRole('button', { name: /Back/ }).click();

  await app.getByTestId('job-search').fill('');
  await rows.getByRole('button', { name: 'Remove: broken.wav' }).click();
  const dialog = app.getByRole('alertdialog');
  await expect(dialog).toContainText('The service’s own copy of the job is left alone.');
  await app.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(rows.filter({ hasText: 'broken.wav' })).toHaveCount(1);
  // The row after it (the two files may be created in either order, and earlier specs' jobs
  // share this host), or the one before when it is the last.
  const names = await rows.locator('.file-name').allTextContents();
  const at = names.indexOf('broken.wav');
  const next = names[at + 1] ?? names[at - 1];
  await rows.getByRole('button', { name: 'Remove: broken.wav' }).click();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(rows.filter({ hasText: 'broken.wav' })).toHaveCount(0);
  // Focus moves on to the next row, not back to the top of the section.
  await expect(rows.getByRole('button', { name: `Remove: ${next}` })).toBeFocused();
});

test('a failure note and a long file name cut short in the table are whole for keyboard and screen reader', async ({
  app,
}) => {
  const name = 'an-interview-recorded-at-the-archive-on-a-long-afternoon-part-two-of-three.wav';
  await expect(app.getByTestId('service-status')).toContainText('Running');
  await dropFiles(app, [
    { path: CLIP, name: 'beside-the-long-one.wav' },
    { path: join(DEFAULT_FIXTURES_DIR, 'garbage/broken.m4a'), name },
  ]);
  await app.getByRole('tab', { name: 'Jobs' }).click();
  const rows = app.getByTestId('job-row');
  await expect(rows.filter({ hasText: 'beside-the-long-one.wav' })).toHaveAttribute(
    'data-status',
    'completed',
    { timeout: 120_000 },
  );
  const row = rows.filter({ hasText: name });
  await expect(row).toHaveAttribute('data-status', 'failed', { timeout: 120_000 });
  // A file ffmpeg could not convert would fail again the same way: no Retry, the note says what
  // helps (convert it yourself).
  await expect(row.getByRole('button', { name: `Retry: ${name}` })).toHaveCount(0);
  const remove = row.getByRole('button', { name: `Remove: ${name}` });
  // A screen reader hears the whole note with each action of the row.
  await expect(remove).toHaveAccessibleDescription(
    /Check that the file is a complete audio file, or convert it to FLAC or WAV yourself\.$/,
  );

  // (Page code, given as text: this file is type-checked without DOM types.)
  const cut = `(() => {
    const row = [...document.querySelectorAll('[data-testid="job-row"]')].find((r) => r.dataset.status === 'failed');
    const note = row.querySelector('.job-note');
    const file = row.querySelector('.job-file .cut-head');
    const slot = row.closest('.job-slot').getBoundingClientRect();
    const next = [...document.querySelectorAll('.job-slot')].map((s) => s.getBoundingClientRect()).find((b) => b.top > slot.top);
    const r = row.getBoundingClientRect();
    return {
      note: note.scrollHeight > note.clientHeight + 1,
      file: file.scrollWidth > file.clientWidth + 1,
      overlap: r.bottom > slot.bottom + 0.5 || (next !== undefined && next.top < r.bottom - 0.5),
    };
  })()`;
  expect(await app.evaluate(cut)).toEqual({ note: true, file: true, overlap: false });
  // Cut in the middle: the name's distinguishing end stays in view, the whole in its title.
  await expect(row.locator('.job-file .cut-tail')).toHaveText('two-of-three.wav');
  await expect(row.locator('.job-file .middle-cut')).toHaveAttribute('title', name);
  // Reach Remove by keyboard: focus from a mouse press must not grow the row under the pointer.
  await remove.focus();
  await app.keyboard.press('Shift+Tab');
  await app.keyboard.press('Tab');
  await expect(remove).toBeFocused();
  // Keyboard focus in the row shows both whole, and the measured list makes room for the row.
  await expect
    .poll(() => app.evaluate(cut), { timeout: 10_000 })
    .toEqual({ note: false, file: false, overlap: false });
});
