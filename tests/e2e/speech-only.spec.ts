/**
 * Sending only speech from the window, on the real core and local service: turned on in
 * Settings' connection editor, a dropped recording with long silences is sent with only its
 * speech, and the file's row and its job's row say how much was sent; both screens looked at in
 * each language and theme, with axe.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sentenceInRoom } from '../fixtures/quiet-room';
import { dropFiles } from './drop';
import { expect, testOnItsOwnHost as test } from './fixtures';
import { eachLanguageAndTheme, SCREENSHOTS, seriousViolations } from './look';

test('a recording sent with only its speech says how much was sent, in Transcribe and in Jobs', async ({
  app,
}) => {
  const work = await mkdtemp(join(tmpdir(), 'kikitori-e2e-speech-'));
  try {
    // 8 s of quiet room, a sentence, 20 s of quiet room.
    const recording = await sentenceInRoom(work, 'standup.wav');

    await app.getByTestId('language').selectOption('en');
    await expect(app.getByTestId('service-status')).toContainText('Running');
    await app.getByRole('tab', { name: 'Settings' }).click();
    await app
      .getByRole('list', { name: 'Connections', exact: true })
      .getByRole('button', { name: 'Local (offline)' })
      .click();
    const editor = app.getByRole('form', { name: 'Local (offline)' });
    const box = editor.getByRole('checkbox', { name: 'Send only where people speak (files)' });
    await expect(box).not.toBeChecked();
    await box.check();
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(editor.getByText('Saved.')).toBeVisible();

    await app.getByRole('tab', { name: 'Transcribe' }).click();
    await dropFiles(app, [{ path: recording }]);
    const row = app.getByTestId('file-row').filter({ hasText: 'standup.wav' });
    await expect(row).toHaveAttribute('data-state', 'completed', { timeout: 120_000 });
    await expect(row.getByTestId('sent-length')).toHaveText(/^Sent 0:0\d of 0:31$/);

    await app.getByRole('tab', { name: 'Jobs' }).click();
    const jobRow = app.getByTestId('job-row').filter({ hasText: 'standup.wav' });
    await expect(jobRow.getByTestId('sent-length')).toHaveText(/^Sent 0:0\d of 0:31$/);

    await eachLanguageAndTheme(app, async (lang, theme) => {
      await app.setViewportSize({ width: 1280, height: 800 });
      await app.getByRole('tab', { name: lang === 'en' ? 'Transcribe' : '文字起こし' }).click();
      await expect(row.getByTestId('sent-length')).toHaveText(
        lang === 'en' ? /^Sent 0:0\d of 0:31$/ : /^0:31 のうち 0:0\d を送信$/,
      );
      await row.scrollIntoViewIfNeeded();
      expect(await seriousViolations(app)).toEqual([]);
      await app.screenshot({ path: `${SCREENSHOTS}/speech-only-transcribe-${lang}-${theme}.png` });
      await app.getByRole('tab', { name: lang === 'en' ? 'Jobs' : 'ジョブ' }).click();
      await expect(jobRow.getByTestId('sent-length')).toHaveText(
        lang === 'en' ? /^Sent 0:0\d of 0:31$/ : /^0:31 のうち 0:0\d を送信$/,
      );
      expect(await seriousViolations(app)).toEqual([]);
      await app.screenshot({ path: `${SCREENSHOTS}/speech-only-jobs-${lang}-${theme}.png` });
      await app.getByRole('tab', { name: lang === 'en' ? 'Settings' : '設定' }).click();
      const local = lang === 'en' ? 'Local (offline)' : 'ローカル（オフライン）';
      await app
        .getByRole('list', { name: lang === 'en' ? 'Connections' : '接続', exact: true })
        .getByRole('button', { name: local })
        .click();
      const check = app.getByRole('checkbox', {
        name:
          lang === 'en' ? 'Send only where people speak (files)' : '発話部分だけを送る（ファイル）',
      });
      await expect(check).toBeChecked();
      await check.scrollIntoViewIfNeeded();
      expect(await seriousViolations(app)).toEqual([]);
      await app.screenshot({ path: `${SCREENSHOTS}/speech-only-settings-${lang}-${theme}.png` });
    });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
});
