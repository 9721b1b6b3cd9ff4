import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import { removeDir, tempDir } from '../support/service-process';
import { dropFiles } from './drop';
import { expect, test } from './fixtures';

const run = promisify(execFile);
const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');
/** The synchronous limit of the API: a file of more bytes than this goes to the async API. */
const SYNC_LIMIT_BYTES = 16_777_215;

let work: string;
let large: string;

test.beforeAll(async () => {
  work = await tempDir('kikitori-ui-async-');
  large = join(work, 'long.wav');
  // One clip and silence at 48 kHz stereo: just over the limit, with little speech to decode.
  await run('sox', ['-R', CLIP, '-r', '48000', '-c', '2', large, 'pad', '0', '85']);
  expect((await stat(large)).size).toBeGreaterThan(SYNC_LIMIT_BYTES);
});

test.afterAll(async () => {
  await removeDir(work);
});

test('a file over the sync limit becomes an async job with its session ID, completes, and opens with words', async ({
  app,
}) => {
  await expect(app.getByTestId('service-status')).toContainText('Running');
  await dropFiles(app, [{ path: large, name: 'long.wav' }]);
  const fileRow = app.getByTestId('file-row').filter({ hasText: 'long.wav' });
  await expect(fileRow).toBeVisible();
  await expect(fileRow).toContainText('Job (over 16 MB, survives restarts)');

  await app.getByRole('tab', { name: 'Jobs' }).click();
  const row = app.getByTestId('job-row').filter({ hasText: 'long.wav' });
  await expect(row.locator('code.session')).toHaveText(/\S{4,}/, { timeout: 120_000 });
  const sessionId = (await row.locator('code.session').textContent())!;
  await expect(row.getByRole('button', { name: `Copy session ID ${sessionId}` })).toBeVisible();
  await expect(row).toHaveAttribute('data-status', 'completed', { timeout: 170_000 });
  await expect(row.locator('code.session')).toHaveText(sessionId);

  await row.getByRole('button', { name: 'Open: long.wav' }).click();
  await expect(app.getByTestId('utterances')).toContainText('He might even have been made');
});
