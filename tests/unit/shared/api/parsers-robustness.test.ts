/**
 * The wire parsers that take text from anyone (`d`, `epi`, `ipa`) never throw on any string and
 * round-trip where a canonical form exists (property tests, fixed seeds: a failure names its
 * seed and path for replay).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeD,
  encodeD,
  formatAllowedAddresses,
  parseValidity,
  parseAllowedAddresses,
  parseSettings,
  type DParams,
} from '../../../../shared/api';

const RUNS = { numRuns: 3000, seed: 20261123 };

/** Any text: lone surrogates, controls, NUL, and d's own syntax characters in abundance. */
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc
    .array(
      fc.oneof(
        fc.constantFrom(
          ' ',
          '=',
          '"',
          '%',
          '%2',
          '%zz',
          '%E3%81',
          '\t',
          '\n',
          '|',
          ':',
          '-a-general-en',
        ),
        fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.-]{0,8}$/),
      ),
      { maxLength: 30 },
    )
    .map((parts) => parts.join('')),
);

function expectParsedShape(result: { ok: true } | { ok: false; error: string }): void {
  expect(typeof result.ok).toBe('boolean');
  if (!result.ok) expect(result.error).toMatch(/\S/);
}

describe('d (property)', () => {
  it('decodeD and parseSettings never throw, and refuse with a message', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expectParsedShape(decodeD(text));
        expectParsedShape(parseSettings(text));
      }),
      RUNS,
    );
  });

  it('keeps every key a client can send, even the names of Object.prototype members', () => {
    const key = fc.constantFrom(
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      'valueOf',
    );
    fc.assert(
      fc.property(fc.dictionary(key, fc.string({ maxLength: 10 }), { maxKeys: 5 }), (params) => {
        const decoded = decodeD(encodeD(params));
        expect(decoded.ok).toBe(true);
        if (decoded.ok) {
          expect(Object.keys(decoded.data).sort()).toEqual(Object.keys(params).sort());
          for (const name of Object.keys(params))
            expect(Object.getOwnPropertyDescriptor(decoded.data, name)?.value).toBe(
              (params as DParams)[name],
            );
        }
      }),
      RUNS,
    );
  });

  it('a decoded d re-encodes to a d that decodes the same (canonical form is a fixed point)', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const first = decodeD(text);
        if (!first.ok) return;
        let again: string;
        try {
          again = encodeD(first.data);
        } catch {
          // Keys decodeD accepts are keys encodeD accepts; values are well-formed Unicode.
          throw new Error(`decodeD accepted what encodeD refuses: ${JSON.stringify(text)}`);
        }
        const second = decodeD(again);
        expect(second.ok).toBe(true);
        if (second.ok) expect(second.data).toEqual(first.data);
      }),
      RUNS,
    );
  });
});

describe('epi (property)', () => {
  const now = fc.date({
    min: new Date('2000-01-01'),
    max: new Date('2200-01-01'),
    noInvalidDate: true,
  });
  const offset = fc.integer({ min: -720, max: 840 });

  it('never throws; an accepted epi is a valid instant after now', () => {
    const epiText = fc.oneof(
      anyText,
      fc
        .tuple(
          fc.bigInt({ min: 0n, max: 10n ** 25n }),
          fc.constantFrom('', 's', 'm', 'h', 'd', 'w', 'x', ' d'),
        )
        .map(([n, u]) => `${n}${u}`),
      fc
        .tuple(
          fc.integer({ min: 0, max: 9999 }),
          fc.integer({ min: 0, max: 99 }),
          fc.integer({ min: 0, max: 99 }),
          fc.option(
            fc.tuple(
              fc.integer({ min: 0, max: 99 }),
              fc.integer({ min: 0, max: 99 }),
              fc.integer({ min: 0, max: 99 }),
            ),
          ),
        )
        .map(([y, m, d, t]) => {
          const two = (n: number) => String(n).padStart(2, '0');
          const date = `${String(y).padStart(4, '0')}-${two(m)}-${two(d)}`;
          return t ? `${date} ${two(t[0])}:${two(t[1])}:${two(t[2])}` : date;
        }),
    );
    fc.assert(
      fc.property(epiText, now, offset, (text, at, utcOffsetMinutes) => {
        const result = parseValidity(text, { now: at, utcOffsetMinutes });
        expectParsedShape(result);
        if (result.ok) {
          expect(Number.isFinite(result.data.getTime())).toBe(true);
          expect(result.data.getTime()).toBeGreaterThan(at.getTime());
        }
      }),
      RUNS,
    );
  });

  it('an absolute date round-trips: the expiry, read back in the same zone, is that date', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2201-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }),
        offset,
        (day, utcOffsetMinutes) => {
          const text = day.toISOString().slice(0, 10);
          const result = parseValidity(text, { now: new Date('2026-01-01'), utcOffsetMinutes });
          expect(result.ok).toBe(true);
          if (result.ok) {
            const wall = new Date(result.data.getTime() + utcOffsetMinutes * 60_000);
            expect(wall.toISOString()).toBe(`${text}T23:59:59.999Z`);
          }
        },
      ),
      RUNS,
    );
  });
});

describe('ipa (property)', () => {
  const range = fc.tuple(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 0, max: 32 }));
  const dotted = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');

  it('never throws on any string', () => {
    fc.assert(
      fc.property(anyText, (text) => expectParsedShape(parseAllowedAddresses(text))),
      RUNS,
    );
  });

  it('round-trips: parse(format(parse(x))) equals parse(x), for any list of ranges', () => {
    fc.assert(
      fc.property(
        fc.array(range, { maxLength: 6 }),
        fc.constantFrom(' ', ',', ', ', '\t'),
        (ranges, separator) => {
          const text = ranges.map(([n, p]) => `${dotted(n)}/${p}`).join(separator);
          const first = parseAllowedAddresses(text);
          expect(first.ok).toBe(true);
          if (!first.ok) return;
          const second = parseAllowedAddresses(formatAllowedAddresses(first.data));
          expect(second).toEqual(first);
          for (const [i, [, p]] of ranges.entries()) expect(first.data[i]!.prefixLength).toBe(p);
        },
      ),
      RUNS,
    );
  });
});
