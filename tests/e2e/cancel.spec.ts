/**
 * A job stopped in the window says it was cancelled, in Transcribe and in Jobs, with why nothing
 * of it is left running on the local service (it was "Failed" with no reason while the service
 * went on decoding it), can be retried, and passes axe in both languages and themes.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_FIXTURES_DIR, loadFixtures } from '../fixtures/build';
import { removeDir, tempDir } from '../support/service-process';
import { dropFiles } from './drop';
import { expect, testOnItsOwnHost as test } from './fixtures';
import { eachLanguageAndTheme, screenshotAtSizes, seriousViolations } from './look';

const run = promisify(execFile);

let work: string;
let long: string;

test.beforeAll(async () => {
  work = await tempDir('kikitori-ui-cancel-');
  const { fixtures } = await loadFixtures();
  const clips = fixtures
    .filter((f) => f.kind === 'librivox')
    .map((f) => join(DEFAULT_FIXTURES_DIR, f.path));
  // Three minutes of speech at 48 kHz stereo: over the sync limit (a job), and long to decode.
  long = join(work, 'stop-me.wav');
  await run('sox', [
    '-R',
    ...clips,
    ...clips,
    ...clips,
    ...clips,
    ...clips,
    '-r',
    '48000',
    '-c',
    '2',
    long,
  ]);
});

test.afterAll(async () => {
  await removeDir(work);
});

test('a job stopped while it is recognised says Cancelled in Transcribe and Jobs, and why', async ({
  app,
}) => {
  test.setTimeout(300_000);
  await expect(app.getByTestId('service-status')).toContainText('Running');
  await dropFiles(app, [{ path: long, name: 'stop-me.wav' }]);
  const fileRow = app.getByTestId('file-row').filter({ hasText: 'stop-me.wav' });
  await expect(fileRow).toHaveAttribute('data-state', 'recognizing', { timeout: 120_000 });
  await fileRow.getByRole('button', { name: 'Cancel stop-me.wav' }).click();

  await expect(fileRow).toHaveAttribute('data-state', 'cancelled');
  await expect(fileRow.locator('.chip')).toHaveText('Cancelled');
  await expect(fileRow.getByTestId('cancelled-note')).toHaveText(
    'You cancelled this transcription. Nothing of it is left running on the service. Retry starts it again.',
  );
  await expect(fileRow.getByRole('button', { name: 'Retry' })).toBeVisible();

  await app.getByRole('tab', { name: 'Jobs' }).click();
  const row = app.getByTestId('job-row').filter({ hasText: 'stop-me.wav' });
  await expect(row).toHaveAttribute('data-status', 'cancelled');
  await expect(row.locator('.chip').first()).toHaveText('Cancelled');
  await expect(row).toContainText('Nothing of it is left running on the service');

  const problems: string[] = [];
  await eachLanguageAndTheme(app, async (lang, theme) => {
    for (const [tab, name] of [
      [/^(Jobs|ジョブ)$/, 'jobs'],
      [/^(Transcribe|文字起こし)$/, 'transcribe'],
    ] as const) {
      await app.getByRole('tablist').first().getByRole('tab', { name: tab }).click();
      await expect(app.getByRole('tabpanel').getByRole('heading', { level: 1 })).toBeVisible();
      for (const v of await seriousViolations(app)) problems.push(`${name} ${lang} ${theme}: ${v}`);
      await screenshotAtSizes(app, `cancelled-${name}-${lang}-${theme}`, { fullPage: true });
    }
  });
  expect(problems).toEqual([]);
});
