import { expect, test } from './fixtures';

test('the launch token leaves the visible address at once', async ({ app }) => {
  await expect(app.getByTestId('service-status')).toContainText(/Running|稼働中/);
  expect(app.url()).not.toContain('token');
});

test('the sections are tabs reachable and switchable by keyboard only', async ({ app }) => {
  await app.keyboard.press('Tab');
  const transcribe = app.getByRole('tab', { name: 'Transcribe' });
  await expect(transcribe).toBeFocused();
  await expect(transcribe).toHaveAttribute('aria-selected', 'true');
  await app.keyboard.press('ArrowRight');
  await expect(app.getByRole('tab', { name: 'Live' })).toBeFocused();
  await expect(app.getByRole('heading', { level: 1, name: 'Live transcription' })).toBeVisible();
  await app.keyboard.press('ArrowRight');
  await expect(app.getByRole('tab', { name: 'Jobs' })).toBeFocused();
  await expect(app.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
  await app.keyboard.press('End');
  await expect(app.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
  await app.keyboard.press('Home');
  await expect(transcribe).toHaveAttribute('aria-selected', 'true');
  // One tab stop: Tab leaves the tab list for the next control.
  await app.keyboard.press('Tab');
  await expect(app.getByTestId('language')).toBeFocused();
});

test('loading the window asks for nothing the host does not serve (no 404 in the console)', async ({
  app,
}) => {
  const failed: string[] = [];
  app.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  app.on('console', (message) => {
    if (message.type() === 'error')
      failed.push(`console ${message.text()} ${message.location().url}`);
  });
  await app.reload();
  await expect(app.getByTestId('service-status')).toContainText(/Running|稼働中/);
  // The favicon is asked for after the page has loaded: wait for the network to settle.
  await app.waitForLoadState('networkidle');
  expect(failed).toEqual([]);
  // Headless Chromium never asks for /favicon.ico, which the host does not serve; a full
  // browser does, unless the page declares its icon. It declares one that needs no request.
  const icon = await app.locator('link[rel="icon"]').getAttribute('href');
  expect(icon).toMatch(/^data:image\/svg\+xml,/);
});

test('a section whose code is still on its way says so where its title will be', async ({
  app,
}) => {
  // Hold the Dictionary screen's code until the fallback has been seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await app.route(/\/assets\/DictionaryView-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await app.getByRole('tab', { name: 'Dictionary' }).click();
  const loading = app.getByRole('tabpanel').getByRole('status');
  await expect(loading).toHaveText('Loading…');
  const waiting = (await loading.boundingBox())!;
  release();
  const title = app.getByRole('tabpanel').getByRole('heading', { level: 1, name: 'Dictionary' });
  await expect(title).toBeVisible();
  const screen = (await title.boundingBox())!;
  expect(Math.abs(waiting.x - screen.x)).toBeLessThanOrEqual(1);
  expect(Math.abs(waiting.y - screen.y)).toBeLessThanOrEqual(16);
});
