/**
 * Browser mode across a restart of the app. A tab left open while Kikitori is
 * stopped says one thing everywhere (the status bar and a running job's row: not connected; no
 * green "Running", no clock counting), and when Kikitori is started again on the same data
 * folder it reconnects by itself: the same port, the same session, its event stream open again
 * and its state read again, with no new address and no reload. An address already used is a page
 * in the browser's language saying what to do. Real processes, a real job on the local service,
 * and Debian's Chromium; screenshots of both in each language, theme and two widths.
 */
import { type Browser, type Page, chromium } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../shared/domain/job';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { removeDir, tempDir } from '../support/service-process';
import { startWebHostProcess, type RunningWebHost } from '../support/web-host-process';

const NO_KEYCHAIN = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' };
const SCREENSHOTS = '.test-results/screenshots';
const SIZES = [
  { name: 'narrow', width: 390, height: 844 },
  { name: 'wide', width: 1280, height: 800 },
] as const;
let dataDir: string;
let browser: Browser;
let host: RunningWebHost | undefined;

beforeAll(async () => {
  dataDir = await tempDir('kikitori-restart-');
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  await mkdir(SCREENSHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await host?.stop();
  await removeDir(dataDir);
});

/** Ten minutes of quiet noise: the local service takes a good while over it. */
function longRecording(): string {
  const path = join(dataDir, 'long talk.wav');
  const made = spawnSync('ffmpeg', [
    ...['-loglevel', 'error', '-f', 'lavfi', '-i', 'anoisesrc=d=600:c=pink:r=16000:a=0.05'],
    ...['-ac', '1', '-ar', '16000', path],
  ]);
  if (made.status !== 0) throw new Error(`ffmpeg: ${made.stderr.toString()}`);
  return path;
}

const serviceStatus = (page: Page) => page.getByTestId('service-status').textContent();

/** The window in each language and theme at both widths, chosen with the header's pickers. */
async function screenshots(page: Page, name: string): Promise<void> {
  for (const lang of ['en', 'ja'] as const) {
    await page.getByTestId('language').selectOption(lang);
    for (const theme of ['light', 'dark'] as const) {
      await page.getByTestId('theme').selectOption(theme);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.screenshot({ path: `${SCREENSHOTS}/${name}-${lang}-${theme}-${size.name}.png` });
      }
    }
  }
  await page.getByTestId('language').selectOption('en');
  await page.getByTestId('theme').selectOption('light');
  await page.setViewportSize(SIZES[1]);
}

describe('a tab left open while Kikitori is stopped and started again on the same data folder', () => {
  it(
    'says "not connected" everywhere while it is down, then reconnects by itself with no reload',
    {
      timeout: 300_000,
    },
    async () => {
      host = await startWebHostProcess(dataDir, NO_KEYCHAIN);
      const firstOpenUrl = host.openUrl;
      const page = await browser.newPage({ viewport: SIZES[1] });
      await page.goto(host.openUrl);
      // Evaluated as a whole string (the page's CSP allows no eval for a polled predicate).
      await expect
        .poll(() => page.evaluate('sessionStorage.getItem("kikitori.session")'), {
          timeout: 30_000,
        })
        .toBeTruthy();
      await expect.poll(() => serviceStatus(page), { timeout: 60_000 }).toContain('Running');

      // A long job, recognizing as Kikitori stops.
      const { jobs } = await host.call<{ jobs: Job[] }>('transcribe:files', {
        paths: [longRecording()],
      });
      const id = jobs[0]!.id;
      await page.getByRole('tab', { name: 'Jobs' }).click();
      const row = page.locator(`[data-testid="job-row"][data-job-id="${id}"]`);
      const progress = row.getByTestId('job-progress');
      await expect
        .poll(() => progress.textContent().catch(() => ''), { timeout: 60_000 })
        .toMatch(/\d:\d\d/);
      // Whatever the page remembers in its own memory tells a reload apart from none.
      await page.evaluate('window.unreloaded = true');
      const address = page.url();

      await host.stop();
      host = undefined;
      const lost = page.getByTestId('host-lost');
      await lost.waitFor({ timeout: 30_000 });
      expect(await lost.textContent()).toBe(
        'Not connected to Kikitori: it stopped or does not answer. This window reconnects by itself once Kikitori runs again (npm start); there is no need to reload.',
      );
      // One state: the bar and the running row say "not connected"; nothing green, no clock.
      expect(await serviceStatus(page)).toBe('Local service: Not connected');
      expect(await page.locator('.dot-running').count()).toBe(0);
      expect(await progress.textContent()).toBe('Not connected to Kikitori');
      expect(await page.getByTestId('session-ended').count()).toBe(0);
      await screenshots(page, 'not-connected');
      expect(await progress.textContent()).toBe('Not connected to Kikitori');

      // Started again as `npm start` does, on the same data folder, with no --port.
      host = await startWebHostProcess(dataDir, NO_KEYCHAIN);
      expect(new URL(host.url).origin).toBe(new URL(address).origin);
      await lost.waitFor({ state: 'detached', timeout: 60_000 });
      await expect.poll(() => serviceStatus(page), { timeout: 60_000 }).toContain('Running');
      expect(await page.getByTestId('session-ended').count()).toBe(0);
      // Its state read again (the job as the new start has it), and its events heard again.
      await row.waitFor();
      await host.call('jobs:rename', { id, title: 'Renamed after the restart' });
      await expect
        .poll(() => row.textContent(), { timeout: 30_000 })
        .toContain('Renamed after the restart');
      expect(page.url()).toBe(address);
      expect(await page.evaluate('window.unreloaded')).toBe(true);
      // And a reload keeps working too: the session is the same one.
      await page.reload();
      await expect.poll(() => serviceStatus(page), { timeout: 60_000 }).toContain('Running');
      await page.getByRole('tab', { name: 'Jobs' }).click();
      await row.waitFor();
      expect(await page.getByTestId('session-ended').count()).toBe(0);
      await host.call('jobs:cancel', { id });
      await page.close();

      // The first address, already used: a page saying so in the browser's language.
      for (const [locale, lang, heading, what] of [
        [
          'ja-JP',
          'ja',
          'このアドレスは使用済みです',
          'npm start がターミナルに最後に表示したアドレスを開くか',
        ],
        [
          'en-US',
          'en',
          'This address was already used',
          'Open the newest address npm start printed',
        ],
      ] as const) {
        const context = await browser.newContext({ locale });
        const used = await context.newPage();
        const answer = await used.goto(firstOpenUrl);
        expect(answer?.status()).toBe(403);
        expect(answer?.headers()['content-security-policy']).toMatch(
          /^default-src 'none'; style-src 'sha256-[\w+/=]+'; base-uri 'none'/,
        );
        expect(await used.getAttribute('html', 'lang')).toBe(lang);
        expect(await used.getByRole('heading', { level: 1 }).textContent()).toBe(heading);
        expect(await used.getByTestId('link-used').textContent()).toContain(what);
        for (const theme of ['light', 'dark'] as const) {
          await used.emulateMedia({ colorScheme: theme });
          for (const size of SIZES) {
            await used.setViewportSize(size);
            await used.screenshot({
              path: `${SCREENSHOTS}/link-used-${lang}-${theme}-${size.name}.png`,
            });
          }
        }
        await context.close();
      }
    },
  );
});
