/** Polls `probe` until `done` holds, then returns that value; throws with the last value on timeout. */
export async function until<T>(
  probe: () => T | Promise<T>,
  done: (value: T) => boolean,
  { timeoutMs = 120_000, everyMs = 50 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() - start > timeoutMs)
      throw new Error(
        // JSON.stringify gives undefined for undefined (and functions): say the value anyway.
        `timed out after ${timeoutMs} ms; last: ${String(JSON.stringify(value) ?? value).slice(0, 500)}`,
      );
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
