/**
 * The window's numbers for `npm run bench` (never asserted in tests), measured in one run
 * against the built renderer, the real web host and Debian's Chromium:
 *
 *   (w1) gzipped JS of the first screen (what index.html loads eagerly)      goal <= 150 KB
 *   (w2) navigation to an interactive first screen (tabs clickable)          goal <= 1 s
 *   (w3) p95 main-thread work per frame scrolling 10,000 jobs, and a          goal <= 16 ms
 *        20,000-word transcript (beside it the rAF interval, floored at vsync)
 *   (w4) DOM mutations of one job's jobs:changed events                      goal one row
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { build } from 'vite';
import { SEEDED_FROM, seededId, seedFailedJobs } from '../support/seed-jobs';
import { numberedTranscript } from '../support/numbered-transcript';
import { openWebHost } from '../support/web-host-session';

type Line = (label: string, value: string, goal: string, ok: boolean) => void;

const RENDERER = 'dist/renderer';
const JOBS = 10_000;
const WORDS = 20_000;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

async function firstScreenGzipKb(): Promise<{ kb: number; files: number }> {
  const html = await readFile(join(RENDERER, 'index.html'), 'utf8');
  const eager = [
    ...html.matchAll(/<script[^>]*\ssrc="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g),
  ].map((m) => m[1]!);
  let bytes = 0;
  for (const src of new Set(eager))
    bytes += gzipSync(await readFile(join(RENDERER, src)), { level: 9 }).length;
  return { kb: bytes / 1024, files: new Set(eager).size };
}

/** 10,000 jobs: failed ones, the newest completed with a 20,000-word transcript. */
async function seed(dataDir: string): Promise<void> {
  const journal = await seedFailedJobs(dataDir, JOBS - 1);
  const id = 'long-transcript';
  const resultFile = await journal.saveResult(
    id,
    numberedTranscript(WORDS, (i) => i * 400, 350),
  );
  const at = SEEDED_FROM + JOBS * 60_000;
  await journal.save({
    id,
    file: { path: `/nowhere/${id}.wav`, name: `${id}.wav`, size: 1000 },
    connection: 'local',
    params: { d: 'grammarFileNames=-a-general-en', logging: false },
    mode: 'sync',
    status: 'completed',
    createdAt: at,
    updatedAt: at,
    completedAt: at,
    resultFile,
  });
}

/** What one scroll run measured, per frame (see `scrollFrames`). */
interface ScrollRun {
  /** rAF to rAF: the frame interval, never below the display's frame (16.7 ms at 60 Hz). */
  deltas: number[];
  /** The frame's start (rAF timestamp) to the end of its tasks: the main thread's own cost. */
  work: number[];
  /** Frames the Long Animation Frames API reported (over 50 ms from start to paint). */
  long: number;
  scrolled: number;
}

/**
 * Scrolls the scroller around `selector` 120 px a frame for 300 frames. Per frame it records the
 * rAF interval and the frame's own work: from the moment the main thread starts the frame (its
 * first scroll event, where the virtualizer and React render, or else its rAF callback) to a
 * message posted from the rAF callback, which runs only after that frame's style, layout, paint
 * and the tasks queued before it. Waiting for the main thread before the frame starts is not
 * counted (it is in the interval). Chromium's `--disable-gpu-vsync --disable-frame-rate-limit` do not lift the 60 Hz
 * BeginFrame of Debian's headless Chromium 156 (the interval stayed at 16.7–17.6 ms with them),
 * so the frame's cost is measured rather than unthrottled.
 */
async function scrollFrames(page: Page, selector: string): Promise<ScrollRun> {
  return page.evaluate(
    `new Promise((resolve) => {
      const el = document.querySelector(${JSON.stringify(selector)});
      let box = el;
      while (box && !(box.scrollHeight > box.clientHeight + 1 && /auto|scroll/.test(getComputedStyle(box).overflowY))) box = box.parentElement;
      box = box || document.scrollingElement;
      const deltas = [];
      const work = [];
      let long = 0;
      const loaf = new PerformanceObserver((list) => (long += list.getEntries().length));
      loaf.observe({ type: 'long-animation-frame' });
      // The frame's work begins with its scroll events (a capture listener on window runs before
      // the scroller's own) or, without one, with the rAF callback.
      let scrolledAt = null;
      addEventListener('scroll', () => (scrolledAt ??= performance.now()), { capture: true });
      const starts = [];
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        work.push(performance.now() - starts.shift());
        if (work.length === 300) {
          loaf.takeRecords().forEach(() => long++);
          loaf.disconnect();
          resolve({ deltas, work, long, scrolled: box.scrollTop });
        }
      };
      let last = 0;
      let frames = 0;
      const step = (t) => {
        if (last) deltas.push(t - last);
        last = t;
        starts.push(Math.min(scrolledAt ?? Infinity, performance.now()));
        scrolledAt = null;
        box.scrollTop += 120;
        channel.port2.postMessage(0);
        if (++frames < 300) requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    })`,
  );
}

/**
 * The goal (a frame within 16 ms) is judged on the frame's own work; the rAF interval is shown
 * beside it, since it cannot go below the display's frame however fast the code is.
 */
