/**
 * Browser mode after Kikitori is started again (issue 15 §6): the old tab's session belonged to
 * the old start, so a reload cannot help. The window says exactly that and what to do (open the
 * address the new start printed), in place of a half-built window and "check that it is still
 * running", and the address the new start printed lets the person in again. Real processes and
 * Debian's Chromium.
 */
import { type Browser, chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { removeDir, tempDir } from '../support/service-process';
import { startWebHostProcess, type RunningWebHost } from '../support/web-host-process';

const NO_KEYCHAIN = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' };
let dataDir: string;
let browser: Browser;
let host: RunningWebHost | undefined;

beforeAll(async () => {
  dataDir = await tempDir('kikitori-restart-');
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
});
afterAll(async () => {
  await browser?.close();
  await host?.stop();
  await removeDir(dataDir);
});

describe('a tab left open while Kikitori starts again on the same port', () => {
  it('says a reload cannot help and to open the new address; that address works', async () => {
    host = await startWebHostProcess(dataDir, NO_KEYCHAIN);
    const port = new URL(host.url).port;
    const page = await browser.newPage();
    await page.goto(host.openUrl);
    await page.waitForFunction('sessionStorage.getItem("kikitori.session")');
    await expect
      .poll(() => page.getByTestId('service-status').textContent(), { timeout: 60_000 })
      .toContain('Running');

    await host.stop();
    host = await startWebHostProcess(dataDir, NO_KEYCHAIN, [
      '--import',
      'tsx',
      'web-host/main.ts',
      '--port',
      port,
    ]);
    expect(new URL(host.url).port).toBe(port);
    await page.reload();
    const ended = page.getByTestId('session-ended');
    await ended.waitFor({ timeout: 30_000 });
    expect(await ended.textContent()).toMatch(
      /^This window is no longer connected to Kikitori: it was started again.*Reloading will not help\. Open the address Kikitori printed when it started/,
    );
    expect(await page.getByTestId('host-lost').count()).toBe(0);

    // The address the new start printed lets the person in again.
    await page.goto(host.openUrl);
    await expect
      .poll(() => page.getByTestId('service-status').textContent(), { timeout: 60_000 })
      .toContain('Running');
    expect(await page.getByTestId('session-ended').count()).toBe(0);
    await page.close();
  });
});
