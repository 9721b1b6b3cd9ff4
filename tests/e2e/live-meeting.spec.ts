/**
 * Live from a meeting in Debian's Chromium against a real PulseAudio server
 * started for the test: its default sink "speakers" is what the computer plays, and the window's
 * microphone is a second sink's monitor remapped as an input ("Test microphone"), so both are
 * real sound through the system, as a call's would be. The web host's core makes the "Computer
 * sound" input with pactl; Chromium finds the server through the same environment.
 *
 * "Computer sound" alone transcribes a LibriVox clip the speakers play; "both" transcribes a clip
 * said into the microphone and another the speakers play, one after the other, each with its
 * own meter moving. The session is named for the meeting, the computer-sound source is unloaded
 * after. Screenshots of Live with both sources in both languages and themes; axe on each.
 */
import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import { COMPUTER_SOUND_SOURCE } from '../../core/live/sources/pulse-monitor';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { LIVE_CLIP, liveClipWords } from '../support/live-microphone';
import { startPulse, type PulseServer } from '../support/pulse';
import { tempDir } from '../support/service-process';
import { pcmOfWav, wavOf } from '../support/wav-header';
import { normaliseWords } from '../support/wer';
import { openWebHost, type WebHostSession } from '../support/web-host-session';
import { SCREENSHOTS, seriousViolations } from './look';

/** The clip the speakers play (the microphone's is LIVE_CLIP). */
const SPEAKERS_CLIP = 'sense_and_sensibility_01_austen_64kb-0890';
/** Its content words ("unless to be rather cold hearted and rather selfish is to be ill disposed"). */
const SPEAKERS_WORDS = ['unless', 'rather', 'cold', 'hearted', 'selfish', 'ill', 'disposed'];

let pulse: PulseServer;
let session: WebHostSession;
let browser: Browser;
let work: string;
/** The two clips, each followed (or preceded) by the other's length of silence. */
let files: { microphone: string; speakers: string; speakersAlone: string };

const rate = 16_000;
const silence = (seconds: number) => Buffer.alloc(Math.round(seconds * rate) * 2);
const clip = async (id: string) =>
  pcmOfWav(await readFile(join(DEFAULT_FIXTURES_DIR, 'librivox', `${id}.wav`)));

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await mkdir(SCREENSHOTS, { recursive: true });
  work = await tempDir('kikitori-meeting-');
  const mine = await clip(LIVE_CLIP);
  const theirs = await clip(SPEAKERS_CLIP);
  const len = (pcm: Buffer) => pcm.length / 2 / rate;
  // Same length, so looped together they take turns: the microphone, then the speakers.
  files = {
    microphone: join(work, 'microphone.wav'),
    speakers: join(work, 'speakers.wav'),
    speakersAlone: join(work, 'speakers-alone.wav'),
  };
  await writeFile(files.microphone, wavOf(Buffer.concat([mine, silence(len(theirs) + 3)])));
  await writeFile(
    files.speakers,
    wavOf(Buffer.concat([silence(len(mine) + 1.5), theirs, silence(1.5)])),
  );
  await writeFile(files.speakersAlone, wavOf(Buffer.concat([theirs, silence(2)])));
  pulse = await startPulse(
    ['speakers', 'voice'],
    [{ name: 'test_microphone', sink: 'voice', description: 'Test microphone' }],
  );
  await pulse.pactl(['set-default-source', 'test_microphone']);
  const soundEnv = {
    PULSE_RUNTIME_PATH: pulse.env.PULSE_RUNTIME_PATH!,
    XDG_RUNTIME_DIR: pulse.env.XDG_RUNTIME_DIR!,
  };
  session = await openWebHost('kikitori-meeting-host-', undefined, soundEnv);
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream'],
    env: { ...(pulse.env as Record<string, string>) },
  });
});

