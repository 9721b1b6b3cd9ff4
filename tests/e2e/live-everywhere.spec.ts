/**
 * A live session seen from the rest of the window, in Debian's Chromium with its
 * fake microphone playing a LibriVox clip ("he might even have been made amiable himself"): the
 * dictionary profile chosen on the Live screen reaches the session (its word in the finals); the
 * Live tab and the window's title say it records, from every tab; Jobs stops it as the Live
 * screen's Stop does. Screenshots of Jobs and Live with the mark, in both languages and themes,
 * narrow and wide; axe on each.
 */
import { mkdir } from 'node:fs/promises';
import { FAKE_MICROPHONE_LAUNCH, writeMicrophoneFile } from '../support/live-microphone';
import { saveKikitoriProfile } from './dictionary-profile';
import { expect, testOnItsOwnHost as test } from './fixtures';
import {
  eachLanguageAndTheme,
  SCREENSHOTS,
  screenshotNarrowAndWide,
  seriousViolations,
} from './look';

test.use({ launchOptions: FAKE_MICROPHONE_LAUNCH });

test.beforeAll(async () => {
  await writeMicrophoneFile();
  await mkdir(SCREENSHOTS, { recursive: true });
});

test('Live: its dictionary profile reaches the session; the tab and the title say it records; Jobs stops it', async ({
  app,
}) => {
  await app.getByTestId('language').selectOption('en');
  await expect(app.getByTestId('service-status')).toContainText('Running');

  // A profile whose word the clip says: "might even" is written "Kikitori".
  await saveKikitoriProfile(app, 'live-names');

  // Chosen on the Live screen, as files have it.
  await app.getByRole('tab', { name: 'Live' }).click();
  const profile = app.getByTestId('live-profile');
  await expect(profile.locator('option', { hasText: 'live-names' })).toHaveCount(1);
  await profile.selectOption('live-names');
  await expect(profile).toHaveValue('live-names');
  expect(await app.title()).toBe('Kikitori');
  await app.getByTestId('live-start').click();
  await expect(app.getByTestId('live-state')).toHaveAttribute('data-phase', 'listening');
  await expect(profile).toBeDisabled();

  // From every tab: the Live tab's mark, with its name, and the window's title.
  const liveTab = app.getByRole('tab', { name: 'Live (recording)' });
  await expect(liveTab).toBeVisible();
  await expect(app.getByTestId('live-tab-mark')).toBeVisible();
  await expect.poll(() => app.title()).toBe('● Recording — Kikitori');

  // The profile's written form in the session's words: the `s` line carried it.
  await expect(app.getByTestId('live-final').first()).toContainText('Kikitori', {
    timeout: 90_000,
  });
  await expect(app.getByTestId('live-final').first()).not.toContainText('might even');

  await app.getByRole('tab', { name: 'Jobs' }).click();
  const row = app.getByTestId('job-row').filter({ hasText: 'Live' }).first();
  const stop = row.getByTestId('job-live-stop');
  await expect(stop).toBeVisible();
  expect(await seriousViolations(app)).toEqual([]);
  await eachLanguageAndTheme(app, async (lang, theme) => {
    await expect(app.getByTestId('live-tab-mark')).toBeVisible();
    await screenshotNarrowAndWide(app, `jobs-live-recording-${lang}-${theme}`);
    await app
      .getByRole('tab', { name: lang === 'en' ? 'Live (recording)' : 'ライブ （録音中）' })
      .click();
    await screenshotNarrowAndWide(app, `live-recording-profile-${lang}-${theme}`);
    expect(await seriousViolations(app)).toEqual([]);
    await app.getByRole('tab', { name: lang === 'en' ? 'Jobs' : 'ジョブ' }).click();
  });
  expect(await app.title()).toBe('● 録音中 — Kikitori');
  await app.getByTestId('language').selectOption('en');
  await app.getByTestId('theme').selectOption('light');
  await expect.poll(() => app.title()).toBe('● Recording — Kikitori');

  // Stop in Jobs ends the session as Live's Stop does: the last words kept, the job completed.
  await row.getByRole('button', { name: /^Stop: / }).click();
  await expect(row).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
  await expect(app.getByTestId('live-tab-mark')).toBeHidden();
  await expect(app.getByRole('tab', { name: 'Live', exact: true })).toBeVisible();
  await expect.poll(() => app.title()).toBe('Kikitori');
  await app.getByRole('tab', { name: 'Live' }).click();
  await expect(app.getByTestId('live-state')).toHaveAttribute('data-phase', 'stopped');
  await app.getByTestId('live-open-job').click();
  await expect(app.getByTestId('utterances')).toContainText('Kikitori');

  // The host serves every spec file of this worker: the connection goes back to no profile.
  await app.getByRole('button', { name: /Back/ }).click();
  await profile.selectOption('');
  await expect(profile).toHaveValue('');
});
