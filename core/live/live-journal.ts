/**
 * A live session's journal of finals, `<data>/live/<id>.jsonl`: each final, and each name a
 * person gives a speaker, a JSON line appended and synced before it is acknowledged (so a crash
 * keeps them), read back at the next start. On a full disk the lines wait in memory and are
 * written, in order, with the next that finds room.
 */
import { open, readFile, type FileHandle } from 'node:fs/promises';
import { z } from 'zod';
import { AppFailure } from '../../shared/domain/errors';
import { liveUtteranceSchema, type LiveUtterance } from '../../shared/ipc/live';
import { isDiskFull, liveDiskFull } from './live-encoder';
import { syncFile } from './recording-files';

/** A journal line naming a speaker: `{"speaker":"speaker0","name":"Tanaka"}`. */
const speakerLineSchema = z.object({ speaker: z.string().min(1), name: z.string() });

/** What a session journaled: its finals in order, each once, and the names given its speakers. */
export async function readLiveJournal(path: string): Promise<{
  finals: LiveUtterance[];
  names: Map<string, string>;
}> {
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  const byIndex = new Map<number, LiveUtterance>();
  const names = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue;
    }
    const parsed = liveUtteranceSchema.safeParse(value);
    if (parsed.success && !byIndex.has(parsed.data.index))
      byIndex.set(parsed.data.index, parsed.data);
    const named = speakerLineSchema.safeParse(value);
    // The last name given counts.
    if (named.success) names.set(named.data.speaker, named.data.name);
  }
  return { finals: [...byIndex.values()].sort((a, b) => a.index - b.index), names };
}

/**
 * The finals a session journaled, in order, each once. A line a crash cut short (the last one)
 * is not JSON or not a whole utterance and is skipped.
 */
export async function readFinals(path: string): Promise<LiveUtterance[]> {
  return (await readLiveJournal(path)).finals;
}

/** Appends a session's journal lines (finals, names) in order, each synced before it resolves. */
export class FinalsWriter {
  /** The lines not yet on disk, in order: they wait for room. */
  private readonly unwritten: string[] = [];
  /** A write failed part way: the next starts on a line of its own. */
  private torn = false;
  /** The disk filled while writing: what could not be written waits in memory. */
  diskWasFull = false;
  private file: FileHandle | undefined;
  private appends: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly at: {
      /** The journal's file. */
      readonly path: string;
      /** The data folder, for the full disk's sentence. */
      readonly dataDir: string;
      /** The recording, synced with each line: the audio a final speaks of is on disk with it. */
      readonly recording: string;
      /** Whether the job is still there: a job removed while recording leaves nothing behind. */
      readonly kept: () => boolean;
    },
  ) {}

  /**
   * Adds a line and writes every line waiting, in order. On a full disk it rejects with
   * `live-disk-full` and the line waits in memory for the next write.
   */
  append(value: unknown): Promise<void> {
    this.unwritten.push(`${JSON.stringify(value)}\n`);
    const write = this.appends.then(() => this.write());
    this.appends = write.catch(() => undefined);
    return write;
  }

  /** The appends under way, settled. */
  settled(): Promise<unknown> {
    return this.appends;
  }

  /** Appends the lines not yet on disk, in order, and syncs them. */
  async write(): Promise<void> {
    if (!this.at.kept()) return;
    const count = this.unwritten.length;
    if (count === 0) return;
    const lines = this.unwritten.slice(0, count).join('');
    // After a torn write the new lines start afresh; readFinals skips the torn one.
    const text = Buffer.from(`${this.torn ? '\n' : ''}${lines}`);
    try {
      this.file ??= await open(this.at.path, 'a', 0o600);
      const { bytesWritten } = await this.file.write(text);
      // A short write is the disk filling part way through (caught below, as ENOSPC).
      if (bytesWritten < text.length)
        throw Object.assign(new Error('a short write'), { code: 'ENOSPC' });
      this.torn = false;
      await this.file.datasync();
    } catch (error) {
      if (!isDiskFull(error)) throw error;
      // Part of a line may have reached the disk.
      this.torn = true;
      this.diskWasFull = true;
      throw new AppFailure(liveDiskFull(this.at.dataDir, (error as Error).message));
    }
    this.unwritten.splice(0, count);
    await syncFile(this.at.recording);
  }

  async close(): Promise<void> {
    await this.file?.close().catch(() => undefined);
  }
}
