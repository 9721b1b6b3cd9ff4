import { join } from 'node:path';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import { dropFiles } from './drop';
import { expect, test } from './fixtures';
import { seriousViolations } from './look';

const LIBRIVOX = join(DEFAULT_FIXTURES_DIR, 'librivox');
const CLIP = join(LIBRIVOX, 'sense_and_sensibility_01_austen_64kb-0930.wav');
/** Its recognition has pauses and a non-speech stretch (`<sil>`, `[SPEECH]`), dropped by default. */
const FILLERS_CLIP = join(LIBRIVOX, 'sense_and_sensibility_01_austen_64kb-0870.wav');

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
    await expect(row).toContainText('Direct (up to 16 MB and 8:45)');
    await expect(row).toHaveAttribute('data-state', 'completed', { timeout: 120_000 });
    await expect(row.getByRole('button', { name: `Open transcript of ${name}` })).toBeVisible();
  }
});

test('Keep fillers, chosen with the keyboard, brings back the pauses of a real clip; the local service says why it has no speaker labels', async ({
  app,
}) => {
  await app.getByTestId('language').selectOption('en');
  await expect(app.getByTestId('service-status')).toContainText('Running');
  const speakers = app.getByRole('checkbox', { name: 'Label who speaks (speaker labels)' });
  await expect(speakers).toBeDisabled();
  await expect(speakers).toHaveAccessibleDescription(
    'The local service cannot tell speakers apart: choose a cloud connection for speaker labels.',
  );
  const fillers = app.getByRole('checkbox', { name: /^Keep fillers and pauses/ });
  await fillers.focus();
  await app.keyboard.press('Space');
  await expect(fillers).toBeChecked();
  expect(await seriousViolations(app, '.options-card')).toEqual([]);

  await dropFiles(app, [{ path: FILLERS_CLIP, name: 'pauses.wav' }]);
  const row = app.getByTestId('file-row').filter({ hasText: 'pauses.wav' });
  await expect(row).toHaveAttribute('data-state', 'completed', { timeout: 120_000 });
  await row.getByRole('button', { name: 'Open transcript of pauses.wav' }).click();
  await expect(app.getByTestId('utterances')).toContainText('<sil>');
  await expect(app.getByTestId('utterances')).toContainText('[SPEECH]');

  // Kept on the connection: after a reload the option is still on.
  await app.reload();
  await expect(app.getByRole('checkbox', { name: /^Keep fillers and pauses/ })).toBeChecked();
});
