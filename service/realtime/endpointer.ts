/**
 * A streaming endpointer for live sessions: 16 kHz mono PCM in, in chunks of any size; out, in
 * order, `start` (S), the utterance's audio for the decoder, `end` (E).
 *
 * It makes the same decision as the sync path's splitter (service/recognition/segment.ts) so that
 * streamed text stays close to sync text: 10 ms frames, energy in dB, a frame is speech when it is
 * at least 12 dB above the noise floor, the floor being the 10th percentile of frame energies. The
 * differences are what causality forces:
 * - the floor is the 10th percentile of the last `noiseWindowMs` (5 s) of quiet frames instead
 *   of the whole file, kept in a histogram of 0.1 dB bins so that the cost per frame is constant
 *   and memory does not grow with the session. Speech frames stay out of it (loud words would
 *   raise it under the quieter ones after them), except while it knows fewer than 30 frames and
 *   after 3 s with no quiet frame at all. A quieter room is followed within ~0.5 s (10% of the
 *   window); a louder one within ~7.5 s (3 s, then 90% of the window), meanwhile the new noise
 *   reads as speech and ends as one utterance. Frames of exact zeros (a muted or starting
 *   microphone) stay out;
 * - while the window fills, the percentile is lower, n/N of the 10th (the minimum at first):
 *   a session that starts in speech has too few quiet frames yet for its 10th percentile to be
 *   noise. A session's first seconds therefore call a little more speech than the splitter does
 *   (a breath before the first word);
 * - an utterance ends after `hangoverMs` of silence (200 ms) rather than the splitter's 400 ms,
 *   so that the final result can come ≤ 0.3 s after the end of speech; the price is that pauses
 *   of 200–400 ms (commas, breaths) split a sentence in two where the sync path keeps it whole;
 * - the first `warmupMs` (300 ms) of a session are judged together, with the floor of those
 *   frames, once they are all in: a first frame has no floor to be judged against, and a
 *   session may start in the middle of speech. This delays only the first S of a session, by
 *   at most `warmupMs`; everywhere else the look-ahead is the hangover;
 * - a start needs `minSpeechMs` of speech frames before a silence of `hangoverMs`, so that a
 *   click does not open an utterance; S is still the first speech frame;
 * - an utterance that reaches `maxUtteranceMs` from its S is cut there (E with cut = true) and,
 *   if the speech goes on, the next one starts at the cut (no look-back for a quieter frame,
 *   since its audio has already gone to the decoder).
 *
 * The decoder receives [S − preRollMs, E + padMs) of each utterance (pre-roll clipped to the
 * end of the audio already handed over): every sample at most once, in order.
 */
import { NoiseFloor } from './noise-floor';

export interface EndpointerOptions {
  /** 16000. */
  readonly sampleRate?: number;
  /** Silence that ends an utterance: 200 ms (the splitter's minSilenceMs is 400 ms). */
  readonly hangoverMs?: number;
  /** Audio before S handed to the decoder: 200 ms (the splitter's padMs). */
  readonly preRollMs?: number;
  /** Silence kept after the speech: 200 ms (the splitter's padMs); at most hangoverMs. */
  readonly padMs?: number;
  /** An utterance is cut this long after its S: 30000 (the API's limit). */
  readonly maxUtteranceMs?: number;
  /** Speech frames needed to open an utterance: 50 ms (a click is shorter). */
  readonly minSpeechMs?: number;
  /** The span of past audio whose 10th-percentile energy is the noise floor: 5000 ms. */
  readonly noiseWindowMs?: number;
  /** Audio judged at once at the start of a session: 300 ms. */
  readonly warmupMs?: number;
}

export type EndpointerEvent =
  /** S: ms of the first speech frame, from the first sample of the session. */
  | {
      readonly type: 'start';
      readonly ms: number;
      /** Where the utterance's audio (pre-roll first) starts: the decoder's time zero. */
      readonly audioMs: number;
    }
  /** Audio of the current utterance, in order, pre-roll first; only between start and end. */
  | { readonly type: 'audio'; readonly pcm: Int16Array }
  /** E: ms just after the last speech frame; cut = ended by maxUtteranceMs. */
  | { readonly type: 'end'; readonly ms: number; readonly cut: boolean };

