/**
 * The turns a group of watched folders takes: a limited number of files transcribed at once,
 * the others waiting in the order they became whole, and pauses (a file's quiet time) that
 * closing cuts short, so that nothing waits on a timer once the watchers stop.
 */
export class WatchTurns {
  /** Files waiting for a transcription slot, in turn. */
  private readonly waiting: (() => void)[] = [];
  /** Pauses that closing cuts short. */
  private readonly sleepers = new Set<() => void>();
  private running = 0;

  constructor(private readonly concurrency: number) {}

  /** A transcription slot, taken in turn; given back by `release`. */
  slot(): Promise<void> {
    if (this.running >= this.concurrency)
      return new Promise<void>((handed) => this.waiting.push(handed));
    this.running++;
    return Promise.resolve();
  }

  /** Hands the slot to the next file waiting for one, or frees it. */
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }

  /** Waits `ms`, or less when the turns close. */
  sleep(ms: number): Promise<void> {
    return new Promise((settle) => {
      const done = () => {
        clearTimeout(timer);
        this.sleepers.delete(done);
        settle();
      };
      const timer = setTimeout(done, ms);
      this.sleepers.add(done);
    });
  }

  /**
   * Wakes every pause; each file waiting for a slot is handed one, finds the watchers closed and
   * gives it back.
   */
  close(): void {
    for (const wake of this.sleepers) wake();
    for (const handed of this.waiting.splice(0)) {
      this.running++;
      handed();
    }
  }
}
