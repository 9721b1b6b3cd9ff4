import { join } from 'node:path';
import { DEFAULT_FIXTURES_DIR } from '../../fixtures/build';
import { dropFiles } from './drop';
import { expect, test } from './fixtures';

const LIBRIVOX = join(DEFAULT_FIXTURES_DIR, 'librivox');
const CLIP = join(LIBRIVOX, 'sense_and_sensibility_01_austen_64kb-0930.wav');

test('several dropped files each get a row that ends done; unsupported files are named first', async ({
  app,
}) => {
  await expect(app.getByTestId('service-status')).toContainText('Running');
  await dropFiles(app, [
    { path: CLIP, name: 'first.wav' },
    { path: CLIP, name: 'second.wav' },
    {
      path: join(DEFAULT_FIXTURES_DIR, 'manifest.json'),
      name: 'notes.json',
      type: 'application/json',
    },
  ]);
  await expect(app.getByTestId('rejected')).toContainText('notes.json');
  const rows = app.getByTestId('file-row');
  await expect(rows).toHaveCount(2);
  for (const name of ['first.wav', 'second.wav']) {
    const row = rows.filter({ hasText: name });
    await expect(row).toContainText('Direct (up to 16 MB)');
    await expect(row).toHaveAttribute('data-state', 'completed', { timeout: 120_000 });
    await expect(row.getByRole('button', { name: `Open transcript of ${name}` })).toBeVisible();
  }
});
