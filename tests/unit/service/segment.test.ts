import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { spansFromEnergies } from '../../../service/recognition/segment';

const FRAME = 160; // 10 ms at 16 kHz

describe('splitting at silences', () => {
  it('ends on a piece longer than maxMs whose first frame is its quietest (a long trailing silence)', () => {
    // 2 s of speech, then 70 s of digital silence, the first frame of which is the quietest of all.
    const energies = new Float64Array(7_200);
    energies.fill(60, 0, 200);
    energies.fill(0.5, 200);
    energies[200] = 0;
    const spans = spansFromEnergies(energies, energies.length * FRAME);
    expect(spans).toEqual([{ start: 0, end: (200 + 20) * FRAME }]);
  });

  it('always ends with ordered pieces inside the signal, none longer than maxMs plus padding (fast-check)', () => {
    const energy = fc.oneof(fc.constant(0), fc.double({ min: 0, max: 90, noNaN: true }));
    fc.assert(
      fc.property(
        fc.array(energy, { minLength: 1, maxLength: 4_000 }),
        fc.integer({ min: 50, max: 1_500 }),
        (values, maxMs) => {
          const energies = Float64Array.from(values);
          const length = energies.length * FRAME;
          const spans = spansFromEnergies(energies, length, { maxMs, padMs: 200 });
          let previous = 0;
          for (const span of spans) {
            expect(span.start).toBeGreaterThanOrEqual(previous);
            expect(span.end).toBeGreaterThan(span.start);
            expect(span.end).toBeLessThanOrEqual(length);
            expect(span.end - span.start).toBeLessThanOrEqual((maxMs + 400) * 16);
            previous = span.end;
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
