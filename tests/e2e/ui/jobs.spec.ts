import { join } from 'node:path';
import { DEFAULT_FIXTURES_DIR } from '../../fixtures/build';
import { dropFiles } from './drop';
import { expect, test } from './fixtures';

const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');

test('jobs appear live, newest first; filter, search, open, and remove with a confirmation', async ({
  app,
}) => {
  await expect(app.getByTestId('service-status')).toContainText('Running');
  await dropFiles(app, [
    { path: CLIP, name: 'alpha.wav' },
    { path: join(DEFAULT_FIXTURES_DIR, 'garbage/text.wav'), name: 'broken.wav' },
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
  await expect(app.getByTestId('utterances')).toContainText('he might even have been made');
  await app.getByRole('button', { name: /Back/ }).click();

  await app.getByTestId('job-search').fill('');
  await rows.getByRole('button', { name: 'Remove: broken.wav' }).click();
  const dialog = app.getByRole('alertdialog');
  await expect(dialog).toContainText('The service’s own copy of the job is left alone.');
  await app.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(rows.filter({ hasText: 'broken.wav' })).toHaveCount(1);
  await rows.getByRole('button', { name: 'Remove: broken.wav' }).click();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(rows.filter({ hasText: 'broken.wav' })).toHaveCount(0);
  // Focus moves on to the next row, not back to the top of the section.
  await expect(rows.getByRole('button', { name: 'Remove: alpha.wav' })).toBeFocused();
});