export interface EndpointerStats {
  /** Size of the audio ring (samples): fixed at construction. */
  readonly ringSamples: number;
  /** Samples still held that may yet be handed over (≤ ringSamples). */
  readonly heldSamples: number;
  /** Frames in the noise window (≤ its size). */
  readonly windowFrames: number;
  /** The current noise floor (dB), NaN before the first frame. */
  readonly floorDb: number;
}

const FRAME_MS = 10;
/** Frames with no quiet one after which the floor learns from speech frames too (3 s). */
const ADAPT_FRAMES = 300;
/** A floor of fewer frames than this learns from every frame. */
const MIN_FLOOR_FRAMES = 30;
/** dB above the noise floor that make a frame speech (as the splitter). */
const SPEECH_DB = 12;

export class Endpointer {
  readonly sampleRate: number;
  private readonly frame: number;
  private readonly hangover: number;
  private readonly preRoll: number;
  private readonly pad: number;
  private readonly maxFrames: number;
  private readonly minSpeech: number;
  private readonly warmup: number;

  /** The last `ring.length` samples, sample n at n % ring.length. */
  private readonly ring: Int16Array;
  private samples = 0;
  private frameSum = 0;
  private frameFill = 0;
  private frames = 0;

  /** The noise floor, learnt from the frames (noise-floor.ts). */
  private readonly noise: NoiseFloor;
  private sinceQuiet = 0;
  private readonly warmupEnergies: Float64Array;

  private speaking = false;
  /** First speech frame of a start not yet confirmed by minSpeech speech frames, or -1. */
  private candidate = -1;
  private candidateSpeech = 0;
  /** Last speech frame (of the candidate or of the utterance). */
  private lastSpeech = -1;
  private utteranceStart = 0;
  /** Audio before this sample has been handed over (or will never be). */
  private handed = 0;
  /** End (sample) of the last confirmed speech frame. */
  private lastSpeechEnd = 0;
  private finished = false;

  private events: EndpointerEvent[] = [];
  private pieces: Int16Array[] = [];

  constructor(options: EndpointerOptions = {}) {
    const {
      sampleRate = 16_000,
      hangoverMs = 200,
      preRollMs = 200,
      padMs = 200,
      maxUtteranceMs = 30_000,
      minSpeechMs = 50,
      noiseWindowMs = 5_000,
      warmupMs = 300,
    } = options;
    const frames = (ms: number, name: string, min = 0) => {
      const n = Math.round(ms / FRAME_MS);
      if (!Number.isFinite(ms) || n < min)
        throw new RangeError(`endpointer: ${name} must be at least ${min * FRAME_MS} ms`);
      return n;
    };
    if (!Number.isInteger(sampleRate) || sampleRate < 1_000 || sampleRate % 100 !== 0)
      throw new RangeError('endpointer: sampleRate must be a whole multiple of 100 Hz');
    this.sampleRate = sampleRate;
    this.frame = (sampleRate * FRAME_MS) / 1000;
    this.hangover = frames(hangoverMs, 'hangoverMs', 1);
    this.preRoll = frames(preRollMs, 'preRollMs');
    // Audio after the hangover's start is not handed over before the hangover decides, so the
    // pad cannot exceed it.
    this.pad = Math.min(frames(padMs, 'padMs'), this.hangover);
    this.maxFrames = frames(maxUtteranceMs, 'maxUtteranceMs', 1);
    this.minSpeech = frames(minSpeechMs, 'minSpeechMs', 1);
    // A start is confirmed less than minSpeech × hangover frames after its first speech frame
    // (minSpeech speech frames, each gap shorter than the hangover): an utterance must be able
    // to last that long, or it would pass its limit before it began.
    if (this.maxFrames < this.minSpeech * this.hangover)
      throw new RangeError(
        'endpointer: maxUtteranceMs must be at least minSpeechMs × hangoverMs / 10 ms',
      );
    const windowFrames = frames(noiseWindowMs, 'noiseWindowMs', 1);
    if (windowFrames > 0xffff) throw new RangeError('endpointer: noiseWindowMs is at most 655 s');
    this.noise = new NoiseFloor(windowFrames);
    this.warmup = Math.min(frames(warmupMs, 'warmupMs'), windowFrames);
    this.warmupEnergies = new Float64Array(this.warmup);
    // The oldest audio still needed: the warm-up's; or a candidate's pre-roll, the candidate
    // being open at most minSpeech speech frames each followed by less than a hangover of
    // silence; or the silence held back during a hangover. Plus the frame being filled.
    const held = Math.max(
      this.warmup,
      this.preRoll + this.minSpeech * this.hangover + 1,
      this.hangover + 1,
    );
    this.ring = new Int16Array((held + 2) * this.frame);
  }

