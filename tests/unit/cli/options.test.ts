/**
 * The command line's parts that need no process: its option values (formats, speakers' names,
 * the subtitle rules within their bounds, a job state) turned into export settings, a
 * recognition result read in every layout the service gives, a job named by the start of its
 * id, and its words written whole in both languages.
 */
import { describe, expect, it } from 'vitest';
import { transcriptOfResult } from '../../../cli/convert';
import { findJob, shortIds } from '../../../cli/jobs';
import {
  BadArgument,
  exportSettingsOf,
  parseFormats,
  parseRule,
  parseSpeakerName,
  parseStatus,
} from '../../../cli/options';
import { processLang } from '../../../core/host/host-start';
import { say, type TextKey } from '../../../cli/text';
import type { Job } from '../../../shared/domain/job';
import { exportSettingsSchema } from '../../../shared/format/export-settings';
import { DIARIZED, DIARIZED_JOB_BODY } from '../../support/diarized';

const refusal = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    if (error instanceof BadArgument) return error.sentence;
    throw error;
  }
  throw new Error('accepted');
};

describe('--format', () => {
  it('takes formats separated by commas, each once, in the order given', () => {
    expect(parseFormats('en', 'txt')).toEqual(['txt']);
    expect(parseFormats('en', 'SRT, vtt,txt,srt')).toEqual(['srt', 'vtt', 'txt']);
    expect(parseFormats('en', 'docx,json-original')).toEqual(['docx', 'json-original']);
  });

  it('names a format it does not know, in the person’s language', () => {
    expect(refusal(() => parseFormats('en', 'txt,pdf'))).toMatch(
      /^“pdf” is not an export format\. Use one or more of txt, srt, vtt, json, csv, md, html, docx, json-original/,
    );
    expect(refusal(() => parseFormats('ja', ''))).toMatch(/^「」は書き出し形式ではありません。/);
  });
});

describe('--speaker-name', () => {
  it('takes LABEL=NAME, the name holding anything but nothing', () => {
    expect(parseSpeakerName('en', 'speaker0=Tanaka')).toEqual(['speaker0', 'Tanaka']);
    expect(parseSpeakerName('en', 'speaker1= A=B ')).toEqual(['speaker1', 'A=B']);
    for (const value of ['Tanaka', '=Tanaka', 'speaker0=', 'speaker0=  '])
      expect(refusal(() => parseSpeakerName('en', value))).toContain('LABEL=NAME');
  });
});

describe('the subtitle flags', () => {
  it('take numbers within SUBTITLE_LIMITS, a line’s width by halves', () => {
    expect(parseRule('en', 'maxLine', '13.5')).toBe(13.5);
    expect(parseRule('en', 'maxLines', '3')).toBe(3);
    expect(parseRule('en', 'minGapMs', '0')).toBe(0);
    expect(refusal(() => parseRule('en', 'maxLine', '3'))).toBe(
      '--max-line takes a number from 4 to 200, not “3”.',
    );
    expect(refusal(() => parseRule('en', 'maxCueMs', 'soon'))).toContain('--max-cue-ms');
    expect(refusal(() => parseRule('en', 'maxLines', ''))).toContain('--max-lines');
    expect(refusal(() => parseRule('en', 'maxLine', '13.25'))).toContain('half');
    expect(refusal(() => parseRule('en', 'minCueMs', '10.5'))).toContain('--min-cue-ms');
    expect(refusal(() => parseRule('ja', 'maxLines', '9'))).toBe(
      '--max-lines には 1 から 4 までの数を指定してください（「9」は使えません）。',
    );
  });
});

describe('--status', () => {
  it('takes a job state only', () => {
    expect(parseStatus('en', 'completed')).toBe('completed');
    expect(refusal(() => parseStatus('en', 'done'))).toContain('queued, uploading');
  });
});

describe('the export settings the flags choose', () => {
  it('are the window’s defaults with no flag, and what each flag says with them', () => {
    expect(exportSettingsOf('en', {})).toEqual(exportSettingsSchema.parse({ lang: 'en' }));
    const chosen = exportSettingsOf('ja', {
      speakerName: [
        ['speaker0', '田中'],
        ['speaker1', 'Bo'],
      ],
      fillers: false,
      times: false,
      readings: true,
      maxLine: 16,
      minGapMs: 100,
    });
    expect(chosen).toEqual({
      lang: 'ja',
      fillers: 'drop',
      speakers: true,
      times: false,
      readings: true,
      subtitles: { maxLine: 16, minGapMs: 100 },
      speakerNames: { speaker0: '田中', speaker1: 'Bo' },
    });
    // What crosses to the core is what its contract takes.
    expect(exportSettingsSchema.parse(chosen)).toEqual(chosen);
  });
});

