/**
 * A real web host with its own data folder and a private keychain, one per worker (`test`) or
 * one per test (`testOnItsOwnHost`): the window talks to the real core and the real local service.
 */
import { test as base, expect, type Page } from '@playwright/test';
import type { RunningWebHost } from '../support/web-host-process';
import { openWebHost } from '../support/web-host-session';

export interface Host {
  readonly web: RunningWebHost;
  /** The address a person opens: the launch token in it, as the host prints it. */
  readonly address: string;
  /** The host's data folder (its jobs and results). */
  readonly dataDir: string;
  restart(): Promise<void>;
}

/** A web host on a fresh data folder with a private keychain, stopped and removed after `use`. */
async function runHost(use: (host: Host) => Promise<void>): Promise<void> {
  const session = await openWebHost('kikitori-ui-');
  const host = {
    dataDir: session.dataDir,
    get web() {
      return session.host;
    },
    get address() {
      return `${session.host.url}/#token=${session.host.token}`;
    },
    async restart() {
      await session.host.stop();
      await session.restart();
    },
  };
  await use(host);
  await session.close();
}

/** The window opened on `host`; any uncaught error or CSP report in it fails the test. */
async function openApp(page: Page, host: Host, use: (page: Page) => Promise<void>): Promise<void> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // The hosts' CSP allows no inline script or style: anything the window tries is reported,
  // with where it came from.
  // (Page code, given as text: this file is type-checked without DOM types.)
  await page.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (e) => {
      const where = e.sourceFile + ':' + e.lineNumber + ':' + e.columnNumber;
      const what = e.target && e.target.outerHTML ? e.target.outerHTML.slice(0, 120) : '';
      console.error('CSP ' + e.violatedDirective + ' ' + where + ' ' + e.sample + ' ' + what);
    });`,
  });
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && text.startsWith('CSP ')) errors.push(text);
  });
  await page.goto(host.address);
  await expect(page.getByRole('tablist')).toBeVisible();
  await use(page);
  expect(errors, 'uncaught errors in the window').toEqual([]);
}

/** The host is shared by the tests of a worker (the specs of a run, one after another). */
export const test = base.extend<{ app: Page }, { host: Host }>({
  host: [
    // Playwright reads a fixture's dependencies from this pattern; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => runHost(use),
    { scope: 'worker', timeout: 180_000 },
  ],
  app: async ({ page, host }, use) => openApp(page, host, use),
});

/**
 * Each test on a host of its own, for a spec whose tests must see no other test's jobs (the
 * screenshots of a screen show what that test did, whichever ran before).
 */
export const testOnItsOwnHost = base.extend<{ app: Page; host: Host }>({
  host: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => runHost(use),
    { timeout: 180_000 },
  ],
  app: async ({ page, host }, use) => openApp(page, host, use),
});

export { expect };
