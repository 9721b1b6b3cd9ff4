/**
 * Speakers on Live from a meeting in Debian's Chromium against the web host:
 * a cloud connection with "Label who speaks" on, at a WebSocket test server that answers with the
 * cloud's realtime answer as recorded (tests/support/diarized.ts); both sources chosen, heard
 * through a PulseAudio server started for the test (the microphone a sink's remapped monitor,
 * the computer's sound the default sink's), each meter moving. Each final names its speaker as it
 * arrives; a speaker is renamed by keyboard for every final of theirs; the name is kept in the
 * job, so the viewer shows it and the minutes name the participants by it. Screenshots of Live
 * with both sources and the speakers (one renamed, the other's name open) in both languages and
 * themes, at 720 and 1280 px wide; axe on each.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import { labellingCloud, startDiarizedRealtime } from '../support/diarized';
import { LIVE_CLIP } from '../support/live-microphone';
import { chromiumHearing, startPulse, type PulseServer } from '../support/pulse';
import { openWebHost, type WebHostSession } from '../support/web-host-session';
import { SCREENSHOTS, seriousViolations } from './look';

const clip = (id: string) => join(DEFAULT_FIXTURES_DIR, 'librivox', `${id}.wav`);

let pulse: PulseServer;
let realtime: Awaited<ReturnType<typeof startDiarizedRealtime>>;
let session: WebHostSession;
let browser: Browser;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await mkdir(SCREENSHOTS, { recursive: true });
  realtime = await startDiarizedRealtime();
  pulse = await startPulse(
    ['speakers', 'voice'],
    [{ name: 'test_microphone', sink: 'voice', description: 'Test microphone' }],
  );
  session = await openWebHost('kikitori-live-speakers-host-', undefined, {
    PULSE_RUNTIME_PATH: pulse.env.PULSE_RUNTIME_PATH!,
    XDG_RUNTIME_DIR: pulse.env.XDG_RUNTIME_DIR!,
  });
  await session.host.call('connections:save', { connection: labellingCloud(realtime.base) });
  await session.host.call('keys:add', {
    label: 'cloud key',
    key: 'cloud-key-1234',
    connection: 'cloud',
  });
  await session.host.call('connections:setActive', { id: 'cloud' });
  browser = await chromiumHearing(pulse);
});

test.afterAll(async () => {
  await browser?.close();
  await session?.close();
  await pulse?.stop();
  await realtime?.close();
});

async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [720, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}x800.png` });
  }
}

test('Live names each speaker as the finals arrive; a name given there is kept in the job, its viewer and its minutes', async () => {
  test.setTimeout(240_000);
  const stopMicrophone = pulse.playLoop('voice', clip(LIVE_CLIP));
  const stopSpeakers = pulse.playLoop(
    'speakers',
    clip('sense_and_sensibility_01_austen_64kb-0890'),
  );
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  try {
    await page.goto(`${session.host.url}/#token=${session.host.token}`);
    await page.getByTestId('language').selectOption('en');
    // Opened straight away: Live brings the speakers' strings itself.
    await page.getByRole('tab', { name: 'Live' }).click();
    await expect(page.getByTestId('live-connection')).toHaveValue('cloud');
    await expect(page.getByRole('checkbox', { name: 'Label who speaks' })).toBeChecked();
    await page.getByTestId('live-source').selectOption('both');
    await page.getByTestId('live-device').selectOption({ label: 'Test microphone' });
    await page.getByTestId('live-start').click();
    await expect(page.getByTestId('live-state')).toHaveAttribute('data-phase', 'listening');
    await expect(page.getByTestId('live-final')).toHaveCount(2);
    await expect(page.getByTestId('live-speaker')).toHaveText(['Speaker 1', 'Speaker 2']);
    expect(realtime.startLines.at(-1)).toMatch(/segmenterProperties=(")?useDiarizer=1/);
    for (const role of ['microphone', 'computer'])
      await expect
        .poll(async () =>
          Number(await page.getByTestId(`live-level-value-${role}`).getAttribute('aria-valuenow')),
        )
        .toBeGreaterThan(-60);

    // By keyboard: the speaker's button, Enter, the name, Enter; the focus comes back to it.
    await page.getByRole('button', { name: 'Rename Speaker 1' }).focus();
    await page.keyboard.press('Enter');
    const field = page.getByRole('textbox', { name: 'Name of Speaker 1 in the whole transcript' });
    await expect(field).toBeFocused();
    await page.keyboard.type('Tanaka');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Rename Tanaka' })).toBeFocused();
    await expect(page.getByTestId('live-speaker')).toHaveText(['Tanaka', 'Speaker 2']);
    await expect(page.getByTestId('live-announce')).toHaveText('Speaker 2: Hi there.');

    for (const lang of ['en', 'ja'] as const) {
      await page.getByTestId('language').selectOption(lang);
      for (const theme of ['light', 'dark'] as const) {
        await page.getByTestId('theme').selectOption(theme);
        // The other speaker's name open, as it is being typed.
        await page.getByTestId('live-speaker').nth(1).click();
        await expect(page.getByTestId('live-speaker-editor')).toBeFocused();
        await shoot(page, `live-speakers-${lang}-${theme}`);
        expect(await seriousViolations(page, '.view.live')).toEqual([]);
        await page.keyboard.press('Escape');
      }
    }
    await page.getByTestId('language').selectOption('en');
    await page.getByTestId('theme').selectOption('light');

    await page.getByTestId('live-stop').click();
    await expect(page.getByTestId('live-state')).toHaveAttribute('data-phase', 'stopped', {
      timeout: 60_000,
    });
    // The job keeps the name: its viewer shows it, and its minutes name the participants by it.
    await page.getByTestId('live-open-job').click();
    await expect(page.getByTestId('speaker').first()).toHaveText('Tanaka');
    const jobs = await session.host.call<{ jobs: Array<{ id: string; mode: string }> }>(
      'jobs:list',
    );
    const job = jobs.jobs.find((j) => j.mode === 'live')!;
    // Over the web host's JSON the bytes come as base64 (shared/ipc/wire.ts).
    const rendered = await session.host.call<{ files: Array<{ bytes: string }> }>('export:render', {
      id: job.id,
      formats: ['md'],
      settings: { lang: 'en' },
    });
    expect(Buffer.from(rendered.files[0]!.bytes, 'base64').toString('utf8')).toContain(
      '- **Participants**: Tanaka, Speaker 2',
    );
  } finally {
    stopMicrophone();
    stopSpeakers();
    await context.close();
  }
});
