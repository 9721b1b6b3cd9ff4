/** The tests' one wait: its timeout says what it last saw, whatever that was. */
import { describe, expect, it } from 'vitest';
import { until } from '../../support/until';

describe('until', () => {
  it('returns the first value that holds', async () => {
    let n = 0;
    await expect(
      until(
        () => ++n,
        (value) => value === 3,
        { everyMs: 1 },
      ),
    ).resolves.toBe(3);
  });

  it('names the last value on a timeout, undefined too', async () => {
    await expect(
      until(
        () => undefined,
        () => false,
        { timeoutMs: 5, everyMs: 1 },
      ),
    ).rejects.toThrow(/^timed out after 5 ms; last: undefined$/);
    await expect(
      until(
        () => ({ state: 'stuck' }),
        () => false,
        { timeoutMs: 5, everyMs: 1 },
      ),
    ).rejects.toThrow('last: {"state":"stuck"}');
  });
});
