/**
 * 10,000 jobs in the real journal, through the real web host: the Jobs view shows them all,
 * newest first, while only the rows in view exist in the page.
 */
import { expect, test } from '@playwright/test';
import { seedFailedJobs } from '../support/seed-jobs';
import { openWebHost } from '../support/web-host-session';

const COUNT = 10_000;

test('the Jobs view holds 10,000 jobs and renders only what is in view', async ({ page }) => {
  test.setTimeout(300_000);
  const { host, close } = await openWebHost('kikitori-many-', (dataDir) =>
    seedFailedJobs(dataDir, COUNT),
  );
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
    await close();
  }
});
