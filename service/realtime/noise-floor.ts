/**
 * The noise floor an endpointer judges speech against: the 10th percentile of the last frames'
 * energies (as the splitter takes it), kept in a histogram of 0.1 dB bins so that the cost per
 * frame is constant however long the window.
 */

const PERCENTILE = 0.1;
/** Energy histogram: 0.1 dB bins; int16 audio peaks at 90.3 dB. */
const BINS_PER_DB = 10;
const BINS = 100 * BINS_PER_DB + 1;

export class NoiseFloor {
  /** The last frames' histogram bins, frame n at n % window.length. */
  private readonly window: Uint16Array;
  private filled = 0;
  private remembered = 0;
  private readonly histogram = new Uint32Array(BINS);
  private percentileBin = 0;
  /** Frames of the window in bins below percentileBin. */
  private below = 0;

  constructor(windowFrames: number) {
    this.window = new Uint16Array(windowFrames);
  }

  /** Adds a frame's energy to the noise window, dropping the oldest when it is full. */
  remember(energy: number): void {
    const bin = Math.min(BINS - 1, Math.max(0, Math.floor(energy * BINS_PER_DB)));
    const { window, histogram } = this;
    const slot = this.remembered++ % window.length;
    if (this.filled === window.length) {
      const old = window[slot]!;
      histogram[old]!--;
      if (old < this.percentileBin) this.below--;
    } else {
      this.filled++;
    }
    window[slot] = bin;
    histogram[bin]!++;
    if (bin < this.percentileBin) this.below++;
    // Move the percentile bin so that `below` ≤ rank < below + its count: the splitter's
    // sorted[floor(n * 0.1)] once the window is full; before, a lower one (the minimum at
    // first), since a session that starts in speech has too few quiet frames yet for its 10th
    // percentile to be noise. Energies drift slowly, so the bin moves a step or two per frame.
    const n = this.filled;
    const rank = Math.floor((n * n * PERCENTILE) / window.length);
    while (this.below > rank) this.below -= histogram[--this.percentileBin]!;
    while (this.below + histogram[this.percentileBin]! <= rank)
      this.below += histogram[this.percentileBin++]!;
  }

  /** Frames in the window (up to its length). */
  get fill(): number {
    return this.filled;
  }

  /** The floor in dB. */
  floor(): number {
    return this.percentileBin / BINS_PER_DB;
  }
}