  /** ms of audio seen. */
  get audioMs(): number {
    return (this.samples * 1000) / this.sampleRate;
  }

  /** ms since the end of the last speech (of an utterance), or since the session began. */
  get silenceMs(): number {
    return ((this.samples - this.lastSpeechEnd) * 1000) / this.sampleRate;
  }

  /** Between a start and its end. */
  get inSpeech(): boolean {
    return this.speaking;
  }

  stats(): EndpointerStats {
    const from =
      this.frames < this.warmup
        ? 0
        : this.candidate >= 0
          ? Math.max(this.handed, (this.candidate - this.preRoll) * this.frame)
          : this.speaking
            ? this.handed
            : Math.max(this.handed, (this.frames - this.preRoll) * this.frame);
    return {
      ringSamples: this.ring.length,
      heldSamples: this.samples - Math.min(from, this.samples),
      windowFrames: this.noise.fill,
      floorDb: this.noise.fill === 0 ? NaN : this.noise.floor(),
    };
  }

  push(pcm: Int16Array): EndpointerEvent[] {
    if (this.finished) throw new Error('endpointer: push after finish');
    const { ring, frame } = this;
    let i = 0;
    while (i < pcm.length) {
      const take = Math.min(pcm.length - i, frame - this.frameFill);
      let at = this.samples % ring.length;
      let sum = this.frameSum;
      for (let k = 0; k < take; k++) {
        const s = pcm[i + k]!;
        sum += s * s;
        ring[at] = s;
        if (++at === ring.length) at = 0;
      }
      this.frameSum = sum;
      this.frameFill += take;
      this.samples += take;
      i += take;
      if (this.frameFill === frame) this.closeFrame();
    }
    return this.drain();
  }

  /** The audio ended (client sent `e`): judges the last partial frame, closes an open utterance. */
  finish(): EndpointerEvent[] {
    if (this.finished) return [];
    this.finished = true;
    if (this.frameFill > 0) this.closeFrame();
    if (this.frames < this.warmup && this.frames > 0) this.endWarmup();
    if (this.speaking) this.close(false);
    this.candidate = -1;
    return this.drain();
  }

  private closeFrame(): void {
    const energy = 10 * Math.log10(this.frameSum / this.frameFill + 1);
    this.frameSum = 0;
    this.frameFill = 0;
    const f = this.frames++;
    // A frame of exact zeros is no room's noise but a muted or starting microphone: left out of
    // the floor, it cannot hold the floor at 0 dB (all noise reading as speech) when sound comes.
    if (f < this.warmup) {
      if (energy > 0) this.noise.remember(energy);
      this.warmupEnergies[f] = energy;
      if (f === this.warmup - 1) this.endWarmup();
      return;
    }
    const silent = energy < this.noise.floor() + SPEECH_DB;
    // Loud speech is no noise: the floor learns from quiet frames, so that the quieter closing
    // words of a loud sentence are still speech (LibriVox 0920 lost its last three words to a
    // floor raised by the loud words before them). It learns from every frame while it knows
    // fewer than MIN_FLOOR_FRAMES (after a muted start), and after ADAPT_FRAMES with no quiet
    // frame at all (the room got louder).
    this.sinceQuiet = silent ? 0 : this.sinceQuiet + 1;
    const learn = silent || this.noise.fill < MIN_FLOOR_FRAMES || this.sinceQuiet > ADAPT_FRAMES;
    if (energy > 0 && learn) this.noise.remember(energy);
    this.judge(f, silent);
  }

