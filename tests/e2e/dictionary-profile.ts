/**
 * A profile made and saved on the Dictionary screen whose one word the LibriVox clip 0930 says
 * ("he might even have been made"): the engine's "might even" is written "Kikitori".
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export async function saveKikitoriProfile(app: Page, id: string): Promise<void> {
  await app.getByRole('tab', { name: 'Dictionary' }).click();
  await expect(app.getByTestId('dict-engine')).toHaveValue('-a-general-en');
  await app.getByRole('button', { name: 'New profile…' }).click();
  const created = app.getByRole('dialog', { name: 'New profile' });
  await created.getByLabel('Profile ID').fill(id);
  await created.getByRole('button', { name: 'Create' }).click();
  await expect(app.getByTestId('dict-profile')).toHaveValue(id);
  await app.getByTestId('add-written').fill('Kikitori');
  await app.getByTestId('add-spoken').fill('might even');
  await app.getByTestId('add-spoken').press('Enter');
  await app.getByTestId('save-words').click();
  await app.getByTestId('save-dialog').getByRole('button', { name: 'Replace profile' }).click();
  await expect(app.getByTestId('unsaved')).toBeHidden();
}