test.afterAll(async () => {
  await browser?.close();
  await session?.close();
  await pulse?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

async function openApp(): Promise<Page> {
  // A context of its own: axe needs one to analyse the page.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${session.host.url}/#token=${session.host.token}`);
  await expect(page.getByTestId('service-status')).toContainText('Running', { timeout: 120_000 });
  return page;
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENSHOTS}/${name}-1280x800.png` });
}

const heardWords = async (page: Page) =>
  normaliseWords((await page.getByTestId('live-final').allTextContents()).join(' '));

const sourcesLoaded = async () =>
  (await pulse.pactl(['list', 'short', 'sources'])).includes(COMPUTER_SOUND_SOURCE);

test('Live with "Computer sound" transcribes what the speakers play, named for the meeting', async () => {
  test.setTimeout(240_000);
  const stop = pulse.playLoop('speakers', files.speakersAlone);
  const page = await openApp();
  try {
    await page.getByRole('tab', { name: 'Live' }).click();
    await page.getByTestId('live-source').selectOption('computer');
    // The microphone's input list is not asked for when only the computer is heard.
    await expect(page.getByTestId('live-device')).toHaveCount(0);
    await page.getByTestId('live-start').click();
    await expect(page.getByTestId('live-state')).toHaveAttribute('data-phase', 'listening');
    expect(await sourcesLoaded()).toBe(true);
    await expect(page.getByTestId('live-final').first()).toBeVisible({ timeout: 90_000 });
    await expect
      .poll(
        async () => {
          const heard = await heardWords(page);
          return SPEAKERS_WORDS.filter((w) => heard.includes(w)).length;
        },
        { timeout: 90_000 },
      )
      .toBeGreaterThanOrEqual(3);
    await page.getByTestId('live-stop').click();
    await expect(page.getByTestId('live-state')).toHaveAttribute('data-phase', 'stopped', {
      timeout: 60_000,
    });
    // The source is let go with the session.
    await expect.poll(sourcesLoaded).toBe(false);
    // The job is named for the meeting and its start time.
    await page.getByRole('tab', { name: 'Jobs' }).click();
    await expect(page.getByTestId('job-row').first()).toContainText(
      /Meeting \d{1,2} [A-Z][a-z]{2} \d\d:\d\d/,
    );
  } finally {
    stop();
    await page.context().close();
  }
});

test('Live with both: the microphone’s words and the speakers’ words, each source with its meter and gain', async () => {
  test.setTimeout(300_000);
  const stopMicrophone = pulse.playLoop('voice', files.microphone);
  const stopSpeakers = pulse.playLoop('speakers', files.speakers);
  const page = await openApp();
  try {
    await page.getByRole('tab', { name: 'Live' }).click();
    await page.getByTestId('live-source').selectOption('both');
    await page.getByTestId('live-device').selectOption({ label: 'Test microphone' });
    // By keyboard: the microphone lowered while the computer plays, and the sources kept apart.
    for (const box of ['live-duck', 'live-apart']) {
      await page.getByTestId(box).focus();
      await page.keyboard.press('Space');
      await expect(page.getByTestId(box)).toBeChecked();
    }
    expect(await seriousViolations(page, '.view.live')).toEqual([]);
    // Keyboard: the computer's sound turned up 2 dB from its slider.
    await page.getByTestId('live-gain-computer').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('live-gain-computer')).toHaveAttribute('aria-valuetext', '+2 dB');
    await page.getByTestId('live-start').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('live-state')).toHaveAttribute('data-phase', 'listening');
    // No headphones among the outputs: said once.
    await expect(page.getByTestId('live-echo')).toBeVisible();
    // Each source's meter hears its own sound.
    for (const role of ['microphone', 'computer'])
      await expect
        .poll(
          async () =>
            Number(
              await page.getByTestId(`live-level-value-${role}`).getAttribute('aria-valuenow'),
            ),
          {
            timeout: 60_000,
          },
        )
        .toBeGreaterThan(-60);
    const reference = await liveClipWords();
    await expect
      .poll(
        async () => {
          const heard = await heardWords(page);
          const mine = reference.filter((w) => heard.includes(w)).length / reference.length;
          const theirs = SPEAKERS_WORDS.filter((w) => heard.includes(w)).length;
          return mine > 0.4 && theirs >= 3;
        },
        { timeout: 150_000, intervals: [1_000] },
      )
      .toBe(true);
    await shoot(page, 'live-both-en-light');
    expect(await seriousViolations(page, '.view.live')).toEqual([]);
    await page.getByTestId('language').selectOption('ja');
    await page.getByTestId('theme').selectOption('dark');
    await expect(page.getByTestId('live-echo')).toContainText('ヘッドホン');
    await shoot(page, 'live-both-ja-dark');
    expect(await seriousViolations(page, '.view.live')).toEqual([]);
    await page.getByTestId('theme').selectOption('light');
    await shoot(page, 'live-both-ja-light');
    await page.getByTestId('language').selectOption('en');
    await page.getByTestId('theme').selectOption('dark');
    await shoot(page, 'live-both-en-dark');
    await page.getByTestId('live-stop').click();
    await expect(page.getByTestId('live-state')).toHaveAttribute('data-phase', 'stopped', {
      timeout: 60_000,
    });
    await expect.poll(sourcesLoaded).toBe(false);
    // Beside the mix, the job kept the two sources apart: a 2-channel FLAC as long as the mix,
    // the microphone's words in one channel and the speakers' in the other (the duck lowered
    // neither: they take turns, and it lets go between them).
    const recordings = join(session.dataDir, 'recordings');
    const kept = (await readdir(recordings)).filter((name) => name.endsWith('.sources.flac'));
    expect(kept).toHaveLength(1);
    const run = promisify(execFile);
    const seconds = async (path: string) =>
      Number(
        (
          await run('ffprobe', [
            ...['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path],
          ])
        ).stdout,
      );
    const sources = join(recordings, kept[0]!);
    expect((await run('soxi', ['-c', sources])).stdout.trim()).toBe('2');
    expect(await seconds(sources)).toBeCloseTo(
      await seconds(join(recordings, kept[0]!.replace('.sources.flac', '.flac'))),
      1,
    );
    for (const channel of ['1', '2']) {
      const { stderr } = await run('sox', [sources, '-n', 'remix', channel, 'stat']);
      expect(Number(/Maximum amplitude:\s+([\d.]+)/.exec(stderr)?.[1])).toBeGreaterThan(0.05);
    }
    // The note was read: it is not said again.
    await page.getByTestId('live-echo').getByRole('button').click();
    await expect(page.getByTestId('live-echo')).toHaveCount(0);
    // The gain is remembered for the computer's sound.
    await page.reload();
    await page.getByRole('tab', { name: 'Live' }).click();
    await expect(page.getByTestId('live-gain-computer')).toHaveAttribute('aria-valuetext', '+2 dB');
    // And so are both options.
    await expect(page.getByTestId('live-duck')).toBeChecked();
    await expect(page.getByTestId('live-apart')).toBeChecked();
  } finally {
    stopMicrophone();
    stopSpeakers();
    await page.context().close();
  }
});
