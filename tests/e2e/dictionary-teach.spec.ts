/**
 * Teaching the dictionary from a correction, end to end on the local service: a
 * passage corrected in the viewer ("might even" → "Kikitori"), "Add to dictionary…" on the
 * corrected word opens the job's dictionary with the word and what the engine heard there; the job
 * had no profile, so the word waits under "Create a profile…", whose profile the
 * connection then uses, and transcribing the same audio again writes the corrected word.
 */
import { join } from 'node:path';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import { dropFiles } from './drop';
import { expect, test } from './fixtures';
import { eachLanguageAndTheme, screenshotNarrowAndWide, seriousViolations } from './look';

const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');

test('a correction taught to the dictionary comes back corrected when the audio is transcribed again', async ({
  app,
}) => {
  await app.getByTestId('language').selectOption('en');
  await expect(app.getByTestId('service-status')).toContainText('Running');
  const profile = app.getByRole('combobox', { name: 'Dictionary profile' });
  await expect(profile).toHaveValue('');
  await dropFiles(app, [{ path: CLIP, name: 'taught.wav' }]);
  const row = app.getByTestId('file-row').filter({ hasText: 'taught.wav' });
  await expect(row).toHaveAttribute('data-state', 'completed', { timeout: 120_000 });
  await row.getByRole('button', { name: 'Open transcript of taught.wav' }).click();

  // The clip says "he might even have been made"; the engine hears it so.
  const utterances = app.getByTestId('utterances');
  await expect(utterances).toContainText('He might even have been made');
  await utterances
    .getByRole('button', { name: /^Correct the text at / })
    .first()
    .click();
  const text = app.getByTestId('utterance-editor');
  const said = await text.inputValue();
  await text.fill(said.replace('might even', 'Kikitori'));
  await text.press('Enter');
  await expect(utterances).toContainText('He Kikitori have been made');

  await app.getByTestId('viewer').getByRole('tab', { name: 'Words' }).click();
  await app
    .getByTestId('word-list')
    .getByRole('button', { name: /^Kikitori,/ })
    .click();
  await expect(app.getByTestId('word-origin')).toContainText(
    '“Kikitori” was recognized as “might even”.',
  );
  await app.getByRole('button', { name: 'Add to dictionary…' }).click();

  await expect(app.getByRole('tab', { name: 'Dictionary' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(app.getByTestId('dict-engine')).toHaveValue('-a-general-en');
  // The job was transcribed without a profile: the word waits, named, under the way on.
  const waiting = app.getByTestId('teach-no-profile');
  await expect(waiting).toContainText('“Kikitori” waits for one');
  expect(await seriousViolations(app, '.dict-view')).toEqual([]);
  await eachLanguageAndTheme(app, async (lang, theme) => {
    await expect(waiting).toBeVisible();
    await screenshotNarrowAndWide(app, `dictionary-teach-no-profile-${lang}-${theme}`);
  });
  await app.getByTestId('language').selectOption('en');
  await app.getByTestId('theme').selectOption('light');
  await waiting.getByRole('button', { name: 'Create a profile…' }).click();
  const created = app.getByRole('dialog', { name: 'New profile' });
  await expect(created).toContainText('new files on this connection use it');
  await created.getByLabel('Profile ID').fill('ui-taught');
  await created.getByRole('button', { name: 'Create' }).click();
  await expect(app.getByTestId('dict-profile')).toHaveValue('ui-taught');
  await expect(app.getByTestId('add-written')).toHaveValue('Kikitori');
  await expect(app.getByTestId('add-spoken')).toHaveValue('might even');
  await expect(app.getByTestId('reading-from')).toContainText(
    'From your correction of “might even” to “Kikitori”',
  );
  await app.getByTestId('add-spoken').press('Enter');
  await app.getByTestId('save-words').click();
  await app.getByTestId('save-dialog').getByRole('button', { name: 'Replace profile' }).click();
  await expect(app.getByTestId('unsaved')).toBeHidden();

  // The connection took the new profile for the next files: nothing to choose.
  await app.getByRole('tab', { name: 'Transcribe' }).click();
  await expect(profile).toHaveValue('ui-taught');
  await dropFiles(app, [{ path: CLIP, name: 'taught-again.wav' }]);
  const again = app.getByTestId('file-row').filter({ hasText: 'taught-again.wav' });
  await expect(again).toHaveAttribute('data-state', 'completed', { timeout: 120_000 });
  await again.getByRole('button', { name: 'Open transcript of taught-again.wav' }).click();
  await expect(utterances).toContainText('He Kikitori have been made');
  await expect(utterances).not.toContainText('might even');

  // The host serves every spec file of this worker: the connection goes back to no profile.
  await app.getByRole('button', { name: /Back/ }).click();
  await profile.selectOption('');
  await expect(profile).toHaveValue('');
});
