/**
 * 10,000 jobs in the real journal, through the real web host: the Jobs view shows them all,
 * newest first, while only the rows in view exist in the page.
 */
import { expect, test } from '@playwright/test';
import { JobJournal } from '../../../core/jobs/job-journal';
import { appError } from '../../../shared/domain/errors';
import { startPrivateKeyring } from '../../support/keyring';
import { removeDir, tempDir } from '../../support/service-process';
import { startWebHostProcess } from '../../support/web-host-process';

const COUNT = 10_000;

test('the Jobs view holds 10,000 jobs and renders only what is in view', async ({ page }) => {
  test.setTimeout(300_000);
  const keyring = await startPrivateKeyring();
  const dataDir = await tempDir('kikitori-many-');
  try {
    const journal = await JobJournal.open(dataDir);
    const start = Date.UTC(2026, 0, 1);
    for (let i = 0; i < COUNT; i++) {
      const id = `seeded-${String(i).padStart(5, '0')}`;
      await journal.save({
        id,
        file: { path: `/nowhere/${id}.wav`, name: `${id}.wav`, size: 1000 + i },
        connection: 'local',
        params: { d: 'grammarFileNames=-a-general-en', logging: false },
        mode: i % 2 ? 'async' : 'sync',
        status: 'failed',
        createdAt: start + i * 60_000,
        updatedAt: start + i * 60_000,
        error: appError('interrupted', { name: `${id}.wav` }),
      });
    }
    const host = await startWebHostProcess(dataDir, { DBUS_SESSION_BUS_ADDRESS: keyring.address });
    try {
      await page.goto(`${host.url}/#token=${host.token}`);
      await page.getByRole('tab', { name: 'Jobs' }).click();
      await expect(page.getByTestId('job-count')).toHaveText('10000 jobs');
      const rows = page.getByTestId('job-row');
      await expect(rows.first()).toContainText('seeded-09999.wav');
      expect(await rows.count()).toBeLessThan(50);
      await expect(page.getByRole('table')).toHaveAttribute('aria-rowcount', String(COUNT + 1));

      await page.getByTestId('jobs-scroll').evaluate((el) => (el.scrollTop = el.scrollHeight));
      await expect(rows.filter({ hasText: 'seeded-00000.wav' })).toBeVisible();
      expect(await rows.count()).toBeLessThan(50);

      await page.getByTestId('job-search').fill('seeded-0420');
      await expect(page.getByTestId('job-count')).toHaveText('10 jobs');
      await expect(rows.first()).toContainText('seeded-04209.wav');
    } finally {
      await host.stop();
    }
  } finally {
    await keyring.stop();
    await removeDir(dataDir);
  }
});