describe('a recognition result', () => {
  const utterance = {
    tokens: [{ written: 'hello', starttime: 0, endtime: 400, spoken: 'hello' }],
    starttime: 0,
    endtime: 400,
    tags: [],
    rulename: '',
    text: 'hello',
  };

  it('is read from a job’s segments, with its speakers, as the runner stores it', () => {
    expect(transcriptOfResult(JSON.parse(DIARIZED_JOB_BODY))).toEqual(DIARIZED);
  });

  it('is read from a sync response’s results, and from Kikitori’s own JSON', () => {
    expect(
      transcriptOfResult({
        results: [utterance],
        utteranceid: 'u1',
        text: 'hello',
        code: '',
        message: '',
      }),
    ).toEqual({ text: 'hello', utterances: [utterance], sessionId: 'u1' });
    expect(transcriptOfResult({ utterances: [utterance] })).toEqual({
      text: 'hello',
      utterances: [utterance],
    });
  });

  it('is not anything else', () => {
    for (const value of [null, 3, [], { text: 'hi' }, { results: 3 }, { segments: [{}] }])
      expect(transcriptOfResult(value)).toBeUndefined();
  });
});

describe('a job named on the command line', () => {
  const job = (id: string, sessionid?: string) =>
    ({ id, ...(sessionid ? { sessionid } : {}) }) as Job;
  const jobs = [job('3f2a9c10-aaaa', 'a1b2c3d4e5'), job('3f2b0000-bbbb', 'a1b2ffff00'), job('77')];
  const idOf = (found: ReturnType<typeof findJob>) =>
    found.kind === 'one' ? found.job.id : found.kind;

  it('is found by its whole id, or by a start of four or more characters only one id has', () => {
    expect(idOf(findJob(jobs, '77'))).toBe('77');
    expect(idOf(findJob(jobs, '3f2a'))).toBe('3f2a9c10-aaaa');
    expect(idOf(findJob(jobs, '3f2'))).toBe('none');
    expect(idOf(findJob(jobs, '3f2a9c10-aaaa-more'))).toBe('none');
  });

  it('is found by the session id the window shows, whole or by its start', () => {
    expect(idOf(findJob(jobs, 'a1b2c3d4e5'))).toBe('3f2a9c10-aaaa');
    expect(idOf(findJob(jobs, 'a1b2f'))).toBe('3f2b0000-bbbb');
  });

  it('names every job a start shared by several could be', () => {
    const found = findJob([...jobs, job('3f2a0000')], '3f2a');
    expect(found.kind).toBe('many');
    if (found.kind === 'many')
      expect(found.jobs.map((j) => j.id).sort()).toEqual(['3f2a0000', '3f2a9c10-aaaa']);
    expect(findJob(jobs, 'a1b2')).toMatchObject({ kind: 'many' });
  });

  it('is shown by the shortest start of its id, eight characters or more, that only it has', () => {
    const ids = shortIds([
      job('0123456789abcdef'),
      job('0123456789abXXXX'),
      job('ffffffff-1111-2222'),
    ]);
    expect(ids.get('0123456789abcdef')).toBe('0123456789abc');
    expect(ids.get('0123456789abXXXX')).toBe('0123456789abX');
    expect(ids.get('ffffffff-1111-2222')).toBe('ffffffff');
  });
});

describe('the command line’s words', () => {
  it('follow the locale as every host does (core/host/host-start.ts)', () => {
    expect(processLang({ LANG: 'ja_JP.UTF-8' })).toBe('ja');
    expect(processLang({ LANG: 'ja_JP.UTF-8', LC_ALL: 'en_US.UTF-8' })).toBe('en');
    expect(processLang({ LC_MESSAGES: 'ja' })).toBe('ja');
    expect(processLang({})).toBe('en');
  });

  it('are written whole in each language, with the same values', () => {
    const keys = ['data.held', 'arg.number', 'file.wrote', 'help.exitCodes'] as TextKey[];
    for (const key of keys) {
      const en = say('en', key, { path: '/d', flag: '--x', min: 1, max: 2, value: 'v', name: 'n' });
      const ja = say('ja', key, { path: '/d', flag: '--x', min: 1, max: 2, value: 'v', name: 'n' });
      expect(en).not.toMatch(/\{\w+\}/);
      expect(ja).not.toMatch(/\{\w+\}/);
      expect(ja).not.toBe(en);
    }
    expect(say('ja', 'help.exitCodes')).toContain('130');
  });
});