  /** The warm-up's frames, judged against the floor of all of them. */
  private endWarmup(): void {
    const threshold = this.noise.floor() + SPEECH_DB;
    const n = Math.min(this.frames, this.warmup);
    for (let f = 0; f < n; f++) this.judge(f, this.warmupEnergies[f]! < threshold);
  }

  private judge(f: number, silent: boolean): void {
    const end = Math.min((f + 1) * this.frame, this.samples);
    if (!this.speaking) {
      if (silent) {
        if (this.candidate >= 0 && f - this.lastSpeech >= this.hangover) this.candidate = -1;
        return;
      }
      if (this.candidate < 0) {
        this.candidate = f;
        this.candidateSpeech = 0;
      }
      this.lastSpeech = f;
      if (++this.candidateSpeech < this.minSpeech) return;
      this.speaking = true;
      this.utteranceStart = this.candidate;
      this.handed = Math.max(this.handed, (this.candidate - this.preRoll) * this.frame);
      this.emit({
        type: 'start',
        ms: this.ms(this.candidate * this.frame),
        audioMs: this.ms(this.handed),
      });
      this.candidate = -1;
      this.lastSpeechEnd = end;
      this.hand(end);
      this.cutAtLimit(f, end);
    } else if (!silent) {
      if (f + 1 - this.utteranceStart > this.maxFrames) {
        // Speech resumes after a pause that straddled the limit: the utterance ends before the
        // pause, and this frame opens the next.
        this.close(true, f * this.frame);
        this.judge(f, silent);
        return;
      }
      this.lastSpeech = f;
      this.lastSpeechEnd = end;
      this.hand(end);
      this.cutAtLimit(f, end);
    } else {
      // A pause at the limit ends as usual (E, being the last speech, stays within the limit).
      const run = f - this.lastSpeech;
      if (run <= this.pad) this.hand(end);
      if (run >= this.hangover) this.close(false);
    }
  }

  /**
   * Speech at the limit: the utterance ends there and the next starts at the cut, as a candidate
   * that the following speech frames confirm (so a cut just before a pause opens nothing).
   */
  private cutAtLimit(f: number, end: number): void {
    if (f + 1 - this.utteranceStart < this.maxFrames) return;
    this.emitEnd(end, true);
    this.speaking = false;
  }

  /** Ends the utterance at its last speech frame, handing over the pad that exists. */
  private close(cut: boolean, limit = this.samples): void {
    this.hand(Math.min(this.lastSpeechEnd + this.pad * this.frame, limit));
    this.emitEnd(this.lastSpeechEnd, cut);
    this.speaking = false;
  }

  private emitEnd(sample: number, cut: boolean): void {
    this.emit({ type: 'end', ms: this.ms(sample), cut });
    // What follows the end is not this utterance's: a later pre-roll starts here at the earliest.
    this.handed = Math.max(this.handed, sample);
  }

  /** Hands the audio from `handed` up to sample `to` to the decoder. */
  private hand(to: number): void {
    if (to <= this.handed) return;
    const { ring } = this;
    if (this.samples - this.handed > ring.length)
      throw new Error('endpointer: audio to hand over has left the ring (a bug)');
    const out = new Int16Array(to - this.handed);
    const from = this.handed % ring.length;
    const first = Math.min(out.length, ring.length - from);
    out.set(ring.subarray(from, from + first));
    if (first < out.length) out.set(ring.subarray(0, out.length - first), first);
    this.pieces.push(out);
    this.handed = to;
  }

  private emit(event: EndpointerEvent): void {
    this.flushAudio();
    this.events.push(event);
  }

  private flushAudio(): void {
    if (this.pieces.length === 0) return;
    const pcm =
      this.pieces.length === 1
        ? this.pieces[0]!
        : new Int16Array(this.pieces.reduce((n, p) => n + p.length, 0));
    if (this.pieces.length > 1) {
      let at = 0;
      for (const piece of this.pieces) {
        pcm.set(piece, at);
        at += piece.length;
      }
    }
    this.pieces = [];
    this.events.push({ type: 'audio', pcm });
  }

  private drain(): EndpointerEvent[] {
    this.flushAudio();
    const events = this.events;
    this.events = [];
    return events;
  }

  private ms(sample: number): number {
    return Math.round((sample * 1000) / this.sampleRate);
  }
}
