/**
 * A long setup step says how it goes (scripts/progress.mjs): elsewhere than a
 * terminal (CI, `npm test`'s log) a line with the time so far every 15 s; on a terminal one line
 * rewritten in place each second, cleared at the end; the step's own output kept for the log.
 * Real child processes (`sleep`) under a faked clock; the reports are what was written.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatElapsed, runWithProgress } from '../../../scripts/progress.mjs';

/** Collects what the reporter writes, as a pipe (or, with `isTTY`, a terminal) would get it. */
function sink(isTTY = false) {
  const written: string[] = [];
  return { written, out: { isTTY, write: (text: string) => written.push(text) } };
}

describe('a long setup step’s progress', () => {
  // The reporter's clock is faked (its interval and Date.now); the child is real and ends in
  // half a second, and what was written is read once it has ended.
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says every 15 s how long it has run and how long it usually takes, when not on a terminal', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { written, out } = sink();
    const running = runWithProgress('sleep', ['0.5'], {
      label: 'npm ci',
      usually: '2–3 min',
      out,
    });
    // Nothing at once (a quick step stays quiet), nothing before 15 s, one line at 15 s.
    vi.advanceTimersByTime(14_999);
    expect(written).toEqual([]);
    vi.advanceTimersByTime(1_001);
    const result = await running;
    expect(result.status).toBe(0);
    expect(result.ms).toBeGreaterThanOrEqual(16_000);
    expect(written).toEqual(['setup: npm ci: 0:15 so far (usually 2–3 min)\n']);
  });

  it('rewrites one line in place on a terminal, each second, and clears it at the end', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { written, out } = sink(true);
    const running = runWithProgress('sleep', ['0.5'], {
      label: 'apt-get install',
      usually: '1–2 min',
      out,
    });
    vi.advanceTimersByTime(2_500);
    const result = await running;
    expect(result.status).toBe(0);
    expect(written[0]).toBe('\r\x1b[2Ksetup: apt-get install: 0:00 so far (usually 1–2 min)');
    expect(written).toContain('\r\x1b[2Ksetup: apt-get install: 0:01 so far (usually 1–2 min)');
    expect(written).toContain('\r\x1b[2Ksetup: apt-get install: 0:02 so far (usually 1–2 min)');
    expect(written.every((text) => text.startsWith('\r\x1b[2K') && !text.includes('\n'))).toBe(
      true,
    );
    expect(written.at(-1)).toBe('\r\x1b[2K');
  });

  it('keeps what the step printed and its exit status, and stops reporting when it fails', async () => {
    const { written, out } = sink();
    const result = await runWithProgress(
      'sh',
      ['-c', 'echo building keytar; sleep 0.3; echo gyp ERR! >&2; exit 3'],
      { label: 'npm ci', usually: '2–3 min', out, everyMs: 100 },
    );
    expect(result.status).toBe(3);
    expect(result.output).toBe('building keytar\ngyp ERR!\n');
    expect(written.length).toBeGreaterThan(0);
    const after = written.length;
    await new Promise((resolve) => setImmediate(resolve));
    expect(written.length).toBe(after);
  });

  it('says a command that cannot start, with no report left running', async () => {
    const { out } = sink();
    const result = await runWithProgress('kikitori-no-such-command', [], {
      label: 'npm ci',
      usually: '2–3 min',
      out,
    });
    expect(result.status).toBeNull();
    expect(result.error?.message).toMatch(/ENOENT/);
  });

  it('writes times as m:ss', () => {
    expect([0, 999, 15_000, 61_000, 754_000].map(formatElapsed)).toEqual([
      '0:00',
      '0:00',
      '0:15',
      '1:01',
      '12:34',
    ]);
  });
});
