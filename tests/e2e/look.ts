/** The accessibility-and-screenshots pass the screen specs make in each language and theme. */
import axe from 'axe-core';
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

/**
 * axe-core run in the page itself (`axe.run`), its script put in once per page load. @axe-core/
 * playwright's `analyze()` put the 580 KB script in on every call and finished each run in a
 * second, blank page; on the Settings screen that cost 1.3-1.9 s and 1.4-1.9 s of Chromium's CPU
 * per pass, this 0.2-0.3 s and 0.3-0.5 s, with the same rules and the same violations. Only the
 * violations are wanted in detail (`resultTypes`: the other groups keep one node each).
 * The window has no frames; a page that grows one fails here rather than go half-checked.
 */
export async function axeResults(
  page: Page,
  options: { include?: string; rules?: readonly string[] } = {},
): Promise<axe.AxeResults> {
  if (page.frames().length > 1)
    throw new Error('axeResults checks the main frame only; this page has frames');
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(axe.source);
  const runOptions: axe.RunOptions = {
    resultTypes: ['violations'],
    ...(options.rules ? { runOnly: { type: 'rule', values: [...options.rules] } } : {}),
  };
  // (Page code: this file is type-checked without DOM types.)
  return page.evaluate(
    ({ include, runOptions }) => {
      const page = globalThis as unknown as {
        axe: { run(context: unknown, options: unknown): Promise<axe.AxeResults> };
        document: unknown;
      };
      return page.axe.run(include ? { include: [include] } : page.document, runOptions);
    },
    { include: options.include, runOptions },
  );
}

/** axe's serious and critical violations (in `include` only, if given), as "rule: targets". */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const results = await axeResults(page, include ? { include } : {});
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
