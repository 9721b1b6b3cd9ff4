import { join } from 'node:path';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import { dropFiles } from './drop';
import { saveKikitoriProfile } from './dictionary-profile';
import { expect, test } from './fixtures';

const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');

test('a word saved in a new profile, picked in Transcribe, shows its written form in the transcript', async ({
  app,
}) => {
  await app.getByTestId('language').selectOption('en');
  await expect(app.getByTestId('service-status')).toContainText('Running');
  // The clip says "he might even have been made": the engine's words "might even" become one.
  await saveKikitoriProfile(app, 'ui-names');

  await app.getByRole('tab', { name: 'Transcribe' }).click();
  const profile = app.getByRole('combobox', { name: 'Dictionary profile' });
  await expect(profile.locator('option', { hasText: 'ui-names' })).toHaveCount(1);
  await profile.selectOption('ui-names');
  await expect(profile).toHaveValue('ui-names');

  await dropFiles(app, [{ path: CLIP, name: 'austen.wav' }]);
  const row = app.getByTestId('file-row').filter({ hasText: 'austen.wav' });
  await expect(row).toHaveAttribute('data-state', 'completed', { timeout: 120_000 });
  await row.getByRole('button', { name: 'Open transcript of austen.wav' }).click();
  const utterances = app.getByTestId('utterances');
  await expect(utterances).toContainText('He Kikitori have been made');
  await expect(utterances).not.toContainText('might even');

  // The host serves every spec file of this worker: the connection goes back to no profile.
  await app.getByRole('button', { name: /Back/ }).click();
  await profile.selectOption('');
  await expect(profile).toHaveValue('');
});
