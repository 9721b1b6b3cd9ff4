/**
 * The audio of one live session between the socket and the decoder: `p` packets go in as they
 * arrive, the decoder pulls them out as fast as the engine takes them. The queue is bounded by
 * asking the socket to stop reading (`onFull`) once it holds `highWaterBytes`, and to read again
 * (`onDrained`) once it is under half of that, so a client sending faster than the engine
 * decodes waits in its own send buffer, never in our memory.
 */
export interface AudioQueueOptions {
  readonly highWaterBytes: number;
  readonly onFull: () => void;
  readonly onDrained: () => void;
}

export class AudioQueue implements AsyncIterable<Uint8Array> {
  private readonly chunks: Uint8Array[] = [];
  private held = 0;
  private ended = false;
  private full = false;
  private wake: (() => void) | undefined;

  constructor(private readonly options: AudioQueueOptions) {}

  /** Bytes waiting for the decoder. */
  get bytes(): number {
    return this.held;
  }

  push(chunk: Uint8Array): void {
    if (this.ended || chunk.length === 0) return;
    this.chunks.push(chunk);
    this.held += chunk.length;
    if (!this.full && this.held >= this.options.highWaterBytes) {
      this.full = true;
      this.options.onFull();
    }
    this.signal();
  }

  /** No more audio: the reader drains what is held, then ends. */
  end(): void {
    this.ended = true;
    this.signal();
  }

  /** Drops what is held and ends at once (the client went away). */
  abort(): void {
    this.chunks.length = 0;
    this.held = 0;
    this.end();
    this.release();
  }

  private signal(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  private release(): void {
    if (this.full && this.held < this.options.highWaterBytes / 2) {
      this.full = false;
      this.options.onDrained();
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Uint8Array> {
    for (;;) {
      const chunk = this.chunks.shift();
      if (chunk) {
        this.held -= chunk.length;
        this.release();
        yield chunk;
        continue;
      }
      if (this.ended) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }
}
