/**
 * The Live screen's numbers for `npm run bench -- --live` (issue #17 §9), measured in one run
 * against the built window in Debian's Chromium, whose fake microphone plays a LibriVox clip and
 * 2 s of silence in a loop, the real web host (the app's main process in browser mode) and the
 * real local service:
 *
 *   (l1) a word's end in the input → its final text on screen      goal <= 0.5 s
 *   (l2) main-thread time per second of live audio in the window     goal <= 5 ms
 *   (l3) CPU of the main process (capture's link, the realtime       goal <= 2 % of a core
 *        client, the recording) while a session runs
 *
 * Each beside its idle baseline, measured the same way in the same run.
 *
 * How (l1) is timed, with nothing added to the app: an init script notes when each 100 ms chunk
 * leaves the capture worklet (the port's messages) and when each final event reaches the page
 * (its /live WebSocket); a MutationObserver notes when each final utterance's text is on screen.
 * A final's last word ends at recording time t (its last token's endtime); t lies in chunk
 * ⌊t / 100 ms⌋, whose samples were all captured when it left the worklet, so the word's end was
 * in the input (end of that chunk's time − t) before that moment. The recording starts with the
 * first chunk the capture hands over (the link is open before the worklet's first chunk).
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { writeMicrophoneFile } from '../support/live-microphone';
import { openWebHost } from '../support/web-host-session';
import { until } from '../support/until';
import { cpuSeconds } from './realtime';

type Line = (label: string, value: string, goal: string, ok: boolean) => void;

const CHUNK_MS = 100;
/** How long the session listens: several loops of the clip, each ending an utterance. */
const LISTEN_MS = 40_000;
const IDLE_MS = 10_000;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Runs in the page before the app: timestamps chunks, final events and final utterances shown. */
const INSTRUMENT = `(() => {
  const bench = (window.__liveBench = { chunks: [], finals: [], shown: [] });
  const onmessage = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage');
  Object.defineProperty(MessagePort.prototype, 'onmessage', {
    configurable: true,
    get() { return onmessage.get.call(this); },
    set(handler) {
      onmessage.set.call(this, handler && function (event) {
        if (event.data && event.data.pcm instanceof ArrayBuffer)
          bench.chunks.push([performance.now(), event.data.pcm.byteLength / 2]);
        return handler.call(this, event);
      });
    },
  });
  const Socket = window.WebSocket;
  window.WebSocket = class extends Socket {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => {
        if (typeof event.data !== 'string' || !event.data.includes('"final"')) return;
        const message = JSON.parse(event.data);
        if (message.type !== 'final') return;
        const tokens = message.utterance.tokens;
        bench.finals.push({ at: performance.now(), endMs: tokens.length ? tokens[tokens.length - 1].endtime : message.utterance.endMs });
      });
    }
  };
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes)
        if (node.nodeType === 1 && node.matches('[data-testid="live-final"]')) bench.shown.push(performance.now());
  }).observe(document, { subtree: true, childList: true });
})()`;

interface BenchData {
  chunks: Array<[number, number]>;
  finals: Array<{ at: number; endMs: number }>;
  shown: number[];
}

interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }>;
  samples?: number[];
  timeDeltas?: number[];
}

