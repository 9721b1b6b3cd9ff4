import { describe, expect, it } from 'vitest';
import {
  CLOUD_ENGINES,
  RAW_AUDIO_FORMATS,
  RESULT_CODES,
  RESULT_MESSAGES,
  LOCAL_ENGINE,
  classnamesSchema,
  engineListSchema,
  isEndToEndEngine,
  isResultCode,
  issuanceParamsSchema,
  jobCreatedSchema,
  jobStatusSchema,
  parseAudioFormatName,
  profileListSchema,
  profileWordsBodySchema,
  restErrorSchema,
  syncResponseSchema,
  unexpectedExceptionMessage,
  utterancesOfJob,
} from '../../../../shared/api';

// Bodies copied from docs/api.md.
const syncSuccess = {
  results: [
    {
      tokens: [
        { written: 'hello', confidence: 0.93, starttime: 420, endtime: 880, spoken: 'hello' },
      ],
      confidence: 0.91,
      starttime: 400,
      endtime: 2100,
      tags: [],
      rulename: '',
      text: 'hello world',
    },
  ],
  utteranceid: '20261122/09/0a1b2c..._20261122_090102',
  text: 'hello world',
  code: '',
  message: '',
};
const syncFailure = {
  results: [{ tokens: [], tags: [], rulename: '', text: '' }],
  text: '',
  code: '-',
  message: 'received illegal service authorization',
};

describe('sync response', () => {
  it('parses the documented success and failure bodies', () => {
    expect(syncResponseSchema.parse(syncSuccess)).toEqual(syncSuccess);
    expect(syncResponseSchema.parse(syncFailure)).toEqual(syncFailure);
  });

  it('keeps diarization labels and rejects a confidence outside 0–1 or fractional times', () => {
    const labelled = structuredClone(syncSuccess);
    (labelled.results[0]!.tokens[0] as Record<string, unknown>).label = 'speaker0';
    expect(syncResponseSchema.parse(labelled).results[0]!.tokens[0]!.label).toBe('speaker0');
    const badConfidence = structuredClone(syncSuccess);
    badConfidence.results[0]!.tokens[0]!.confidence = 1.5;
    expect(syncResponseSchema.safeParse(badConfidence).success).toBe(false);
    const badTime = structuredClone(syncSuccess);
    badTime.results[0]!.starttime = 1.5;
    expect(syncResponseSchema.safeParse(badTime).success).toBe(false);
  });
});

describe('async jobs', () => {
  it('parses job creation', () => {
    expect(jobCreatedSchema.parse({ sessionid: '017ac8786c5b0a0504399999', text: '...' })).toEqual({
      sessionid: '017ac8786c5b0a0504399999',
      text: '...',
    });
    expect(jobCreatedSchema.safeParse(syncFailure).success).toBe(false);
  });

  const base = {
    session_id: '017c25ec12c00a304474a999',
    service_id: 'local',
    audio_size: 306980,
    audio_md5: '40f59fe5fc7745c33b33af44be43f6ad',
    content_id: 'my-id',
  };

  it.each(['queued', 'started', 'processing'] as const)('parses the %s state', (status) => {
    expect(jobStatusSchema.parse({ status, ...base })).toEqual({ status, ...base });
  });

  it('parses a completed job with segments and one laid out like sync', () => {
    const withSegments = {
      status: 'completed',
      ...base,
      segments: [{ results: syncSuccess.results, text: 'hello world' }],
      utteranceid: 'u1',
      text: 'hello world',
      code: '',
      message: '',
    };
    const parsedSegments = jobStatusSchema.parse(withSegments);
    expect(parsedSegments).toEqual(withSegments);
    const compatible = {
      status: 'completed',
      ...base,
      results: syncSuccess.results,
      text: 'hello world',
      code: '',
      message: '',
    };
    const parsedCompatible = jobStatusSchema.parse(compatible);
    if (parsedSegments.status !== 'completed' || parsedCompatible.status !== 'completed')
      throw new Error('status');
    expect(utterancesOfJob(parsedSegments)).toEqual(utterancesOfJob(parsedCompatible));
  });

  it('parses the error state and rejects an unknown status', () => {
    const failed = { status: 'error', ...base, error_message: 'ERROR: audio could not be decoded' };
    expect(jobStatusSchema.parse(failed)).toEqual(failed);
    expect(jobStatusSchema.safeParse({ status: 'cancelled', ...base }).success).toBe(false);
  });
});

