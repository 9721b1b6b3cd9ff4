/**
 * The audio a live session streamed, counted where it is sent (docs/architecture.md §5, usage):
 * for its connection, in steps of BILL_EVERY_BYTES and at the end, and on its job as a running
 * total (`billedSeconds`).
 */
import { LIVE_AUDIO } from '../../shared/ipc/live';
import type { UsageMeter } from '../usage/usage-meter';

/**
 * Audio streamed is counted in steps of this much (5 s), and at the end: a crash forgets at most
 * one step, and the count is not written for every packet.
 */
const BILL_EVERY_BYTES = 5 * LIVE_AUDIO.sampleRate * LIVE_AUDIO.bytesPerSample;

export class LiveBilling {
  /** Audio streamed and not yet counted, in bytes. */
  private unbilledBytes = 0;
  /** Everything counted, in seconds. */
  private billedSeconds = 0;

  constructor(
    private readonly usage: Pick<UsageMeter, 'bill'> | undefined,
    private readonly to: { readonly connection: string; readonly logged: boolean },
    /** The running total, for the job. */
    private readonly counted: (billedSeconds: number) => void,
  ) {}

  /** Bytes the send loop handed the socket (replays after a drop too). */
  sent(bytes: number): void {
    this.unbilledBytes += bytes;
    if (this.unbilledBytes >= BILL_EVERY_BYTES) this.count();
  }

  /** Counts the audio streamed since the last count. */
  count(): void {
    if (this.unbilledBytes === 0) return;
    const seconds = this.unbilledBytes / (LIVE_AUDIO.sampleRate * LIVE_AUDIO.bytesPerSample);
    this.unbilledBytes = 0;
    this.billedSeconds += seconds;
    this.counted(this.billedSeconds);
    this.usage?.bill({ ...this.to, seconds });
  }
}
