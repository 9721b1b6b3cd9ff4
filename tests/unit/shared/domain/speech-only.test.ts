/**
 * Sending only speech: the stretches sent (margins, short gaps kept, long gaps cut to half a
 * second) and the way back from the file sent to the recording, as properties over any
 * detector's answer, any cut and any word times: nothing out of order, nothing outside the
 * recording, and a sound kept is found at its own moment.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Utterance } from '../../../../shared/api/recognition';
import {
  planSpeechCut,
  recordingTimeOf,
  SPEECH_CUT,
  sentMs,
  utterancesInRecording,
  type SpeechCut,
  type Stretch,
} from '../../../../shared/domain/speech-only';

/** A recording's length and where a detector heard speech in it (any order, overlapping). */
const detected = fc.integer({ min: 0, max: 4 * 3_600_000 }).chain((recordingMs) =>
  fc.record({
    recordingMs: fc.constant(recordingMs),
    speech: fc.array(
      fc
        .tuple(
          fc.integer({ min: -1_000, max: recordingMs + 1_000 }),
          fc.integer({ min: 0, max: 120_000 }),
        )
        .map(([from, length]): Stretch => [from, from + length]),
      { maxLength: 60 },
    ),
  }),
);

/** Any cut: stretches in order and apart within a recording (not only what the plan makes). */
const anyCut: fc.Arbitrary<SpeechCut> = fc
  .array(fc.integer({ min: 0, max: 10_000_000 }), { maxLength: 40 })
  .chain((points) => {
    const sorted = [...new Set(points)].sort((a, b) => a - b);
    const kept: [number, number][] = [];
    for (let i = 0; i + 1 < sorted.length; i += 2) kept.push([sorted[i]!, sorted[i + 1]!]);
    const last = sorted.at(-1) ?? 0;
    return fc
      .integer({ min: last, max: last + 100_000 })
      .map((recordingMs) => ({ kept, recordingMs }));
  });

/** Utterances with word times in the file sent, in order or not, some past its end. */
const utterancesFor = (length: number) =>
  fc.array(
    fc.record({
      times: fc.array(fc.integer({ min: 0, max: length + 5_000 }), { maxLength: 30 }),
      label: fc.option(fc.constantFrom('speaker0', 'speaker1'), { nil: undefined }),
    }),
    { maxLength: 8 },
  );

/** Utterances whose words' times are the given ones, two by two, each pair in order. */
function utterancesOf(
  specs: readonly { times: readonly number[]; label: string | undefined }[],
): Utterance[] {
  return specs.map(({ times, label }, u) => {
    const sorted = [...times].sort((a, b) => a - b);
    const tokens = [];
    for (let i = 0; i + 1 < sorted.length; i += 2)
      tokens.push({
        written: `w${u}-${i}`,
        starttime: sorted[i]!,
        endtime: sorted[i + 1]!,
        ...(label ? { label } : {}),
      });
    return {
      tokens,
      starttime: sorted[0] ?? 0,
      endtime: sorted.at(-1) ?? 0,
      tags: [],
      rulename: '',
      text: tokens.map((t) => t.written).join(' '),
    };
  });
}