describe('REST bodies', () => {
  it('parses profilewords, classnames, engines, errors and issuance parameters', () => {
    const words = { profilewords: [{ written: 'AmiVoice', spoken: 'あみぼいす' }] };
    expect(profileWordsBodySchema.parse(words)).toEqual(words);
    expect(profileWordsBodySchema.safeParse({ profilewords: [{ written: '' }] }).success).toBe(
      false,
    );
    expect(profileWordsBodySchema.safeParse({ profilewords: [{ written: 'a\tb' }] }).success).toBe(
      false,
    );
    expect(classnamesSchema.parse({ classnames: ['NAME'] })).toEqual({ classnames: ['NAME'] });
    expect(
      engineListSchema.parse({ engines: [{ name: '-a-general-en', language: 'en' }] }).engines,
    ).toHaveLength(1);
    expect(
      restErrorSchema.parse({ code: '-', message: "can't verify service authorization" }).code,
    ).toBe('-');
    expect(
      issuanceParamsSchema.parse({ sid: 'me', spw: 'pw', epi: '12h', ipa: '127.0.0.1' }).epi,
    ).toBe('12h');
  });

  it('accepts the plausible profile list shapes and normalises them to ids', () => {
    expect(profileListSchema.parse({ profiles: ['customer-a', '__default'] })).toEqual({
      profiles: ['customer-a', '__default'],
    });
    expect(
      profileListSchema.parse({
        profiles: [{ id: 'a' }, { profileId: 'b' }, { name: 'c', extra: 1 }],
      }),
    ).toEqual({
      profiles: ['a', 'b', 'c'],
    });
    expect(profileListSchema.safeParse({ profiles: [{ nothing: 1 }] }).success).toBe(false);
  });
});

describe('codes, engines and audio formats', () => {
  it('has a message for every code, matching §5', () => {
    for (const code of Object.values(RESULT_CODES))
      expect(typeof RESULT_MESSAGES[code]).toBe('string');
    expect(RESULT_MESSAGES['-']).toBe('received illegal service authorization');
    expect(unexpectedExceptionMessage('disk full')).toBe(
      'unexpected exception occurred (disk full)',
    );
    expect(isResultCode('%')).toBe(true);
    expect(isResultCode('x')).toBe(false);
  });

  it('knows the engines', () => {
    expect(CLOUD_ENGINES.map((e) => e.name)).toContain(LOCAL_ENGINE);
    expect(isEndToEndEngine('-a2-ja-general')).toBe(true);
    expect(isEndToEndEngine('-a2b-zh-general')).toBe(true);
    expect(isEndToEndEngine('-a-general')).toBe(false);
  });

  it('maps every c value to its rate and encoding, case-insensitively', () => {
    expect(RAW_AUDIO_FORMATS).toHaveLength(16);
    expect(parseAudioFormatName('lsb16k')).toEqual({
      ok: true,
      data: {
        kind: 'raw',
        format: { name: 'LSB16K', sampleRate: 16000, encoding: 's16le', bytesPerSample: 2 },
      },
    });
    const rates = Object.fromEntries(
      RAW_AUDIO_FORMATS.map((f) => [f.name, [f.sampleRate, f.encoding]]),
    );
    expect(rates).toMatchObject({
      LSB8K: [8000, 's16le'],
      LSB11K: [11025, 's16le'],
      LSB22K: [22050, 's16le'],
      LSB32K: [32000, 's16le'],
      LSB44K: [44100, 's16le'],
      LSB48K: [48000, 's16le'],
      MSB16K: [16000, 's16be'],
      MSB48K: [48000, 's16be'],
      MULAW: [8000, 'mulaw'],
      ALAW: [8000, 'alaw'],
    });
    expect(parseAudioFormatName('16k')).toEqual({
      ok: true,
      data: { kind: 'header', name: '16K' },
    });
    const bad = parseAudioFormatName('MP4');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatch(/unknown audio format "MP4" in c: use one of LSB8K,/);
  });
});
