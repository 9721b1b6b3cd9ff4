/**
 * The processor-time reporter of the services lane (tests/support/cpu-reporter.ts) counts what a
 * file's processes spent: a child that keeps a core busy, while it runs and after it has exited
 * and been waited for, and not a child that only waits.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { treeCpuSeconds } from '../../support/cpu-reporter';

/** A child of this process that spins for `ms` of its own processor time, or sleeps for `ms`. */
async function child(kind: 'spin' | 'sleep', ms: number): Promise<void> {
  const code =
    kind === 'spin'
      ? `const u = () => { const t = process.cpuUsage(); return (t.user + t.system) / 1000; }; while (u() < ${ms});`
      : `setTimeout(() => {}, ${ms});`;
  const running = spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
  const [status] = (await once(running, 'exit')) as [number | null];
  expect(status).toBe(0);
}

describe('the processor time of a process tree', () => {
  it("counts a busy child's time once it has exited, and not a waiting child's", async () => {
    const before = await treeCpuSeconds(process.pid);
    await child('spin', 1_500);
    const afterSpin = await treeCpuSeconds(process.pid);
    expect(afterSpin - before).toBeGreaterThanOrEqual(1.4);
    await child('sleep', 1_500);
    const afterSleep = await treeCpuSeconds(process.pid);
    // Node's own start-up, a fraction of a second; nothing like the time it slept.
    expect(afterSleep - afterSpin).toBeLessThan(1);
  });

  it('counts nothing for a process that is not there', async () => {
    expect(await treeCpuSeconds(2 ** 22 + 1)).toBe(0);
  });
});