/** The functions the page spent most time in (self time), from a CDP CPU profile. */
function printTopFunctions(profile: CpuProfile): void {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const self = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    const frame = byNode.get(id)!;
    const name = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop() ?? ''}:${frame.lineNumber}`;
    self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas?.[i] ?? 0));
  });
  for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`    ${(us / 1000).toFixed(1).padStart(8)} ms  ${name}`);
}

export async function liveBench(line: Line): Promise<void> {
  const microphone = await writeMicrophoneFile(undefined, 2);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${microphone.path}`,
    ],
  });
  const session = await openWebHost('kikitori-bench-live-');
  try {
    const { host } = session;
    const hostPid = host.process.pid!;
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(INSTRUMENT);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    /** The page main thread's busy seconds so far: in all, and in script, style and layout. */
    const PARTS = ['TaskDuration', 'ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration'];
    const mainThread = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return PARTS.map((name) => metrics.find((m) => m.name === name)?.value ?? 0);
    };
    const since = async (before: number[]) =>
      (await mainThread()).map((value, i) => value - before[i]!);
    await page.goto(`${host.url}/#token=${host.token}`);
    await page.getByTestId('language').selectOption('en');
    await page.getByTestId('service-status').filter({ hasText: 'Running' }).waitFor();
    await page.getByRole('tab', { name: 'Live' }).click();
    await page.getByTestId('live-start').waitFor();

    // Idle baselines: the Live screen open, nothing recorded.
    let task = await mainThread();
    let cpu = await cpuSeconds([hostPid]);
    let t = performance.now();
    // A measured span of idleness, not a wait for a condition.
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const idleWall = (performance.now() - t) / 1000;
    const idleTask = await since(task);
    const idleCpu = (await cpuSeconds([hostPid])) - cpu;

    // A session: listen for LISTEN_MS of audio, then stop.
    await page.getByTestId('live-start').click();
    await page.locator('[data-testid="live-state"][data-phase="listening"]').waitFor();
    task = await mainThread();
    cpu = await cpuSeconds([hostPid]);
    t = performance.now();
    const chunkCount = () => page.evaluate<number>(`window.__liveBench.chunks.length`);
    const startChunks = await chunkCount();
    // KIKITORI_BENCH_PROFILE=1: the page's CPU profile while it listens, its top functions.
    const profiling = process.env.KIKITORI_BENCH_PROFILE === '1';
    if (profiling) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    await until(chunkCount, (n) => n - startChunks >= LISTEN_MS / CHUNK_MS, {
      timeoutMs: LISTEN_MS * 3,
    });
    const audioSeconds = ((await chunkCount()) - startChunks) * (CHUNK_MS / 1000);
    const wall = (performance.now() - t) / 1000;
    const liveTask = await since(task);
    const liveCpu = (await cpuSeconds([hostPid])) - cpu;
    if (profiling) printTopFunctions((await cdp.send('Profiler.stop')).profile);
    await page.getByTestId('live-stop').click();
    await page
      .locator('[data-testid="live-state"][data-phase="stopped"]')
      .waitFor({ timeout: 60_000 });
    const data = await page.evaluate<BenchData>(`window.__liveBench`);
    await context.close();

    // (l1): per final, the moment its last word's chunk left the worklet, less the chunk's rest.
    const { chunks } = data;
    const shownDelays: number[] = [];
    const arrivedDelays: number[] = [];
    data.finals.forEach((final, i) => {
      const chunk = Math.floor(final.endMs / CHUNK_MS);
      if (chunk >= chunks.length) return;
      const inInput = chunks[chunk]![0] - ((chunk + 1) * CHUNK_MS - final.endMs);
      arrivedDelays.push(final.at - inInput);
      const shown = data.shown[i];
      if (shown !== undefined) shownDelays.push(shown - inInput);
    });
    if (shownDelays.length === 0) throw new Error('no final utterance was shown');
    const l1 = median(shownDelays) / 1000;
    line(
      `(l1) word end in the input → final on screen, median of ${shownDelays.length}`,
      `${l1.toFixed(3)} s`,
      '<= 0.5 s',
      l1 <= 0.5,
    );
    console.log(
      `    each: ${shownDelays.map((d) => (d / 1000).toFixed(2)).join(', ')} s; the final event reached the page ${(median(shownDelays) - median(arrivedDelays)).toFixed(0)} ms before it was on screen (median); ${chunks.length} chunks of ${CHUNK_MS} ms (${chunks.every(([, n]) => n === 1600) ? 'all' : 'not all'} 1,600 samples)`,
    );

    const perSecond = (seconds: number, over: number) => (seconds / over) * 1000;
    const l2 = perSecond(liveTask[0]!, audioSeconds);
    const l2Idle = perSecond(idleTask[0]!, idleWall);
    line(
      `(l2) window main-thread time per second of live audio`,
      `${l2.toFixed(2)} ms`,
      '<= 5 ms',
      l2 <= 5,
    );
    console.log(
      `    ${audioSeconds.toFixed(1)} s of audio in ${wall.toFixed(1)} s: all tasks of the page's main thread (CDP TaskDuration: capture messages, the link, React, style, layout, paint), of which script ${perSecond(liveTask[1]!, audioSeconds).toFixed(2)}, style ${perSecond(liveTask[2]!, audioSeconds).toFixed(2)}, layout ${perSecond(liveTask[3]!, audioSeconds).toFixed(2)} ms; the same screen idle: ${l2Idle.toFixed(2)} ms a second`,
    );

    const l3 = (liveCpu / wall) * 100;
    const l3Idle = (idleCpu / idleWall) * 100;
    line(
      `(l3) main process CPU while a live session runs (web host)`,
      `${l3.toFixed(2)} %`,
      '<= 2 %',
      l3 <= 2,
    );
    console.log(
      `    the web host process alone (user + system), idle beside it: ${l3Idle.toFixed(2)} %; the local service and ffmpeg (the FLAC recording) are other processes`,
    );
  } finally {
    await session.close();
    await browser.close();
  }
}
