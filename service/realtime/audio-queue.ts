/**
 * The audio of one live session between the socket and the decoder: `p` packets go in as they
 * arrive, the decoder pulls them out as fast as the engine takes them. The queue is bounded by
 * asking the socket to stop reading (`onFull`) once it holds `highWaterBytes`, and to read again
 * (`onDrained`) once it is under half of that, so a client sending faster than the engine
 * decodes waits in its own send buffer, never in our memory.
 *
 * Small packets are copied together into chunks of up to `COALESCE_BYTES`, so that what the
 * queue holds in memory is what it counts: a million one-byte packets are a megabyte here, not
 * a million objects.
 */
export interface AudioQueueOptions {
  readonly highWaterBytes: number;
  readonly onFull: () => void;
  readonly onDrained: () => void;
}

/** Packets smaller than this share a chunk; a chunk of them holds at most this much. */
export const COALESCE_BYTES = 4096;

export class AudioQueue implements AsyncIterable<Uint8Array> {
  private readonly chunks: Uint8Array[] = [];
  /** The chunk small packets are being copied into, after every chunk of `chunks`. */
  private tail: Buffer | undefined;
  private tailBytes = 0;
  private held = 0;
  private ended = false;
  private full = false;
  private wake: (() => void) | undefined;

  constructor(private readonly options: AudioQueueOptions) {}

  /** Bytes waiting for the decoder. */
  get bytes(): number {
    return this.held;
  }

  /** Takes the packet (a large one as it is: the caller must not reuse it). */
  push(chunk: Uint8Array): void {
    if (this.ended || chunk.length === 0) return;
    if (chunk.length >= COALESCE_BYTES) {
      this.closeTail();
      this.chunks.push(chunk);
    } else {
      if (this.tail && this.tailBytes + chunk.length > COALESCE_BYTES) this.closeTail();
      this.tail ??= Buffer.allocUnsafeSlow(COALESCE_BYTES);
      this.tail.set(chunk, this.tailBytes);
      this.tailBytes += chunk.length;
    }
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
    this.tail = undefined;
    this.tailBytes = 0;
    this.held = 0;
    this.end();
    this.release();
  }

  private closeTail(): void {
    if (!this.tail) return;
    this.chunks.push(this.tail.subarray(0, this.tailBytes));
    this.tail = undefined;
    this.tailBytes = 0;
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
      if (this.chunks.length === 0) this.closeTail();
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
