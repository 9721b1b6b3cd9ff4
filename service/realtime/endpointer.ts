/**
 * The live endpointer: finds where speech starts and ends in 16 kHz PCM arriving in chunks of
 * any size, deciding on past audio only, and hands over the audio of each utterance for the
 * decoder. It follows the sync splitter (`recognition/segment.ts`: 10 ms frame energies,
 * speech = 12 dB over the noise floor, a pad of silence kept each side) so that streamed text
 * stays close to sync text, with what streaming changes:
 * - the noise floor is the 10th percentile of the last 1,000 frames judged silence (a histogram
 *   of 0.5 dB bins over a ring of frames), not of the whole file, so minutes of talk do not
 *   raise it; after 10 s with no silence at all (a louder room) it learns from every frame;
 *   until 1 s of audio has been seen it learns from every frame and is held at most at
 *   FLOOR_CEILING_DB, so speech from the first frame is found;
 * - an utterance ends after `hangoverMs` of silence (sync: 400 ms), so that the final result
 *   comes soon after the person stops; a shorter pause splits the utterance, which costs little
 *   since the decoder restarts its language-model context at every piece anyway; that silence
 *   goes to the decoder as the sync splitter's pad does (200 ms by default, the sync pad);
 * - an utterance longer than `maxUtteranceMs` is cut there (the manual's 30 s), and the next
 *   one starts at once if speech goes on.
 * - quieter than −60 dBFS is never speech (a floor of digital zeros would make dither speech).
 * Memory is fixed: a ring of 10 s of frame energies, the histogram, and `preRollMs` of audio.
 */

export interface EndpointerOptions {
  readonly sampleRate?: number;
  /** Silence that ends an utterance. */
  readonly hangoverMs?: number;
  /** Audio before the first speech frame handed to the decoder. */
  readonly preRollMs?: number;
  /** An utterance is cut at this length (from its first speech frame). */
  readonly maxUtteranceMs?: number;
  /** Speech shorter than this (a click) starts nothing. */
  readonly minSpeechMs?: number;
}

export type EndpointerEvent =
  /** `S`: `ms` is the first speech frame; the utterance's audio starts at `audioMs` (pre-roll). */
  | { readonly type: 'start'; readonly ms: number; readonly audioMs: number }
  /** Audio of the open utterance, in order, each sample once. */
  | { readonly type: 'audio'; readonly pcm: Int16Array }
  /** `E`: `ms` is just after the last speech frame; `cut` when the length limit ended it. */
  | { readonly type: 'end'; readonly ms: number; readonly cut: boolean };

const FRAME_MS = 10;
const WINDOW_FRAMES = 1000; // 10 s
const BIN_DB = 0.5;
const BINS = 240; // 0–120 dB
const SPEECH_DB = 12;
/** Whatever the floor, quieter than this is not speech (about −60 dBFS: dither, hum). */
const MIN_SPEECH_DB = 30;
/** Before 1 s of audio, a floor above this is taken as speech in the window, not noise. */
const FLOOR_CEILING_DB = 45;
const WARM_FRAMES = 100;
/** Frames of speech in a row after which the floor learns from speech frames too (10 s). */
const ADAPT_FRAMES = 1000;

export class Endpointer {
  private readonly frame: number;
  private readonly hangover: number;
  private readonly preRoll: number;
  private readonly maxFrames: number;
  private readonly minSpeech: number;

  // The noise floor: a ring of recent frame energies and their histogram.
  private readonly ring = new Uint8Array(WINDOW_FRAMES);
  private readonly histogram = new Uint32Array(BINS);
  private ringCount = 0;
  private ringNext = 0;
  private sinceSilence = 0;

  // The frame being measured.
  private sum = 0;
  private count = 0;
  private frames = 0;

  /** Recent audio not yet handed over (at most pre-roll + the frames being decided). */
  private held: Int16Array;
  private heldStart = 0; // sample index of held[0]
  private heldLength = 0;

  private speaking = false;
  /** Frames of speech in a row before an utterance is open (a click guard). */
  private run = 0;
  private utteranceStart = 0; // frame index of the first speech frame
  private lastSpeech = -1; // frame index of the last speech frame
  private handedTo = 0; // sample index up to which audio was handed over

  constructor(options: EndpointerOptions = {}) {
    const rate = options.sampleRate ?? 16_000;
    this.frame = (rate * FRAME_MS) / 1000;
    this.hangover = Math.round((options.hangoverMs ?? 200) / FRAME_MS);
    this.preRoll = Math.round((options.preRollMs ?? 200) / FRAME_MS);
    this.maxFrames = Math.round((options.maxUtteranceMs ?? 30_000) / FRAME_MS);
    this.minSpeech = Math.max(1, Math.round((options.minSpeechMs ?? 60) / FRAME_MS));
    const capacity = (this.preRoll + this.minSpeech + this.hangover + 2) * this.frame;
    this.held = new Int16Array(capacity);
  }

  /** Milliseconds of audio seen. */
  get audioMs(): number {
    return Math.floor(((this.frames * this.frame + this.count) * FRAME_MS) / this.frame);
  }

  /** Milliseconds since the last speech frame (all of the audio if there was none). */
  get silenceMs(): number {
    return (this.frames - 1 - this.lastSpeech) * FRAME_MS;
  }

  get inSpeech(): boolean {
    return this.speaking;
  }

  /** What the endpointer holds, for tests of its memory. */
  stats(): { heldSamples: number; heldCapacity: number; ringFrames: number } {
    return {
      heldSamples: this.heldLength,
      heldCapacity: this.held.length,
      ringFrames: this.ringCount,
    };
  }

