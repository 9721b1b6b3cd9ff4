/** At most `limit` recognitions per key at once (docs/api.md §8). */
export class ConcurrencyLimiter {
  private readonly active = new Map<number, number>();
  constructor(readonly limit: number) {}

  /** A release function, or undefined when the key is at its limit. */
  acquire(keyId: number): (() => void) | undefined {
    const count = this.active.get(keyId) ?? 0;
    if (count >= this.limit) return undefined;
    this.active.set(keyId, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const now = (this.active.get(keyId) ?? 1) - 1;
      if (now === 0) this.active.delete(keyId);
      else this.active.set(keyId, now);
    };
  }
}
