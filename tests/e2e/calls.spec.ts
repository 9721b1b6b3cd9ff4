/**
 * Calls noticed in the window (real Chromium, browser mode) against a real PulseAudio server
 * started for the test, as live-meeting.spec.ts does: the speakers (default sink) play the far
 * end of the call, a LibriVox clip; the window's microphone is a second sink's monitor remapped
 * as an input, also the default source, which the call application records from. The call
 * application is `parecord` named for it (tests/support/call-app.ts).
 *
 * The end delay is the real 30 s: each test that ends a call waits for it.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { startCallApp, stopCallApps } from '../support/call-app';
import { startPulse, type PulseServer } from '../support/pulse';
import { tempDir } from '../support/service-process';
import { pcmOfWav, wavOf } from '../support/wav-header';
import { normaliseWords } from '../support/wer';
import { openWebHost, type WebHostSession } from '../support/web-host-session';
import { SCREENSHOTS, seriousViolations } from './look';

const SPEAKERS_CLIP = 'sense_and_sensibility_01_austen_64kb-0890';
const SPEAKERS_WORDS = ['unless', 'rather', 'cold', 'hearted', 'selfish', 'ill', 'disposed'];

let pulse: PulseServer;
let session: WebHostSession;
let browser: Browser;
let work: string;
let stopSpeakers: () => void;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  await mkdir(SCREENSHOTS, { recursive: true });
  work = await tempDir('kikitori-calls-ui-');
  const clip = pcmOfWav(
    await readFile(join(DEFAULT_FIXTURES_DIR, 'librivox', `${SPEAKERS_CLIP}.wav`)),
  );
  const speakers = join(work, 'speakers.wav');
  await writeFile(speakers, wavOf(Buffer.concat([clip, Buffer.alloc(2 * 16_000 * 2)])));
  pulse = await startPulse(
    ['speakers', 'voice'],
    [{ name: 'test_microphone', sink: 'voice', description: 'Test microphone' }],
  );
  await pulse.pactl(['set-default-source', 'test_microphone']);
  stopSpeakers = pulse.playLoop('speakers', speakers);
  session = await openWebHost('kikitori-calls-host-', undefined, {
    PULSE_RUNTIME_PATH: pulse.env.PULSE_RUNTIME_PATH!,
    XDG_RUNTIME_DIR: pulse.env.XDG_RUNTIME_DIR!,
  });
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream'],
    env: { ...(pulse.env as Record<string, string>) },
  });
});

test.afterAll(async () => {
  stopCallApps();
  stopSpeakers?.();
  await browser?.close();
  await session?.close();
  await pulse?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

async function openApp(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(['notifications'], { origin: session.host.url });
  const page = await context.newPage();
  await page.goto(`${session.host.url}/#token=${session.host.token}`);
  await expect(page.getByTestId('service-status')).toContainText('Running', { timeout: 120_000 });
  await page.getByTestId('language').selectOption('en');
  return page;
}

const heardWords = async (page: Page) =>
  normaliseWords((await page.getByTestId('live-final').allTextContents()).join(' '));

test('a call is noticed, started from its notice, transcribed, and ended with the application as a job', async () => {
  test.setTimeout(420_000);
  const page = await openApp();
  try {
    const zoom = await startCallApp(pulse, 'Zoom');
    const notice = page.getByTestId('call-notice');
    await expect(notice).toHaveAttribute('data-state', 'asking', { timeout: 30_000 });
    await expect(notice).toContainText('Zoom is using the microphone. Transcribe this call?');
    // Said once to screen readers.
    await expect(page.getByTestId('call-spoken')).toHaveText(
      'Zoom is using the microphone. Transcribe this call?',
    );
    expect(await seriousViolations(page, '.call-notices')).toEqual([]);
    for (const [lang, theme] of [
      ['en', 'light'],
      ['en', 'dark'],
      ['ja', 'light'],
      ['ja', 'dark'],
    ] as const) {
      await page.getByTestId('language').selectOption(lang);
      await page.getByTestId('theme').selectOption(theme);
      if (lang === 'ja') await expect(notice).toContainText('Zoom がマイクを使っています');
      expect(await seriousViolations(page, '.call-notices')).toEqual([]);
      await page.screenshot({ path: `${SCREENSHOTS}/call-notice-${lang}-${theme}-1280x800.png` });
    }
    await page.getByTestId('language').selectOption('en');
    await page.getByTestId('theme').selectOption('light');

    // Start: Live, the microphone and the computer's sound, named for the call.
    await page.getByTestId('call-start').click();
    await expect(page.getByTestId('live-state')).toHaveAttribute('data-phase', 'listening', {
      timeout: 60_000,
    });
    await expect(page.getByTestId('live-tab-mark')).toHaveAttribute('data-mark', 'recording');
    await expect(page).toHaveTitle(/Kikitori/);
    await expect
      .poll(
        async () => {
          const heard = await heardWords(page);
          return SPEAKERS_WORDS.filter((w) => heard.includes(w)).length;
        },
        { timeout: 150_000, intervals: [1_000] },
      )
      .toBeGreaterThanOrEqual(3);
    // Kikitori's own capture (the microphone and the computer's sound) was never a call.
    await expect(page.getByTestId('call-notice')).toHaveCount(1);

    // The application stops recording: within 35 s the session stops and is kept as a job.
    await zoom.stop();
    const stoppedAt = Date.now();
    // The session is stopped when the call ends (its last words are finalized after).
    await expect(page.getByTestId('live-state')).toHaveAttribute('data-phase', /stopping|stopped/, {
      timeout: 60_000,
    });
    expect(Date.now() - stoppedAt).toBeLessThan(35_000);
    await expect(page.getByTestId('live-state')).toHaveAttribute('data-phase', 'stopped', {
      timeout: 120_000,
    });
    const ended = page.getByTestId('call-notice');
    await expect(ended).toHaveAttribute('data-state', 'ended');
    await expect(ended).toContainText('Zoom call ended: transcript in Jobs.');
    expect(await seriousViolations(page, '.call-notices')).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/call-ended-en-light-1280x800.png` });
    await page.getByTestId('call-open-jobs').click();
    const row = page.getByTestId('job-row').first();
    await expect(row).toContainText(/Zoom call \d{1,2} [A-Z][a-z]{2} \d\d:\d\d/);
    await expect(page.getByTestId('call-notice')).toHaveCount(0);
  } finally {
    await page.context().close();
  }
});

test('Live started by hand is never a call; a call meanwhile starts nothing and its end offers to stop Live', async () => {
  test.setTimeout(300_000);
  const page = await openApp();
  try {
    await page.getByRole('tab', { name: 'Live' }).click();
    await page.getByTestId('live-source').selectOption('microphone');
    await page.getByTestId('live-device').selectOption({ label: 'Test microphone' });
    await page.getByTestId('live-start').click();
    await expect(page.getByTestId('live-state')).toHaveAttribute('data-phase', 'listening', {
      timeout: 60_000,
    });
    const slack = await startCallApp(pulse, 'Slack');
    // (A window opened after a call ended still shows that it ended: the first test's Zoom.)
    const notice = page.getByTestId('call-notice').filter({ hasText: 'Slack' });
    // The window's own stream opened before Slack's: only Slack is noticed, and nothing starts.
    await expect(notice).toHaveAttribute('data-state', 'busy', { timeout: 30_000 });
    await expect(page.getByTestId('call-notice').filter({ hasText: 'Chromium' })).toHaveCount(0);
    await expect(
      page.getByTestId('call-notice').filter({ hasNot: page.getByTestId('call-open-jobs') }),
    ).toHaveCount(1);
    await expect(notice).toContainText('Slack is using the microphone. Live was already running');
    expect(await seriousViolations(page, '.call-notices')).toEqual([]);
    await slack.stop();
    await expect(notice).toHaveAttribute('data-state', 'endedOfferStop', { timeout: 45_000 });
    await expect(page.getByTestId('live-state')).toHaveAttribute('data-phase', 'listening');
    await page.getByTestId('call-stop-live').click();
    await expect(page.getByTestId('live-state')).toHaveAttribute('data-phase', 'stopped', {
      timeout: 60_000,
    });
  } finally {
    await page.context().close();
  }
});

test('Never for an application, and start by itself for one ticked in Settings → Calls', async () => {
  test.setTimeout(300_000);
  const page = await openApp();
  try {
    const teams = await startCallApp(pulse, 'Microsoft Teams');
    const notice = page.getByTestId('call-notice').filter({ hasText: 'Microsoft Teams' });
    await expect(notice).toHaveAttribute('data-state', 'asking', { timeout: 30_000 });
    await page.getByTestId('call-never').click();
    await expect(notice).toHaveCount(0);
    await page.getByRole('tab', { name: 'Settings' }).click();
    await expect(page.getByTestId('calls-never')).toContainText('Microsoft Teams');
    await page.getByTestId('calls-mode-auto').click();
    await expect(page.getByTestId('calls-mode-auto')).toBeChecked();
    await page.getByTestId('calls-auto-Discord').click();
    await expect(page.getByTestId('calls-auto-Discord')).toBeChecked();
    expect(await seriousViolations(page, '.settings-view')).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/settings-calls-en-light-1280x800.png` });
    // Remembered.
    await page.reload();
    await page.getByRole('tab', { name: 'Settings' }).click();
    await expect(page.getByTestId('calls-auto-Discord')).toBeChecked();

    const discord = await startCallApp(pulse, 'Discord');
    const auto = page.getByTestId('call-notice').filter({ hasText: 'Discord' });
    await expect(page.getByTestId('live-tab-mark')).toHaveAttribute('data-mark', 'recording', {
      timeout: 60_000,
    });
    await expect(auto).toContainText('Transcribing the Discord call');
    await teams.stop();
    await discord.stop();
    await expect(auto).toHaveAttribute('data-state', 'ended', { timeout: 90_000 });
    await expect(page.getByTestId('live-tab-mark')).toHaveCount(0);
    await expect(
      page.getByTestId('call-notice').filter({ hasText: 'Microsoft Teams' }),
    ).toHaveCount(0);
  } finally {
    await page.context().close();
  }
});
