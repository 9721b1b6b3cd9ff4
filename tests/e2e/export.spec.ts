/**
 * The export dialog: several formats at once, rendered by the core and
 * downloaded by the browser; what they hold (fillers left out, speakers, readings) and the
 * subtitle rules of the transcript's script, remembered; in both languages, with axe and
 * screenshots. The local service speaks English only, so a real job's result is replaced by a
 * Japanese meeting as the cloud answers one (tests/support/ja-meeting.ts).
 */
import mammoth from 'mammoth';
import { join } from 'node:path';
import { JobJournal } from '../../core/jobs/job-journal';
import type { Job } from '../../shared/domain/job';
import { textWidth } from '../../shared/format/subtitles';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import { JA_MEETING } from '../support/ja-meeting';
import { dropFiles } from './drop';
import { chooseFormats, exportAs, submitExport } from './export';
import { expect, test } from './fixtures';
import { eachLanguageAndTheme, screenshotAtSizes, seriousViolations } from './look';

const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');

test('Export…: several formats at once, fillers left out, Japanese subtitle rules, remembered, in both languages', async ({
  app,
  host,
}) => {
  await app.getByTestId('language').selectOption('en');
  await expect(app.getByTestId('service-status')).toContainText('Running');
  await dropFiles(app, [{ path: CLIP, name: 'teirei.wav' }]);
  const row = app.getByTestId('file-row').filter({ hasText: 'teirei.wav' });
  await expect(row).toHaveAttribute('data-state', 'completed', { timeout: 120_000 });
  const { jobs } = await host.web.call<{ jobs: Job[] }>('jobs:list', {});
  const id = jobs.find((j) => j.file.name === 'teirei.wav')!.id;
  await (await JobJournal.open(host.dataDir)).saveResult(id, JA_MEETING);
  await row.getByRole('button', { name: 'Open transcript of teirei.wav' }).click();
  await expect(app.getByTestId('utterances')).toContainText('本日');

  await app.getByTestId('export').click();
  const dialog = app.getByTestId('export-dialog');
  await expect(dialog.getByRole('heading', { name: 'Export the transcript' })).toBeVisible();
  await chooseFormats(app, ['txt', 'srt', 'docx', 'html', 'csv']);
  // SRT is ticked: the rules of Japanese text, 13 full-width characters a line, 2 lines.
  const rules = dialog.getByTestId('export-rules');
  await expect(rules).toHaveAccessibleName('Subtitles (Japanese or Chinese text)');
  await expect(dialog.getByLabel('Characters a line')).toHaveValue('13');
  await expect(dialog.getByLabel('Lines a subtitle')).toHaveValue('2');
  await expect(dialog.getByLabel('Longest subtitle (seconds)')).toHaveValue('7');
  await dialog.getByLabel('Characters a line').fill('12');
  await dialog.getByLabel('Leave out fillers (“um”, “えー”)').check();
  await dialog.getByLabel('Readings over the words on the web page').check();
  expect(await seriousViolations(app, '[data-testid="export-dialog"]')).toEqual([]);
  await expect(dialog.getByTestId('export-submit')).toHaveText('Export 5 files');

  const files = await submitExport(app, 5);
  const byName = Object.fromEntries(files.map((f) => [f.name, f]));
  expect(Object.keys(byName).sort()).toEqual([
    'teirei.csv',
    'teirei.docx',
    'teirei.html',
    'teirei.srt',
    'teirei.txt',
  ]);
  expect(byName['teirei.txt']!.text).not.toMatch(/えー|あの/);
  expect(byName['teirei.txt']!.text).toContain('売上は12%増えました。');
  for (const block of byName['teirei.srt']!.text.trim().split('\n\n')) {
    const lines = block.split('\n').slice(2);
    expect(lines.length).toBeLessThanOrEqual(2);
    for (const line of lines)
      if (!line.includes(': ')) expect(textWidth(line, 'cjk'), line).toBeLessThanOrEqual(12);
  }
  expect(byName['teirei.html']!.text).toContain('<ruby>本日<rp>(</rp><rt>ほんじつ</rt>');
  expect(byName['teirei.csv']!.text.split('\r\n')[0]).toBe(
    '\ufeffword,start,end,confidence,reading,speaker',
  );
  const { value: docx } = await mammoth.extractRawText({ path: byName['teirei.docx']!.path });
  expect(docx).toContain('Participants: Speaker 1, Speaker 2');
  expect(docx).toContain('本日はお忙しいところお集まりいただき、ありがとうございます。');
  expect(docx).not.toContain('えー');

  // Remembered, and in Japanese: the same choices, the window's language in the minutes.
  await app.getByTestId('language').selectOption('ja');
  await app.getByTestId('export').click();
  await expect(dialog.getByRole('heading', { name: '文字起こしの書き出し' })).toBeVisible();
  await expect(dialog.getByLabel('1 行の文字数')).toHaveValue('12');
  await expect(dialog.getByTestId('export-format-docx')).toBeChecked();
  await expect(dialog.getByTestId('export-drop-fillers')).toBeChecked();
  expect(await seriousViolations(app, '[data-testid="export-dialog"]')).toEqual([]);
  await eachLanguageAndTheme(app, async (lang, theme) => {
    await screenshotAtSizes(app, `export-dialog-${lang}-${theme}`);
  });
  await app.getByTestId('language').selectOption('ja');
  await dialog.getByRole('button', { name: '既定値に戻す' }).click();
  await expect(dialog.getByLabel('1 行の文字数')).toHaveValue('13');
  await chooseFormats(app, ['md']);
  await expect(dialog.getByTestId('export-submit')).toHaveText('1 件のファイルを書き出す');
  const [md] = await submitExport(app, 1);
  expect(md!.name).toBe('teirei.md');
  expect(md!.text).toContain('- **参加者**: 話者 1、話者 2');
  expect(md!.text).toContain('## 記録');

  // One format from the menu of old: one file, as before.
  const [json] = await exportAs(app, ['json']);
  expect(JSON.parse(json!.text)).toMatchObject({ text: JA_MEETING.text });
});
