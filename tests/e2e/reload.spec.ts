import { join } from 'node:path';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import { dropFiles } from './drop';
import { expect, test } from './fixtures';

const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');

test('Japanese and the jobs are as they were after a reload, with the token gone from the address', async ({
  app,
}) => {
  await expect(app.getByTestId('service-status')).toContainText('Running');
  await app.getByTestId('language').selectOption('ja');
  await app.getByTestId('theme').selectOption('dark');
  await expect(app.getByRole('tab', { name: 'ジョブ' })).toBeVisible();
  await dropFiles(app, [{ path: CLIP, name: '分別と多感.wav' }]);
  await expect(app.getByTestId('file-row')).toHaveAttribute('data-state', 'completed', {
    timeout: 120_000,
  });
  expect(app.url()).not.toContain('token');

  await app.reload();
  await expect(app.getByRole('tab', { name: '文字起こし' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(app.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(app.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(app.getByTestId('service-status')).toContainText('稼働中');
  await app.getByRole('tab', { name: 'ジョブ' }).click();
  const row = app.getByTestId('job-row').filter({ hasText: '分別と多感.wav' });
  await expect(row).toHaveAttribute('data-status', 'completed');
  await expect(row).toContainText('完了');
});
