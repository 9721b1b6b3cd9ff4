/**
 * Sending only speech: which stretches of a recording are sent, and how a time in the file sent
 * (the kept stretches one after another) is a time in the recording again.
 *
 * A detector (core/jobs/speech-detector.ts) says where people speak. Stretches closer than
 * `longGapMs` are one (a pause within a talk is sent whole, as the engine expects to hear it);
 * each longer gap is shortened to `gapKeptMs`, half of it kept at each side: that half is the
 * stretch's margin, so a soft onset or a trailing consonant just outside what the detector heard
 * is sent, and it is real room sound, so the engine hears a pause, not a splice. The recording's
 * start and end count as neighbours: a lead-in or tail within `longGapMs` is kept whole.
 *
 * Everything is in integer milliseconds, as the API writes word times.
 */
import { z } from 'zod';
import type { Utterance } from '../api/recognition';

/** A stretch of a recording, in ms from its start: from `[0]` up to (not including) `[1]`. */
export type Stretch = readonly [from: number, to: number];

export const SPEECH_CUT = {
  /** A gap between stretches of speech longer than this is shortened. */
  longGapMs: 2_000,
  /**
   * What is left of a long gap in the file sent, half at each side. Silero's ends lie within
   * about 100 ms of the speech: 250 ms holds what it leaves out.
   */
  gapKeptMs: 500,
  /**
   * Every stretch starts and ends on a multiple of this: the file is cut in frames of this
   * length (core/media/media-tools.ts, cutToFlac), so each stretch is sent exactly as long as it is.
   */
  stepMs: 10,
} as const;
export type SpeechCutRules = { readonly [K in keyof typeof SPEECH_CUT]: number };

const msSchema = z.number().int().nonnegative();

/** What a job sent when only speech was sent (kept on the job). */
export const speechCutSchema = z.object({
  /** The stretches of the recording sent, in order and apart: the file sent is them in turn. */
  kept: z.array(z.tuple([msSchema, msSchema])),
  /** The recording's length as the detector read it. */
  recordingMs: msSchema,
});
export type SpeechCut = z.infer<typeof speechCutSchema>;
/** A cut as the mapping reads it (a planned one, or a job's). */
export type CutStretches = { readonly kept: readonly Stretch[]; readonly recordingMs: number };

/**
 * The stretches to send, from where the detector heard speech (any order, may overlap), for a
 * recording of `recordingMs`: joined across short gaps, long gaps cut down. None when no speech
 * was heard.
 */
export function planSpeechCut(
  speech: readonly Stretch[],
  recordingMs: number,
  rules: SpeechCutRules = SPEECH_CUT,
): Stretch[] {
  const end = Math.max(0, Math.round(recordingMs));
  const heard = speech
    .map(([from, to]): Stretch => [
      clamp(Math.round(Math.min(from, to)), 0, end),
      clamp(Math.round(Math.max(from, to)), 0, end),
    ])
    .filter(([from, to]) => to > from)
    .sort((a, b) => a[0] - b[0]);
  const joined: [number, number][] = [];
  for (const [from, to] of heard) {
    const last = joined.at(-1);
    if (last && from - last[1] <= rules.longGapMs) last[1] = Math.max(last[1], to);
    else joined.push([from, to]);
  }
  const half = Math.floor(rules.gapKeptMs / 2);
  const step = Math.max(1, rules.stepMs);
  return joined.map(([from, to]) => [
    from <= rules.longGapMs ? 0 : Math.floor((from - half) / step) * step,
    end - to <= rules.longGapMs ? end : Math.min(end, Math.ceil((to + half) / step) * step),
  ]);
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** How long the file made of `kept` is, in ms. */
export const sentMs = (kept: readonly Stretch[]): number =>
  kept.reduce((sum, [from, to]) => sum + (to - from), 0);

/**
 * A time in the file sent, as a time in the recording. Each stretch's first moment belongs to
 * it (a time at a join is the next stretch's start), so the mapping never goes back: times in
 * order stay in order. A time past the file's end (an engine's last word rounded up) runs on
 * from the last stretch's end, up to the recording's end.
 */
export function recordingTimeOf(cut: CutStretches): (sentTime: number) => number {
  const starts: number[] = [];
  let at = 0;
  for (const [from, to] of cut.kept) {
    starts.push(at);
    at += to - from;
  }
  return (time) => {
    if (cut.kept.length === 0) return clamp(Math.round(time), 0, cut.recordingMs);
    // The last stretch starting at or before `time` (binary search: a meeting has hundreds).
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= time) low = mid;
      else high = mid - 1;
    }
    const [from] = cut.kept[low]!;
    return clamp(Math.round(from + Math.max(0, time - starts[low]!)), 0, cut.recordingMs);
  };
}

/**
 * The utterances as the recording holds them: every time of every utterance and word moved from
 * the file sent to the recording. Words, text and speaker labels are untouched.
 */
export function utterancesInRecording(
  utterances: readonly Utterance[],
  cut: CutStretches,
): Utterance[] {
  const map = recordingTimeOf(cut);
  const times = <T extends { starttime?: number | undefined; endtime?: number | undefined }>(
    item: T,
  ): T => ({
    ...item,
    ...(item.starttime !== undefined && { starttime: map(item.starttime) }),
    ...(item.endtime !== undefined && { endtime: map(item.endtime) }),
  });
  return utterances.map((utterance) => ({
    ...times(utterance),
    tokens: utterance.tokens.map(times),
  }));
}