function frames(line: Line, what: string, run: ScrollRun): void {
  const work = percentile(run.work, 0.95);
  const interval = percentile(run.deltas, 0.95);
  const missed = run.deltas.filter((d) => d > 25).length;
  line(
    `(w3) p95 main-thread work a frame scrolling ${what} (${(run.scrolled / 1000).toFixed(0)}k px)`,
    `${work.toFixed(1)} ms`,
    '<= 16 ms',
    work <= 16,
  );
  console.log(
    `    from the frame's first event to the end of its tasks (scroll events, React, style, layout, paint); median ${percentile(run.work, 0.5).toFixed(1)} ms, max ${Math.max(...run.work).toFixed(1)} ms, ${run.long} of ${run.work.length} frames over 50 ms (Long Animation Frames API)`,
  );
  console.log(
    `    p95 rAF interval ${interval.toFixed(1)} ms: the frame rate as shown, never below the display's 16.7 ms; ${missed} of ${run.deltas.length} intervals over 25 ms (a missed vsync)`,
  );
}

/** Bearer RPC from the page, as the window calls its host. */
const rpc = (page: Page, channel: string, input: object) =>
  page.evaluate(
    `fetch('/rpc/${channel}', { method: 'POST', headers: { Authorization: 'Bearer ' + sessionStorage.getItem('kikitori.token'), 'Content-Type': 'application/json' }, body: ${JSON.stringify(JSON.stringify(input))} }).then((r) => r.json())`,
  );

export async function windowBench(line: Line): Promise<void> {
  await build({ configFile: 'vite.config.ts', logLevel: 'warn' });
  const gz = await firstScreenGzipKb();
  line(
    `(w1) gzipped JS of the first screen (${gz.files} file${gz.files === 1 ? '' : 's'})`,
    `${gz.kb.toFixed(1)} KB`,
    '<= 150 KB',
    gz.kb <= 150,
  );

  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const { host, close } = await openWebHost('kikitori-bench-window-', seed);
    try {
      const retryId = seededId(JOBS - 2);
      const address = `${host.url}/#token=${host.token}`;
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        const page = await context.newPage();
        const t = performance.now();
        await page.goto(address);
        await page
          .getByRole('tab', { name: /Jobs|ジョブ/ })
          .click({ trial: true, timeout: 60_000 });
        times.push(performance.now() - t);
        await context.close();
      }
      const median = percentile(times, 0.5);
      line(
        `(w2) goto to clickable tabs, median of 5 (10,000 jobs in the journal)`,
        `${median.toFixed(0)} ms`,
        '<= 1000 ms',
        median <= 1000,
      );

      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(address);
      await page.getByTestId('language').selectOption('en');
      await page.getByRole('tab', { name: 'Jobs' }).click();
      await page.getByTestId('job-count').filter({ hasText: '10000 jobs' }).waitFor();
      frames(line, '10,000 jobs', await scrollFrames(page, '[data-testid="jobs-scroll"]'));

      // One job's jobs:changed events (a retry: queued, then failed again) touch one row only.
      await page.evaluate(`document.querySelector('[data-testid="jobs-scroll"]').scrollTop = 0`);
      const retried = page.getByTestId('job-row').filter({ hasText: `${retryId}.wav` });
      await retried.waitFor();
      await page.evaluate(`(() => {
        window.__mutatedRows = new Set();
        window.__outside = 0;
        window.__moved = new Set();
        new MutationObserver((records) => {
          for (const r of records) {
            const node = r.target.nodeType === 1 ? r.target : r.target.parentElement;
            const row = node && node.closest('[data-testid="job-row"]');
            if (row) window.__mutatedRows.add(row.textContent.slice(0, 40));
            // A row whose height changed (a failure note comes and goes) moves the slots below
            // it: their position changes, their content is not rendered again.
            else if (r.type === 'attributes' && r.attributeName === 'style' && node.classList.contains('job-slot'))
              window.__moved.add(node.dataset.index);
            else if (r.type === 'attributes' && r.attributeName === 'style' && node.classList.contains('jobs-space'))
              continue;
            else window.__outside++;
          }
        }).observe(document.querySelector('[data-testid="jobs-scroll"]'), { subtree: true, childList: true, attributes: true, characterData: true });
      })()`);
      await rpc(page, 'jobs:retry', { id: retryId });
      await page
        .getByTestId('job-row')
        .filter({ hasText: `${retryId}.wav` })
        .and(page.locator('[data-status="failed"]'))
        .waitFor({ timeout: 60_000 });
      await page.waitForFunction(`window.__mutatedRows.size > 0`);
      const rows = Number(await page.evaluate(`window.__mutatedRows.size`));
      const outside = Number(await page.evaluate(`window.__outside`));
      const moved = Number(await page.evaluate(`window.__moved.size`));
      line(
        "(w4) rows changed in the DOM by one job's jobs:changed events",
        `${rows} row${rows === 1 ? '' : 's'}${outside ? ` +${outside} outside` : ''} (${moved} rows below moved, not rendered again)`,
        'one row',
        rows === 1 && outside === 0,
      );

      await page
        .getByTestId('job-row')
        .filter({ hasText: 'long-transcript.wav' })
        .getByRole('button', { name: /^Open: / })
        .click();
      await page.getByRole('tab', { name: 'Words' }).click();
      await page.getByTestId('word-list').getByRole('button').first().waitFor({ timeout: 60_000 });
      frames(
        line,
        `a ${WORDS.toLocaleString('en')}-word transcript`,
        await scrollFrames(page, '[data-testid="word-list"]'),
      );
      await context.close();
    } finally {
      await close();
    }
  } finally {
    await browser.close();
  }
}
