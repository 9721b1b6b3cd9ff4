import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatProfileWordsParam,
  formatSettings,
  parseProfileWordsParam,
  parseSettings,
  type RecognitionSettingsInput,
} from '../../../../shared/api';

function settings(d: string) {
  const result = parseSettings(d);
  if (!result.ok) throw new Error(result.error);
  return result.data;
}

describe('recognition settings from d', () => {
  it('applies the API defaults when only the engine is given', () => {
    expect(settings('-a-general-en')).toEqual({
      engine: '-a-general-en',
      keepFillerToken: false,
      loggingOptOut: false,
      compatibleWithSync: false,
      speakerDiarization: false,
      diarizationMinSpeaker: 1,
      diarizationMaxSpeaker: 10,
      unknown: {},
    });
  });

  it('reads every documented key', () => {
    const s = settings(
      'grammarFileNames=-a-general authorization=KEY profileId=%3Acustomer-a profileWords=Kikitori%20finance_team%7CAmiVoice%20%E3%81%82%E3%81%BF%20NAME keepFillerToken=1 segmenterProperties=useDiarizer%3D1 extension=tag resultUpdatedInterval=1000 loggingOptOut=True contentId=my-id compatibleWithSync=true speakerDiarization=True diarizationMinSpeaker=2 diarizationMaxSpeaker=4 someday=1',
    );
    expect(s).toEqual({
      engine: '-a-general',
      authorization: 'KEY',
      profile: { id: 'customer-a', readOnly: true },
      profileWords: [
        { written: 'Kikitori', spoken: 'finance team' },
        { written: 'AmiVoice', spoken: 'あみ', classname: 'NAME' },
      ],
      keepFillerToken: true,
      segmenterProperties: 'useDiarizer=1',
      extension: 'tag',
      resultUpdatedInterval: 1000,
      loggingOptOut: true,
      contentId: 'my-id',
      compatibleWithSync: true,
      speakerDiarization: true,
      diarizationMinSpeaker: 2,
      diarizationMaxSpeaker: 4,
      unknown: { someday: '1' },
    });
  });

  it('a profileId without ":" is a writable profile', () => {
    expect(settings('-a-general profileId=abc_1').profile).toEqual({
      id: 'abc_1',
      readOnly: false,
    });
  });

  const bad: Array<[string, RegExp]> = [
    ['', /no engine/],
    ['profileId=:x', /no engine/],
    ['-a-general loggingOptOut=yes', /loggingOptOut in d must be True or False, not "yes"/],
    ['-a-general keepFillerToken=true', /keepFillerToken in d must be 1 or 0/],
    ['-a-general profileId=%3Ab%C3%A4d', /profileId in d must be .* not ":bäd"/],
    ['-a-general diarizationMaxSpeaker=21', /diarizationMaxSpeaker .* 1 to 20, not "21"/],
    ['-a-general diarizationMinSpeaker=5 diarizationMaxSpeaker=3', /\(5\) .* larger than .*\(3\)/],
    ['-a-general profileWords=onlyone', /profileWords entry 1 \("onlyone"\)/],
    ['-a-general profileWords=a%20b%7C%7Cc%20d', /profileWords entry 2/],
    ['-a-general resultUpdatedInterval=-1', /resultUpdatedInterval/],
  ];
  it.each(bad)('rejects %j', (d, message) => {
    const result = parseSettings(d);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });
});

describe('recognition settings to d', () => {
  it('writes only what differs from the defaults, percent-encoded, in the stable order', () => {
    const d = formatSettings({
      engine: '-a-general',
      profile: { id: 'customer-a', readOnly: true },
      loggingOptOut: true,
      profileWords: [{ written: 'AmiVoice', spoken: 'あみぼいす' }],
    });
    expect(d).toEqual({
      ok: true,
      data: 'grammarFileNames=-a-general profileId=%3Acustomer-a profileWords=AmiVoice%20%E3%81%82%E3%81%BF%E3%81%BC%E3%81%84%E3%81%99 loggingOptOut=True',
    });
  });

  const word = fc.record({
    written: fc.stringMatching(/^[^\s|_]{1,10}$/),
    spoken: fc
      .array(fc.stringMatching(/^[^\s|_]{1,6}$/), { minLength: 1, maxLength: 3 })
      .map((w) => w.join(' ')),
  });
  const input: fc.Arbitrary<RecognitionSettingsInput> = fc.record(
    {
      engine: fc.constantFrom('-a-general', '-a-general-en', '-a2-ja-general'),
      profile: fc.record({
        id: fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/),
        readOnly: fc.boolean(),
      }),
      profileWords: fc.array(word, { minLength: 1, maxLength: 4 }),
      keepFillerToken: fc.boolean(),
      loggingOptOut: fc.boolean(),
      compatibleWithSync: fc.boolean(),
      contentId: fc.string({ unit: 'grapheme', maxLength: 12 }),
    },
    { requiredKeys: ['engine'] },
  );

  it('parse(format(s)) gives back s (property)', () => {
    fc.assert(
      fc.property(input, (s) => {
        const d = formatSettings(s);
        if (!d.ok) throw new Error(d.error);
        const back = settings(d.data);
        expect(back.engine).toBe(s.engine);
        expect(back.profile).toEqual(s.profile);
        expect(back.profileWords).toEqual(s.profileWords);
        expect(back.keepFillerToken).toBe(s.keepFillerToken ?? false);
        expect(back.loggingOptOut).toBe(s.loggingOptOut ?? false);
        expect(back.compatibleWithSync).toBe(s.compatibleWithSync ?? false);
        expect(back.contentId).toBe(s.contentId);
      }),
      { numRuns: 500 },
    );
  });
});

describe('profileWords entries', () => {
  it('joins a multi-word reading with _ and splits it back', () => {
    const words = [{ written: 'Kikitori', spoken: 'finance team', classname: 'ORG' }];
    expect(formatProfileWordsParam(words)).toEqual({
      ok: true,
      data: 'Kikitori finance_team ORG',
    });
    expect(parseProfileWordsParam('Kikitori finance_team ORG')).toEqual({ ok: true, data: words });
  });

  it('refuses a written form that cannot be carried in an entry', () => {
    const result = formatProfileWordsParam([{ written: 'two words', spoken: 'x' }]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/"two words" cannot go in profileWords/);
  });
});
