/**
 * At most `limit` recognitions per account at once, all its keys together (docs/api.md §8): an
 * account that issues itself more keys gets no more recognitions.
 */
export class ConcurrencyLimiter {
  private readonly active = new Map<number, number>();
  constructor(readonly limit: number) {}

  /** A release function, or undefined when the account is at its limit. */
  acquire(accountId: number): (() => void) | undefined {
    const count = this.active.get(accountId) ?? 0;
    if (count >= this.limit) return undefined;
    this.active.set(accountId, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const now = (this.active.get(accountId) ?? 1) - 1;
      if (now === 0) this.active.delete(accountId);
      else this.active.set(accountId, now);
    };
  }
}
