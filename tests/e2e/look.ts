/** The accessibility-and-screenshots pass the screen specs make in each language and theme. */
import AxeBuilder from '@axe-core/playwright';
import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';

export const SCREENSHOTS = '.test-results/screenshots';

/**
 * Runs `visit` once per language and theme, each chosen with the header's pickers, after making
 * the screenshot folder.
 */
export async function eachLanguageAndTheme(
  page: Page,
  visit: (lang: 'en' | 'ja', theme: 'light' | 'dark') => Promise<void>,
): Promise<void> {
  await mkdir(SCREENSHOTS, { recursive: true });
  for (const lang of ['en', 'ja'] as const) {
    await page.getByTestId('language').selectOption(lang);
    for (const theme of ['light', 'dark'] as const) {
      await page.getByTestId('theme').selectOption(theme);
      await visit(lang, theme);
    }
  }
}

/** axe's serious and critical violations (in `include` only, if given), as "rule: targets". */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const axe = new AxeBuilder({ page });
  const results = await (include ? axe.include(include) : axe).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`);
}

/** A screenshot at a small laptop's and a full-HD window's size, named `<name>-<w>x<h>.png`. */
export async function screenshotAtSizes(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  for (const size of [
    { width: 1024, height: 700 },
    { width: 1920, height: 1080 },
  ]) {
    await page.setViewportSize(size);
    await page.screenshot({
      path: `${SCREENSHOTS}/${name}-${size.width}x${size.height}.png`,
      ...options,
    });
  }
}

/**
 * A screenshot at the window's narrowest (720 px) and at full HD, named `<name>-<w>x<h>.png`;
 * the window goes back to the specs' size after.
 */
export async function screenshotNarrowAndWide(page: Page, name: string): Promise<void> {
  for (const size of [
    { width: 720, height: 700 },
    { width: 1920, height: 1080 },
  ]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${size.width}x${size.height}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
