import { join } from 'node:path';
import type { FileChooser, Locator, Page } from '@playwright/test';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import { expect, test } from './fixtures';

const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');

/** Presses Tab until `target` has focus (the mouse is never used), failing after `max` presses. */
async function tabTo(app: Page, target: Locator, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (
      await target.evaluate(
        (el) => el === (el.ownerDocument as { activeElement: unknown }).activeElement,
      )
    )
      return;
    await app.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** The focused element shows it: it matches :focus-visible and draws an outline or a ring. */
async function expectVisibleFocus(target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  const look = await target.evaluate((el) => {
    const style = (
      globalThis as unknown as {
        getComputedStyle(e: unknown): {
          outlineStyle: string;
          outlineWidth: string;
          boxShadow: string;
        };
      }
    ).getComputedStyle(el);
    return {
      visible: (el as unknown as { matches(s: string): boolean }).matches(':focus-visible'),
      outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0,
      ring: style.boxShadow !== 'none',
    };
  });
  expect(look.visible).toBe(true);
  expect(look.outline || look.ring).toBe(true);
}

test('keyboard only: the picker, the tabs, a job row’s actions and the viewer’s words, each with visible focus', async ({
  app,
}) => {
  // Playwright turns file chooser interception on when the first listener is added, without
  // waiting for it: a key press sent right after can reach the page first, and the chooser it
  // opens is then never reported. Listening from the start has it on long before Enter.
  const choosers: FileChooser[] = [];
  app.on('filechooser', (chooser) => choosers.push(chooser));
  await app.getByTestId('language').selectOption('en');
  await expect(app.getByTestId('service-status')).toContainText('Running');

  const picker = app.getByRole('button', { name: 'Choose files…' });
  await tabTo(app, picker);
  await expectVisibleFocus(picker);
  await app.keyboard.press('Enter');
  await expect.poll(() => choosers.length, { message: 'Enter opens the file chooser' }).toBe(1);
  await choosers[0]!.setFiles(CLIP);
  const fileRow = app.getByTestId('file-row');
  await expect(fileRow).toHaveAttribute('data-state', 'completed', { timeout: 120_000 });

  const transcribeTab = app.getByRole('tab', { name: 'Transcribe' });
  await app.keyboard.press('Shift+Tab');
  for (
    let i = 0;
    i < 40 &&
    !(await transcribeTab.evaluate(
      (el) => el === (el.ownerDocument as { activeElement: unknown }).activeElement,
    ));
    i++
  )
    await app.keyboard.press('Shift+Tab');
  await expectVisibleFocus(transcribeTab);
  await app.keyboard.press('ArrowRight');
  await expectVisibleFocus(app.getByRole('tab', { name: 'Live' }));
  await app.keyboard.press('ArrowRight');
  const jobsTab = app.getByRole('tab', { name: 'Jobs' });
  await expectVisibleFocus(jobsTab);
  await app.keyboard.press('Enter');
  await expect(jobsTab).toHaveAttribute('aria-selected', 'true');

  const row = app.getByTestId('job-row').first();
  await expect(row).toHaveAttribute('data-status', 'completed');
  const open = row.getByRole('button', { name: /^Open: / });
  await tabTo(app, open);
  await expectVisibleFocus(open);
  await app.keyboard.press('Tab');
  await expectVisibleFocus(row.getByRole('button', { name: /^Rename / }));
  await app.keyboard.press('Tab');
  await expectVisibleFocus(row.getByRole('button', { name: /^Copy ID: / }));
  await app.keyboard.press('Tab');
  await expectVisibleFocus(row.getByRole('button', { name: /^Remove: / }));
  await app.keyboard.press('Shift+Tab');
  await app.keyboard.press('Shift+Tab');
  await app.keyboard.press('Shift+Tab');
  await expect(open).toBeFocused();
  await app.keyboard.press('Enter');

  const viewer = app.getByTestId('viewer');
  await expect(app.getByTestId('utterances')).toContainText('He might even have been made');
  const wordsTab = viewer.getByRole('tab', { name: 'Words' });
  await tabTo(app, viewer.getByRole('tab', { selected: true }));
  await app.keyboard.press('ArrowRight');
  await expectVisibleFocus(wordsTab);
  await app.keyboard.press('Space');
  await expect(wordsTab).toHaveAttribute('aria-selected', 'true');
  const words = app.getByTestId('word-list').getByRole('button');
  await tabTo(app, words.first());
  await expectVisibleFocus(words.first());
  await app.keyboard.press('ArrowRight');
  await expectVisibleFocus(words.nth(1));
});

test('the tab bar is one tab stop: from the brand, one Tab reaches the open tab, one more leaves the bar', async ({
  app,
}) => {
  await app.getByTestId('language').selectOption('en');
  const focused = () =>
    app.evaluate(() => {
      const el = (
        globalThis as unknown as {
          document: { activeElement: { getAttribute(n: string): string | null } | null };
        }
      ).document.activeElement;
      return el ? `${el.getAttribute('role')}:${el.getAttribute('aria-selected')}` : 'none';
    });
  // As a person does: a click on the page, then the keyboard from the top.
  await app.getByRole('tab', { name: 'Jobs' }).click();
  await app.getByRole('tab', { name: 'Transcribe' }).click();
  await app.locator('body').click({ position: { x: 2, y: 2 } });
  expect(await focused()).not.toMatch(/^tab/);
  await app.keyboard.press('Tab');
  await expect(app.getByRole('tab', { name: 'Transcribe' })).toBeFocused();
  await app.keyboard.press('Tab');
  expect(await focused()).not.toMatch(/^tab/);
});
