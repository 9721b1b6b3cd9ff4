import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { peakRssIfLiveMiB, peakRssTracker } from '../../support/raw-http';

// The bench's (d) samples the decoders while an hour-long job runs, and the pool retires some of
// them meanwhile: reading a retired one's /proc must not end the run.
describe('peak RSS of processes that may exit', () => {
  it('reads a live process, and nothing (no error) once it has exited', async () => {
    const child = spawn('sleep', ['60']);
    await once(child, 'spawn');
    expect(await peakRssIfLiveMiB(child.pid!)).toBeGreaterThan(0);
    child.kill();
    await once(child, 'exit');
    expect(await peakRssIfLiveMiB(child.pid!)).toBeUndefined();
  });

  it('keeps the last peak of a process that exited between two samples, and adds a new one', async () => {
    const first = spawn('sleep', ['60']);
    await once(first, 'spawn');
    let pids = [first.pid!];
    const tracker = peakRssTracker(async () => pids);
    await tracker.sample();
    const firstPeak = tracker.peaks.get(first.pid!);
    expect(firstPeak).toBeGreaterThan(0);

    first.kill();
    await once(first, 'exit');
    const second = spawn('sleep', ['60']);
    await once(second, 'spawn');
    pids = [first.pid!, second.pid!];
    await tracker.sample();
    second.kill();
    await once(second, 'exit');

    expect(tracker.peaks.get(first.pid!)).toBe(firstPeak);
    expect(tracker.peaks.get(second.pid!)).toBeGreaterThan(0);
    expect(tracker.peaks.size).toBe(2);
  });
});
