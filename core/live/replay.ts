/**
 * The pure parts of the live recognizer (./live-recognizer.ts): recording time, the audio kept
 * for replay after a dropped connection, the mapping of a session's times onto the recording,
 * and the reconnection back-off. No sockets, no timers.
 *
 * Recording time is the audio's own clock: milliseconds of LSB16K PCM (32 bytes a millisecond)
 * from the first byte the recognizer was given, whatever the wall clock did (a pause stops it,
 * a reconnection does not).
 */
import { INTERIM_MARKER, type FinalResult, type InterimResult, type Token } from '../../shared/api';

/** 16 kHz × 2 bytes: bytes of LSB16K audio per millisecond. */
export const BYTES_PER_MS = 32;

export const msOfBytes = (bytes: number): number => bytes / BYTES_PER_MS;

/** The byte offset of a time, on a sample boundary (an odd offset would swap every sample's bytes). */
export const bytesOfMs = (ms: number): number => Math.round((ms * BYTES_PER_MS) / 2) * 2;

/**
 * The audio recorded since the end of the last final result, in recording order, at most
 * `limitBytes` of it. `start` and `end` are recording byte offsets: the buffer holds
 * [start, end). Appending never copies the caller's chunks twice; reading may join two.
 */
export class ReplayBuffer {
  private chunks: Uint8Array[] = [];
  /** Recording offset of chunks[0][0]. */
  private chunkStart = 0;
  private startOffset = 0;
  private endOffset = 0;

  constructor(readonly limitBytes: number) {
    if (!(limitBytes > 0)) throw new RangeError('the replay limit must be positive');
  }

  /** Recording offset of the first byte kept. */
  get start(): number {
    return this.startOffset;
  }

  /** Recording offset after the last byte written: all the audio there has been. */
  get end(): number {
    return this.endOffset;
  }

  get size(): number {
    return this.endOffset - this.startOffset;
  }

  /**
   * Adds audio at the end. Returns the bytes dropped from the front to stay within the limit,
   * as [from, to) recording offsets, or undefined when none were.
   */
  append(bytes: Uint8Array): { from: number; to: number } | undefined {
    if (bytes.byteLength === 0) return undefined;
    this.chunks.push(bytes);
    this.endOffset += bytes.byteLength;
    if (this.size <= this.limitBytes) return undefined;
    const from = this.startOffset;
    // Whole samples: the limit may be any number of bytes.
    this.trimTo(this.endOffset - this.limitBytes + ((this.endOffset - this.limitBytes) % 2));
    return { from, to: this.startOffset };
  }

  /** Forgets the audio before `offset` (clamped to what is kept). */
  trimTo(offset: number): void {
    const to = Math.min(Math.max(offset, this.startOffset), this.endOffset);
    this.startOffset = to;
    while (this.chunks.length > 0) {
      const first = this.chunks[0]!;
      if (this.chunkStart + first.byteLength > to) break;
      this.chunkStart += first.byteLength;
      this.chunks.shift();
    }
    if (this.chunks.length === 0) this.chunkStart = to;
  }

  /** Up to `maxBytes` of the audio from `offset` on (clamped to what is kept); empty at the end. */
  read(offset: number, maxBytes: number): Uint8Array {
    let at = Math.max(offset, this.startOffset);
    const until = Math.min(this.endOffset, at + maxBytes);
    const parts: Uint8Array[] = [];
    let chunkAt = this.chunkStart;
    for (const chunk of this.chunks) {
      const chunkEnd = chunkAt + chunk.byteLength;
      if (chunkEnd > at && chunkAt < until) {
        parts.push(chunk.subarray(at - chunkAt, Math.min(chunk.byteLength, until - chunkAt)));
        at = Math.min(chunkEnd, until);
      }
      if (chunkEnd >= until) break;
      chunkAt = chunkEnd;
    }
    if (parts.length === 1) return parts[0]!;
    const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
    let pos = 0;
    for (const part of parts) {
      out.set(part, pos);
      pos += part.byteLength;
    }
    return out;
  }
}

/** An utterance of one service session as its events told it, in that session's time. */
export interface SessionUtterance {
  /** The S time, when it came. */
  readonly startMs?: number;
  /** The E time, when it came (before the A on the local service; the cloud may differ). */
  readonly endMs?: number;
}

export interface RecordingFinal {
  readonly startMs: number;
  readonly endMs: number;
  readonly text: string;
  readonly tokens: Token[];
}

const shift = (ms: number | undefined, by: number): number | undefined =>
  ms === undefined ? undefined : Math.max(0, Math.round(ms + by));

/**
 * A final result in recording time: the service session's times (from its own first audio
 * byte) plus `sessionStartMs`, the recording time at which that session's audio began. Its
 * span is the result's own, else the tokens', else the S and E it came between. Undefined for a
 * result that carries no words (code `o`, a failure): nothing to show.
 */
export function finalInRecording(
  result: FinalResult,
  sessionStartMs: number,
  utterance: SessionUtterance,
): RecordingFinal | undefined {
  const found = result.results[0];
  if (result.code !== '' || !found || found.text === '') return undefined;
  const tokens = found.tokens.map((token) => {
    const mapped = { ...token };
    const start = shift(token.starttime, sessionStartMs);
    const end = shift(token.endtime, sessionStartMs);
    if (start !== undefined) mapped.starttime = start;
    if (end !== undefined) mapped.endtime = end;
    return mapped;
  });
  const startMs =
    shift(found.starttime ?? found.tokens[0]?.starttime ?? utterance.startMs, sessionStartMs) ??
    Math.round(sessionStartMs);
  const endMs =
    shift(found.endtime ?? found.tokens.at(-1)?.endtime ?? utterance.endMs, sessionStartMs) ??
    startMs;
  return { startMs, endMs: Math.max(startMs, endMs), text: found.text, tokens };
}

/**
 * Where the audio still to be replayed after this final starts, in recording ms: the utterance's
 * E when it came (the next utterance starts at or after it), else the end of the result's words.
 * Undefined when the result says neither.
 */
export function replayFromAfterFinal(
  result: FinalResult,
  sessionStartMs: number,
  utterance: SessionUtterance,
): number | undefined {
  const found = result.results[0];
  const end = utterance.endMs ?? found?.endtime ?? found?.tokens.at(-1)?.endtime;
  return end === undefined ? undefined : end + sessionStartMs;
}

/** The text of an interim result, without the trailing `...` marker the service adds. */
export function interimText(result: InterimResult): string {
  const text = result.text.trimEnd();
  return (text.endsWith(INTERIM_MARKER) ? text.slice(0, -INTERIM_MARKER.length) : text).trimEnd();
}

export const DEFAULT_BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 15_000, 30_000] as const;

/** The wait before reconnection attempt `attempt` (1, 2…): the list's, then its last forever. */
export function backoffFor(attempt: number, backoffMs: readonly number[] = DEFAULT_BACKOFF_MS) {
  if (backoffMs.length === 0) return 0;
  return backoffMs[Math.min(Math.max(attempt, 1), backoffMs.length) - 1]!;
}
