/**
 * Readings and fillers in the viewer, and Jobs exporting a selection, in both
 * languages with axe and screenshots: readings over kanji on request, fillers hidden after the
 * fact (the export dialog's choice, the same one), then two finished jobs chosen by keyboard in
 * Jobs, the count announced, and one zip downloaded with every job in each format, named after
 * its job. The local service speaks English only, so the jobs' results are replaced by a
 * Japanese meeting as the cloud answers one (tests/support/ja-meeting.ts).
 */
import { unzipSync } from 'fflate';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Download, Page } from '@playwright/test';
import { JobJournal } from '../../core/jobs/job-journal';
import type { Job } from '../../shared/domain/job';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import { DIARIZED } from '../support/diarized';
import { JA_MEETING } from '../support/ja-meeting';
import { dropFiles } from './drop';
import { chooseFormats } from './export';
import { expect, testOnItsOwnHost as test } from './fixtures';
import { eachLanguageAndTheme, screenshotNarrowAndWide, seriousViolations } from './look';

const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');

/** Presses the dialog's Export and answers the one zip downloaded: its files by name. */
async function exportZip(app: Page): Promise<{ name: string; files: Record<string, string> }> {
  const download = app.waitForEvent('download');
  await app.getByTestId('export-submit').click();
  const zip: Download = await download;
  await expect(app.getByTestId('export-dialog')).toBeHidden();
  const entries = unzipSync(await readFile(await zip.path()));
  const files = Object.fromEntries(
    Object.entries(entries).map(([name, bytes]) => [name, new TextDecoder().decode(bytes)]),
  );
  return { name: zip.suggestedFilename(), files };
}

