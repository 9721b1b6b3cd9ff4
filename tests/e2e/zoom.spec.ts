import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import { dropFiles } from './drop';
import { expect, test } from './fixtures';
import {
  expectNoSidewaysScroll,
  expectRowsHoldContent,
  expectStackedRows,
  expectTabsOnOneLine,
  expectUsable,
} from './fit';

const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');

// A 1024×700 window at 200% zoom: 512×350 CSS pixels, two device pixels each.
test.use({ viewport: { width: 512, height: 350 }, deviceScaleFactor: 2 });

async function check(app: Page, name: string, primary: Locator[]): Promise<void> {
  await app.screenshot({ path: `.test-results/screenshots/zoom200-${name}.png` });
  await expectNoSidewaysScroll(app, name);
  await expectTabsOnOneLine(app, name);
  for (const tab of await app.getByRole('tablist').first().getByRole('tab').all())
    await expectUsable(app, tab);
  for (const control of primary) await expectUsable(app, control);
}

test('at 200% zoom of a 1024×700 window every screen fits its width and keeps its controls usable', async ({
  app,
}) => {
  await mkdir('.test-results/screenshots', { recursive: true });
  await app.getByTestId('language').selectOption('en');
  await expect(app.getByTestId('service-status')).toContainText('Running');
  await check(app, 'transcribe-empty', [app.getByRole('button', { name: 'Choose files…' })]);

  await dropFiles(app, [{ path: CLIP, name: 'a-rather-long-recording-name-from-the-archive.wav' }]);
  const fileRow = app.getByTestId('file-row');
  await expect(fileRow).toHaveAttribute('data-state', 'completed', { timeout: 120_000 });
  await check(app, 'transcribe', [
    app.getByRole('button', { name: 'Choose files…' }),
    fileRow.getByRole('button', { name: /^Open transcript of / }),
  ]);

  // A failed job too: its status cell holds an error note under the chip.
  await dropFiles(app, [
    { path: join(DEFAULT_FIXTURES_DIR, 'garbage/broken.m4a'), name: 'zoom-not-audio.wav' },
  ]);
  await app.getByRole('tab', { name: 'Jobs' }).click();
  const row = app.getByTestId('job-row').filter({ hasText: 'a-rather-long-recording-name' });
  await expect(
    app.getByTestId('job-row').filter({ hasText: 'zoom-not-audio.wav' }),
  ).toHaveAttribute('data-status', 'failed', { timeout: 120_000 });
  await expectRowsHoldContent(app);
  await expectStackedRows(app);
  await check(app, 'jobs', [
    app.getByTestId('job-search'),
    row.getByRole('button', { name: /^Open: / }),
    row.getByRole('button', { name: /^Remove: / }),
  ]);

  await row.getByRole('button', { name: /^Open: / }).click();
  const viewer = app.getByTestId('viewer');
  await expect(app.getByTestId('utterances')).toContainText('have been made');
  await check(app, 'viewer', [
    app.getByRole('button', { name: /Back/ }),
    app.getByTestId('export'),
    viewer.getByRole('tab', { name: 'Words' }),
  ]);
  await app.getByRole('button', { name: /Back/ }).click();

  await app.getByRole('tab', { name: 'Dictionary' }).click();
  await expect(app.getByTestId('dict-engine')).toHaveValue('-a-general-en');
  await check(app, 'dictionary', [
    app.getByTestId('dict-profile'),
    app.getByRole('button', { name: 'New profile…' }),
  ]);

  await app.getByRole('tab', { name: 'Settings' }).click();
  await expect(app.getByTestId('keys-table')).toContainText('Local service');
  await check(app, 'settings', [
    app.getByRole('button', { name: 'Issue a key…' }),
    app.getByRole('button', { name: 'Add key…' }),
    app.getByRole('row', { name: /Local service/ }).getByRole('button', { name: /^Delete key / }),
    app.getByRole('button', { name: 'Save', exact: true }),
  ]);
});
