import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeD, encodeD } from '../../../shared/api';
import { storableD } from '../../../service/jobs/job-store';

const key = fc.oneof(
  fc.constantFrom('grammarFileNames', 'profileId', 'loggingOptOut', 'contentId', '__proto__'),
  fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.-]{0,10}$/),
);
const value = fc.string({ unit: 'grapheme', maxLength: 20 });

describe("a job's d as stored (property)", () => {
  it('is the same settings without authorization, whatever else d holds', () => {
    fc.assert(
      fc.property(fc.dictionary(key, value, { maxKeys: 6 }), value, (settings, apiKey) => {
        const { authorization: _ignored, ...rest } = settings;
        const stored = storableD(encodeD({ ...rest, authorization: apiKey }));
        const decoded = decodeD(stored);
        expect(decoded.ok).toBe(true);
        if (decoded.ok) {
          expect(Object.hasOwn(decoded.data, 'authorization')).toBe(false);
          expect(decoded.data).toEqual(rest);
        }
      }),
      { numRuns: 2000, seed: 20261123 },
    );
  });

  it('keeps nothing of a d that does not decode', () => {
    expect(storableD('-a-general-en authorization=%zzsecret')).toBe('');
  });
});