describe('the stretches sent', () => {
  it('are in order, apart, inside the recording, and hold every sound the detector heard with a margin of 250 ms', () => {
    fc.assert(
      fc.property(detected, ({ recordingMs, speech }) => {
        const kept = planSpeechCut(speech, recordingMs);
        for (const [i, [from, to]] of kept.entries()) {
          expect(from).toBeGreaterThanOrEqual(0);
          expect(to).toBeLessThanOrEqual(recordingMs);
          expect(to).toBeGreaterThan(from);
          // Gaps left between stretches are long ones: each was over 2 s, now half a second.
          if (i > 0) expect(from - kept[i - 1]![1]).toBeGreaterThan(SPEECH_CUT.longGapMs - 500);
        }
        const inside = (t: number) => kept.some(([from, to]) => t >= from && t < to);
        for (const [a, b] of speech) {
          // A mark of no length inside the recording (under a millisecond, or past its end) is
          // no sound heard: nothing to keep.
          const heard = (t: number) => Math.min(recordingMs, Math.max(0, Math.round(t)));
          if (heard(Math.max(a, b)) <= heard(Math.min(a, b))) continue;
          const margin = SPEECH_CUT.gapKeptMs / 2;
          const from = Math.max(0, Math.min(a, b) - margin);
          const to = Math.min(recordingMs, Math.max(a, b) + margin);
          if (to <= from) continue;
          for (const t of [from, Math.floor((from + to) / 2), to - 1]) expect(inside(t)).toBe(true);
        }
        expect(sentMs(kept)).toBeLessThanOrEqual(recordingMs);
      }),
    );
  });

  it('join stretches 2 s apart or less, and leave a long gap half a second in the file sent', () => {
    // Speech at 10–12 s and 13.5–15 s (1.5 s apart) is one stretch; 40 s comes 25 s later:
    // that gap is cut to 0.5 s, 0.25 s kept at each side.
    const kept = planSpeechCut(
      [
        [10_000, 12_000],
        [13_500, 15_000],
        [40_000, 41_000],
      ],
      60_000,
    );
    expect(kept).toEqual([
      [9_750, 15_250],
      [39_750, 41_250],
    ]);
    expect(sentMs(kept)).toBe(5_500 + 1_500);
  });

  it('keep a lead-in and a tail of 2 s or less whole, and send nothing when nobody spoke', () => {
    expect(planSpeechCut([[1_500, 3_000]], 4_800)).toEqual([[0, 4_800]]);
    expect(planSpeechCut([[3_005, 4_000]], 60_000)).toEqual([[2_750, 4_250]]);
    expect(planSpeechCut([], 60_000)).toEqual([]);
  });
});

describe('times in the file sent, in the recording', () => {
  it('never go back, stay inside the recording, and a sound kept is found at its own moment', () => {
    fc.assert(
      fc.property(
        anyCut,
        fc.array(fc.integer({ min: -1_000, max: 11_000_000 }), { maxLength: 50 }),
        (cut, times) => {
          const map = recordingTimeOf(cut);
          const sorted = [...times].sort((a, b) => a - b);
          let previous = -Infinity;
          for (const t of sorted) {
            const mapped = map(t);
            expect(mapped).toBeGreaterThanOrEqual(previous);
            expect(mapped).toBeGreaterThanOrEqual(0);
            expect(mapped).toBeLessThanOrEqual(cut.recordingMs);
            previous = mapped;
          }
          // Each kept moment, found where the file sent has it, is itself again.
          let at = 0;
          for (const [from, to] of cut.kept) {
            for (const t of [from, Math.floor((from + to) / 2), to - 1])
              if (t >= from && t < to) expect(map(at + (t - from))).toBe(t);
            at += to - from;
          }
        },
      ),
    );
  });

  it('move every word and utterance, in order, inside the recording, keeping words and speakers', () => {
    fc.assert(
      fc.property(
        detected.chain(({ recordingMs, speech }) => {
          const cut = { kept: planSpeechCut(speech, recordingMs), recordingMs };
          return fc.record({ cut: fc.constant(cut), specs: utterancesFor(sentMs(cut.kept)) });
        }),
        ({ cut, specs }) => {
          const sent = utterancesOf(specs);
          const mapped = utterancesInRecording(sent, cut);
          expect(mapped.map((u) => u.text)).toEqual(sent.map((u) => u.text));
          for (const [u, utterance] of mapped.entries()) {
            expect(utterance.tokens.map((t) => [t.written, t.label])).toEqual(
              sent[u]!.tokens.map((t) => [t.written, t.label]),
            );
            const times = [
              utterance.starttime!,
              ...utterance.tokens.flatMap((t) => [t.starttime!, t.endtime!]),
              utterance.endtime!,
            ];
            for (const [i, time] of times.entries()) {
              expect(time).toBeGreaterThanOrEqual(0);
              expect(time).toBeLessThanOrEqual(cut.recordingMs);
              if (i > 0) expect(time).toBeGreaterThanOrEqual(times[i - 1]!);
            }
          }
        },
      ),
    );
  });

  it('put a word after a long gap where the recording has it', () => {
    const cut = {
      kept: [
        [9_750, 15_250],
        [39_750, 41_250],
      ] as const,
      recordingMs: 60_000,
    };
    // The second stretch starts 5.5 s into the file sent; a word 0.25 s into it is at 40 s.
    const [utterance] = utterancesInRecording(
      utterancesOf([{ times: [5_750, 6_200], label: undefined }]),
      cut,
    );
    expect(utterance!.tokens[0]).toMatchObject({ starttime: 40_000, endtime: 40_450 });
  });
});