  push(pcm: Int16Array): EndpointerEvent[] {
    const events: EndpointerEvent[] = [];
    let from = 0;
    for (let i = 0; i < pcm.length; i++) {
      const x = pcm[i]!;
      this.sum += x * x;
      if (++this.count === this.frame) {
        this.keep(pcm.subarray(from, i + 1));
        from = i + 1;
        this.closeFrame(events);
      }
    }
    this.keep(pcm.subarray(from));
    return events;
  }

  /** The audio ended: an open utterance ends at its last speech frame. */
  finish(): EndpointerEvent[] {
    const events: EndpointerEvent[] = [];
    if (this.speaking) this.endUtterance(events, false, this.heldStart + this.heldLength);
    this.heldStart += this.heldLength;
    this.heldLength = 0;
    return events;
  }

  /**
   * Samples (at most one frame's) go into the held buffer. While silent it keeps the latest
   * pre-roll and click-guard frames; while speaking everything up to the last whole frame has
   * been handed over, so nothing not yet handed over is ever dropped.
   */
  private keep(pcm: Int16Array): void {
    if (pcm.length === 0) return;
    const overflow = this.heldLength + pcm.length - this.held.length;
    if (overflow > 0) this.dropOldest(overflow);
    this.held.set(pcm, this.heldLength);
    this.heldLength += pcm.length;
  }

  private dropOldest(samples: number): void {
    this.held.copyWithin(0, samples, this.heldLength);
    this.heldLength -= samples;
    this.heldStart += samples;
  }

  /** Hands over held audio up to sample `until` (exclusive), from where the last one stopped. */
  private handOver(events: EndpointerEvent[], until: number): void {
    const from = Math.max(this.handedTo, this.heldStart);
    const to = Math.min(until, this.heldStart + this.heldLength);
    if (to > from) {
      events.push({
        type: 'audio',
        pcm: this.held.slice(from - this.heldStart, to - this.heldStart),
      });
      this.handedTo = to;
    }
    // What was handed over belongs to this utterance: a next one's pre-roll never reaches back
    // into it.
    if (to > this.heldStart) this.dropOldest(to - this.heldStart);
  }

  private closeFrame(events: EndpointerEvent[]): void {
    const energy = 10 * Math.log10(this.sum / this.count + 1);
    this.sum = 0;
    this.count = 0;
    const index = this.frames++;
    const speech = energy >= Math.max(this.floor() + SPEECH_DB, MIN_SPEECH_DB);
    // The floor learns from silence only, so a long stretch of speech does not become the floor;
    // when nothing has been silence for ADAPT_FRAMES (the room got louder), from everything.
    this.sinceSilence = speech ? this.sinceSilence + 1 : 0;
    if (!speech || index < WARM_FRAMES || this.sinceSilence > ADAPT_FRAMES) this.remember(energy);
    const frameEnd = (index + 1) * this.frame;

    if (!this.speaking) {
      this.run = speech ? this.run + 1 : 0;
      if (this.run >= this.minSpeech) this.startUtterance(events, index - this.run + 1);
      return;
    }
    if (speech) this.lastSpeech = index;
    if (index - this.utteranceStart + 1 >= this.maxFrames) {
      // The length limit: cut here; if speech goes on, the next utterance starts at once.
      this.endUtterance(events, true, frameEnd);
      if (speech) {
        this.run = this.minSpeech;
        this.startUtterance(events, index + 1, true);
      }
      return;
    }
    if (index - this.lastSpeech >= this.hangover) {
      this.endUtterance(events, false, frameEnd);
      return;
    }
    this.handOver(events, frameEnd);
  }

  private startUtterance(events: EndpointerEvent[], first: number, afterCut = false): void {
    this.speaking = true;
    this.utteranceStart = first;
    this.lastSpeech = Math.max(first, this.frames - 1);
    const audioStart = afterCut
      ? first * this.frame
      : Math.max(this.heldStart, (first - this.preRoll) * this.frame, 0);
    this.handedTo = audioStart;
    events.push({
      type: 'start',
      ms: first * FRAME_MS,
      audioMs: Math.round((audioStart * FRAME_MS) / this.frame),
    });
    if (!afterCut) this.handOver(events, this.frames * this.frame);
  }

  private endUtterance(events: EndpointerEvent[], cut: boolean, until: number): void {
    // The decoder gets the hangover's silence too: like the sync splitter's pad of silence.
    this.handOver(events, until);
    this.speaking = false;
    this.run = 0;
    events.push({
      type: 'end',
      ms: cut ? Math.round((until * FRAME_MS) / this.frame) : (this.lastSpeech + 1) * FRAME_MS,
      cut,
    });
  }

  private remember(energy: number): void {
    const bin = Math.min(BINS - 1, Math.max(0, Math.floor(energy / BIN_DB)));
    if (this.ringCount === WINDOW_FRAMES) this.histogram[this.ring[this.ringNext]!]!--;
    else this.ringCount++;
    this.ring[this.ringNext] = bin;
    this.histogram[bin]!++;
    this.ringNext = (this.ringNext + 1) % WINDOW_FRAMES;
  }

  /** The 10th percentile of the recent frames' energies. */
  private floor(): number {
    const rank = Math.floor(this.ringCount * 0.1);
    let seen = 0;
    let bin = 0;
    for (; bin < BINS; bin++) {
      seen += this.histogram[bin]!;
      if (seen > rank) break;
    }
    const floor = bin * BIN_DB;
    return this.frames < WARM_FRAMES ? Math.min(floor, FLOOR_CEILING_DB) : floor;
  }
}