test('Readings and fillers in the viewer, and Jobs exporting a selection as one zip, in both languages', async ({
  app,
  host,
}) => {
  await app.getByTestId('language').selectOption('en');
  await expect(app.getByTestId('service-status')).toContainText('Running');
  await dropFiles(app, [
    { path: CLIP, name: 'yomi-teirei.wav' },
    { path: CLIP, name: 'yomi-standup.wav' },
  ]);
  for (const name of ['yomi-teirei.wav', 'yomi-standup.wav'])
    await expect(app.getByTestId('file-row').filter({ hasText: name })).toHaveAttribute(
      'data-state',
      'completed',
      { timeout: 120_000 },
    );
  const { jobs } = await host.web.call<{ jobs: Job[] }>('jobs:list', {});
  const idOf = (name: string) => jobs.find((j) => j.file.name === name)!.id;
  const journal = await JobJournal.open(host.dataDir);
  await journal.saveResult(idOf('yomi-teirei.wav'), JA_MEETING);
  await journal.saveResult(idOf('yomi-standup.wav'), DIARIZED);

  // The viewer: readings on request, over kanji only, in the text and the words.
  await app
    .getByTestId('file-row')
    .filter({ hasText: 'yomi-teirei.wav' })
    .getByRole('button', { name: 'Open transcript of yomi-teirei.wav' })
    .click();
  const text = app.getByTestId('utterances');
  await expect(text).toContainText('本日');
  const readings = app.getByRole('button', { name: 'Readings' });
  await expect(readings).toHaveAttribute('aria-pressed', 'false');
  await expect(text.locator('rt')).toHaveCount(0);
  await readings.press('Enter');
  await expect(readings).toHaveAttribute('aria-pressed', 'true');
  await expect(text.locator('ruby').first().locator('rt')).toHaveText('ほんじつ');
  await expect(text.locator('rt')).toHaveCount(9);
  // Fillers shown without their marks, then hidden; 12% stays.
  await expect(text.locator('.utterance-text').first()).toHaveText(/^えー本日/);
  const fillers = app.getByRole('button', { name: 'Fillers' });
  await fillers.click();
  await expect(fillers).toHaveAttribute('aria-pressed', 'false');
  await expect(text.locator('.utterance-text').first()).toHaveText(/^本日/);
  await expect(text).not.toContainText('あの');
  await expect(text).toContainText('12%');
  // The export dialog's choice is the same one.
  await app.getByTestId('export').click();
  await expect(app.getByTestId('export-drop-fillers')).toBeChecked();
  await app.getByRole('button', { name: 'Cancel' }).click();
  expect(await seriousViolations(app, '[data-testid="viewer"]')).toEqual([]);
  await eachLanguageAndTheme(app, async (lang, theme) => {
    await expect(app.getByTestId('show-readings')).toHaveAttribute('aria-pressed', 'true');
    expect(await seriousViolations(app, '[data-testid="viewer"]')).toEqual([]);
    await screenshotNarrowAndWide(app, `viewer-readings-${lang}-${theme}`);
  });
  await app.getByTestId('language').selectOption('ja');
  await app.getByRole('tab', { name: '単語' }).click();
  await expect(app.getByRole('button', { name: /^本日、/ }).locator('rt')).toHaveText('ほんじつ');
  await expect(app.getByTestId('word-list')).not.toContainText('えー');
  await app.getByRole('button', { name: 'フィラー' }).click();
  await expect(app.getByTestId('word-list').locator('button.word').first()).toHaveText('えー');
  await app.getByRole('button', { name: 'フィラー' }).click();

  // Jobs: the two finished jobs chosen by keyboard, the count announced.
  await app.getByTestId('language').selectOption('en');
  await app.getByRole('tab', { name: 'Jobs' }).click();
  const count = app.getByTestId('selected-count');
  await expect(count).toHaveAttribute('role', 'status');
  await app.getByRole('checkbox', { name: 'Select yomi-teirei.wav' }).focus();
  await app.keyboard.press('Space');
  await expect(count).toHaveText('1 job selected');
  await app.getByRole('checkbox', { name: 'Select yomi-standup.wav' }).press('Space');
  await expect(count).toHaveText('2 jobs selected');
  expect(await seriousViolations(app)).toEqual([]);
  await eachLanguageAndTheme(app, async (lang, theme) => {
    expect(await seriousViolations(app)).toEqual([]);
    await screenshotNarrowAndWide(app, `jobs-selection-${lang}-${theme}`);
  });

  await app.getByTestId('language').selectOption('en');
  await app.getByRole('button', { name: 'Export 2 jobs…' }).click();
  const dialog = app.getByTestId('export-dialog');
  await expect(dialog.getByRole('heading', { name: 'Export 2 transcripts' })).toBeVisible();
  await chooseFormats(app, ['txt', 'srt']);
  expect(await seriousViolations(app, '[data-testid="export-dialog"]')).toEqual([]);
  const en = await exportZip(app);
  expect(en.name).toBe('Kikitori 2 transcripts.zip');
  expect(Object.keys(en.files).sort()).toEqual([
    'yomi-standup.srt',
    'yomi-standup.txt',
    'yomi-teirei.srt',
    'yomi-teirei.txt',
  ]);
  expect(en.files['yomi-teirei.txt']).toContain('売上は12%増えました。');
  expect(en.files['yomi-teirei.txt']).not.toMatch(/えー|あの/);
  expect(en.files['yomi-standup.txt']).toContain('Speaker 1: Good morning.');

  // In Japanese: the same, named and announced in Japanese.
  await app.getByTestId('language').selectOption('ja');
  await expect(count).toHaveText('2 件のジョブを選択中');
  await app.getByRole('button', { name: '2 件のジョブを書き出す…' }).click();
  await expect(dialog.getByRole('heading', { name: '2 件の文字起こしの書き出し' })).toBeVisible();
  await chooseFormats(app, ['md']);
  expect(await seriousViolations(app, '[data-testid="export-dialog"]')).toEqual([]);
  const ja = await exportZip(app);
  expect(ja.name).toBe('Kikitori 文字起こし 2 件.zip');
  expect(Object.keys(ja.files).sort()).toEqual(['yomi-standup.md', 'yomi-teirei.md']);
  expect(ja.files['yomi-teirei.md']).toContain('- **参加者**: 話者 1、話者 2');
  await app.getByRole('button', { name: '選択を解除' }).click();
  await expect(count).toHaveText('');
});
