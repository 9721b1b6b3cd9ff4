/**
 * Usage and cost in the window, against the real core and the real local service: a plan set in
 * Settings → Usage (rates and a budget, asked about), a file that takes the month past 80 % warns
 * in the status bar, the next one is asked about before it goes (cancel, then send anyway), Jobs
 * shows what each job was billed for, and Settings shows the month with its estimated cost; axe
 * and the screenshots in both languages and themes.
 */
import { join } from 'node:path';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import { dropFiles } from './drop';
import { expect, testOnItsOwnHost as test } from './fixtures';
import { eachLanguageAndTheme, SCREENSHOTS, seriousViolations } from './look';

/** 4.0 s of espeak: with a budget of 4.5 s, the first is 89 % of it and the second goes past. */
const CLIP = join(DEFAULT_FIXTURES_DIR, 'espeak/sentence-1.wav');
const BUDGET_HOURS = '0.00125';

test('a plan, the 80 % warning, the question before going past the budget, and the month’s cost', async ({
  app,
}) => {
  await app.getByTestId('language').selectOption('en');
  await expect(app.getByTestId('service-status')).toContainText('Running');
  await app.getByRole('tab', { name: 'Settings' }).click();
  const usage = app.getByRole('region', { name: 'Usage and cost' });
  const local = usage.getByRole('region', { name: 'Local (offline)' });
  await expect(local.getByRole('table')).toContainText('(this month)');

  await local.getByRole('button', { name: 'Rates and budget of Local (offline)' }).click();
  const dialog = app.getByRole('dialog', { name: 'Rates and budget: Local (offline)' });
  await dialog.getByLabel('Price per hour, not logged').fill('-3');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toContainText('numbers of zero or more');
  await dialog.getByLabel('Price per hour, not logged').fill('3600');
  await dialog.getByLabel('Monthly budget, in hours of audio').fill(BUDGET_HOURS);
  await dialog.getByRole('checkbox', { name: 'Ask before sending past the budget' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(local.getByTestId('usage-budget')).toContainText('0 % of a 0.00125 h budget');

  // The first file takes the month to 89 %: said once, in the status bar.
  await app.getByRole('tab', { name: 'Transcribe' }).click();
  await dropFiles(app, [{ path: CLIP, name: 'first.wav' }]);
  await expect(app.getByTestId('usage-warning')).toContainText(
    'Local (offline) has used 89 % of its monthly budget',
    { timeout: 120_000 },
  );
  const rows = app.getByTestId('file-row');
  await expect(rows.filter({ hasText: 'first.wav' })).toHaveAttribute('data-state', 'completed', {
    timeout: 120_000,
  });

  // The second would go past it: asked first. Cancel leaves it unsent.
  await dropFiles(app, [{ path: CLIP, name: 'second.wav' }]);
  const question = app.getByRole('alertdialog', { name: 'Past this month’s budget' });
  await expect(question).toContainText(
    'second.wav: Local (offline) has sent 0:00:04 of its monthly budget of 0:00:05, and these files would add 0:00:04, past the budget you set.',
  );
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(rows.filter({ hasText: 'second.wav' })).toHaveAttribute('data-state', 'cancelled');

  await dropFiles(app, [{ path: CLIP, name: 'third.wav' }]);
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Send anyway' }).click();
  await expect(rows.filter({ hasText: 'third.wav' })).toHaveAttribute('data-state', 'completed', {
    timeout: 120_000,
  });
  await app.getByTestId('usage-warning').getByRole('button', { name: 'Dismiss' }).click();
  await expect(app.getByTestId('usage-warning')).toHaveCount(0);

  // Jobs: what each was billed for.
  await app.getByRole('tab', { name: 'Jobs' }).click();
  const jobs = app.getByTestId('job-row');
  await expect(jobs).toHaveCount(2);
  for (const name of ['first.wav', 'third.wav'])
    await expect(jobs.filter({ hasText: name }).getByTestId('billed')).toHaveText('Billed 0:04');

  // Settings: 8 s not logged this month, a yen a second.
  await app.getByRole('tab', { name: 'Settings' }).click();
  const month = local.getByRole('table').getByRole('row').nth(1);
  await expect(month).toContainText('0:08');
  await expect(month).toContainText('¥8');
  await expect(local.getByTestId('usage-budget')).toContainText('178 % of a 0.00125 h budget');
  // The cloud connection has no rates: no cost.
  const cloud = usage.getByRole('region', { name: 'AmiVoice Cloud' });
  await expect(cloud.getByRole('table').getByRole('row').nth(1)).toContainText('—');

  await usage.scrollIntoViewIfNeeded();
  await eachLanguageAndTheme(app, async (lang, theme) => {
    const heading = lang === 'ja' ? '利用状況と料金' : 'Usage and cost';
    const card = app.getByRole('region', { name: heading });
    await expect(card.getByRole('table').first()).toContainText(
      lang === 'ja' ? '今月' : 'this month',
    );
    expect(await seriousViolations(app, 'section[aria-labelledby="usage-heading"]')).toEqual([]);
    await card.screenshot({ path: `${SCREENSHOTS}/settings-usage-${lang}-${theme}.png` });
  });
  // The plan's dialog, in both languages.
  for (const lang of ['en', 'ja'] as const) {
    await app.getByTestId('language').selectOption(lang);
    await app
      .getByRole('button', {
        name:
          lang === 'ja'
            ? 'ローカル（オフライン） の単価と予算'
            : 'Rates and budget of Local (offline)',
      })
      .click();
    const plan = app.getByTestId('usage-plan');
    await expect(plan).toBeVisible();
    expect(await seriousViolations(app, '[data-testid="usage-plan"]')).toEqual([]);
    await plan.screenshot({ path: `${SCREENSHOTS}/settings-usage-plan-${lang}.png` });
    await app.keyboard.press('Escape');
    await expect(plan).toBeHidden();
  }
});
