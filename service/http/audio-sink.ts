/**
 * Where uploaded audio goes while it streams in: memory for sync (bounded by the sync limit,
 * and nothing on disk so that nolog writes nothing), a file for async jobs (MD5 and size
 * computed on the way, so an hour of audio never sits in memory).
 */
import { createHash, type Hash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { finished } from 'node:stream/promises';

export interface AudioSink {
  readonly limit: number;
  size: number;
  /** Returns false when the chunk would pass the limit (the chunk is then not kept). */
  write(chunk: Buffer): Promise<boolean>;
  end(): Promise<void>;
  discard(): Promise<void>;
}

export class MemorySink implements AudioSink {
  size = 0;
  private readonly chunks: Buffer[] = [];
  constructor(readonly limit: number) {}

  async write(chunk: Buffer): Promise<boolean> {
    if (this.size + chunk.length > this.limit) return false;
    this.chunks.push(chunk);
    this.size += chunk.length;
    return true;
  }
  async end(): Promise<void> {}
  async discard(): Promise<void> {
    this.chunks.length = 0;
  }
  bytes(): Buffer {
    return Buffer.concat(this.chunks, this.size);
  }
}

/**
 * The file is created with the first audio byte, so a refused request (no key, say) touches no
 * disk; a discarded file is removed only once its stream has closed, so that an open still in
 * flight cannot recreate it afterwards.
 */
export class FileSink implements AudioSink {
  size = 0;
  private readonly md5: Hash = createHash('md5');
  private out: WriteStream | undefined;
  constructor(
    readonly path: string,
    readonly limit: number,
  ) {}

  private stream(): WriteStream {
    if (!this.out) {
      this.out = createWriteStream(this.path, { flags: 'wx', mode: 0o600 });
      this.out.on('error', () => {});
    }
    return this.out;
  }

  async write(chunk: Buffer): Promise<boolean> {
    if (this.size + chunk.length > this.limit) return false;
    this.size += chunk.length;
    this.md5.update(chunk);
    const out = this.stream();
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    return true;
  }
  async end(): Promise<void> {
    const out = this.stream();
    out.end();
    await finished(out);
  }
  async discard(): Promise<void> {
    const out = this.out;
    if (!out) return;
    if (!out.closed) {
      const closed = new Promise<void>((resolve) => out.once('close', () => resolve()));
      out.destroy();
      await closed;
    }
    await rm(this.path, { force: true });
  }
  digest(): string {
    return this.md5.digest('hex');
  }
}
