import { join } from 'node:path';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import { dropFiles } from './drop';
import { expect, test } from './fixtures';

const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');

test('a word saved in a new profile, picked in Transcribe, shows its written form in the transcript', async ({
  app,
}) => {
  await app.getByTestId('language').selectOption('en');
  await expect(app.getByTestId('service-status')).toContainText('Running');
  await app.getByRole('tab', { name: 'Dictionary' }).click();
  await expect(app.getByTestId('dict-engine')).toHaveValue('-a-general-en');
  await app.getByRole('button', { name: 'New profile…' }).click();
  const created = app.getByRole('dialog', { name: 'New profile' });
  await created.getByLabel('Profile ID').fill('ui-names');
  await created.getByRole('button', { name: 'Create' }).click();
  await expect(app.getByTestId('dict-profile')).toHaveValue('ui-names');
  // The clip says "he might even have been made": the engine's words "might even" become one.
  await app.getByTestId('add-written').fill('Kikitori');
  await app.getByTestId('add-spoken').fill('might even');
  await app.getByTestId('add-spoken').press('Enter');
  await app.getByTestId('save-words').click();
  await app.getByTestId('save-dialog').getByRole('button', { name: 'Replace profile' }).click();
  await expect(app.getByTestId('unsaved')).toBeHidden();

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
