import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { D_KEYS, decodeD, encodeD, isValidDKey } from '../../../../shared/api/d-codec';

const key = fc.oneof(
  fc.constantFrom(...D_KEYS),
  fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.-]{0,12}$/),
);
// Any well-formed Unicode: spaces, quotes, %, |, =, emoji, Japanese.
const value = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom('', ' ', '"', '%', '%20', '=', '|', 'a b|c d', 'あみぼいす', ':pid', '"quoted"'),
);
const params = fc.dictionary(key, value, { maxKeys: 8 });

function decoded(text: string) {
  const result = decodeD(text);
  if (!result.ok) throw new Error(result.error);
  return result.data;
}

describe('d codec: round trips (property)', () => {
  it('decode(encode(p)) equals p for any settings', () => {
    fc.assert(
      fc.property(params, (p) => {
        expect(decoded(encodeD(p))).toEqual(p);
      }),
      { numRuns: 2000 },
    );
  });

  it('encoding is canonical: equal settings in any insertion order give the same string', () => {
    fc.assert(
      fc.property(params, (p) => {
        const reversed = Object.fromEntries(Object.entries(p).reverse());
        expect(encodeD(reversed)).toBe(encodeD(p));
        expect(encodeD(decoded(encodeD(p)))).toBe(encodeD(p));
      }),
    );
  });

  it('every value is percent-encoded: the output has no raw space, quote, | or non-ASCII inside a value', () => {
    fc.assert(
      fc.property(params, (p) => {
        for (const pair of encodeD(p).split(' ').filter(Boolean)) {
          const valuePart = pair.slice(pair.indexOf('=') + 1);
          expect(valuePart).toMatch(/^[A-Za-z0-9\-_.!~*'()%]*$/);
        }
      }),
    );
  });

  it('puts documented keys first in documented order, then unknown keys sorted', () => {
    const text = encodeD({
      zeta: '1',
      loggingOptOut: 'True',
      alpha: '2',
      grammarFileNames: '-a-general',
    });
    expect(text).toBe('grammarFileNames=-a-general loggingOptOut=True alpha=2 zeta=1');
  });

  it('refuses keys no server could parse and values that are not well-formed Unicode', () => {
    expect(() => encodeD({ 'bad key': 'x' })).toThrow(/invalid d key/);
    expect(() => encodeD({ 'a=b': 'x' })).toThrow(/invalid d key/);
    expect(() => encodeD({ extension: '\uD800' })).toThrow(/well-formed/);
    expect(isValidDKey('profileId')).toBe(true);
    expect(isValidDKey('9lives')).toBe(false);
  });
});

describe('d codec: the examples of docs/api.md', () => {
  it('a bare token is the engine: d=-a-general ≡ d=grammarFileNames=-a-general', () => {
    expect(decoded('-a-general')).toEqual({ grammarFileNames: '-a-general' });
    expect(decoded('grammarFileNames=-a-general')).toEqual(decoded('-a-general'));
  });

  it('reads the documented keys with percent-encoded values', () => {
    expect(
      decoded(
        '-a-general profileId=%3Acustomer-a profileWords=Kikitori%20kiki_tori%7CAmiVoice%20%E3%81%82%E3%81%BF%E3%81%BC%E3%81%84%E3%81%99 loggingOptOut=True contentId=my-id keepFillerToken=1',
      ),
    ).toEqual({
      grammarFileNames: '-a-general',
      profileId: ':customer-a',
      profileWords: 'Kikitori kiki_tori|AmiVoice あみぼいす',
      loggingOptOut: 'True',
      contentId: 'my-id',
      keepFillerToken: '1',
    });
  });

  it('accepts unencoded safe values and a value wrapped in double quotes (with spaces inside)', () => {
    expect(decoded('grammarFileNames=-a-general-en profileId=:pid')).toEqual({
      grammarFileNames: '-a-general-en',
      profileId: ':pid',
    });
    expect(decoded('-a-general profileWords="hello h_e_l_l_o|world w%20d" extension="x"')).toEqual({
      grammarFileNames: '-a-general',
      profileWords: 'hello h_e_l_l_o|world w d',
      extension: 'x',
    });
  });

  it('takes the key in `authorization` (as the official client library sends it)', () => {
    expect(decoded('-a-general-en authorization=ABCDEF0123')).toEqual({
      grammarFileNames: '-a-general-en',
      authorization: 'ABCDEF0123',
    });
  });

  it('keeps unknown keys and empty values, and tolerates extra whitespace', () => {
    expect(decoded('  -a-general   futureOption=42\textension=  ')).toEqual({
      grammarFileNames: '-a-general',
      futureOption: '42',
      extension: '',
    });
    expect(decoded('')).toEqual({});
  });
});

describe('d codec: malformed input is rejected with a message naming the bad part', () => {
  const cases: Array<[string, RegExp]> = [
    ['-a-general profileWords=%E3%81', /value of profileWords .*not valid percent-encoded.*%E3%81/],
    ['-a-general extension=100%', /value of extension .*near "%"/],
    ['-a-general =oops', /value with no key at position 12/],
    ['-a-general bad!key=1', /invalid key "bad!key"/],
    ['-a-general extension="open', /quoted value of extension .*no closing quote/],
    ['-a-general extension="a"b', /quoted value of extension .*followed by "b"/],
    ['-a-general -a-medical', /engine twice \("-a-general" and "-a-medical"\)/],
    ['-a-general grammarFileNames=-a-medical', /engine twice/],
    ['-a-general contentId=a contentId=b', /key contentId twice/],
    ['%zz', /engine name "%zz"/],
  ];
  it.each(cases)('%s', (text, message) => {
    const result = decodeD(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });
});
