/**
 * Fillers after the fact, readings, and minutes as Markdown and HTML:
 * `%えー%` shown or left out without touching the transcript, a written `%` never taken for a
 * filler, readings as ruby over the words with Han characters, the fixed words in each language.
 */
import { describe, expect, it } from 'vitest';
import { applyEdits, renameSpeaker } from '../../../../shared/domain/edits';
import type { Transcript } from '../../../../shared/domain/job';
import { rubyOf, toHtml, toMarkdown } from '../../../../shared/format/documents';
import { toCsv, toSrt, toTxt } from '../../../../shared/format/exporters';
import { fillerShown, isFiller, withFillers } from '../../../../shared/format/fillers';
import { minutesOf } from '../../../../shared/format/minutes';

const word = (written: string, starttime: number, spoken = written, label?: string) => ({
  written,
  spoken,
  starttime,
  endtime: starttime + 400,
  ...(label !== undefined && { label }),
});

/** A meeting in Japanese: two speakers, fillers kept, a percentage. */
const MEETING: Transcript = {
  text: '%えー%本日の会議を始めます。売上は12%増えました。%あの%よろしいですか。',
  utterances: [
    {
      text: '%えー%本日の会議を始めます。',
      starttime: 0,
      endtime: 2400,
      tags: [],
      rulename: '',
      tokens: [
        word('%えー%', 0, 'えー', 'speaker0'),
        word('本日', 400, 'ほんじつ', 'speaker0'),
        word('の', 800, 'の', 'speaker0'),
        word('会議', 1200, 'かいぎ', 'speaker0'),
        word('を', 1600, 'を', 'speaker0'),
        word('始めます', 2000, 'はじめます', 'speaker0'),
        { written: '。', spoken: '_', starttime: 2400, endtime: 2400, label: 'speaker0' },
      ],
    },
    {
      text: '売上は12%増えました。',
      starttime: 3000,
      endtime: 5000,
      tags: [],
      rulename: '',
      tokens: [
        word('売上', 3000, 'うりあげ', 'speaker0'),
        word('は', 3400, 'は', 'speaker0'),
        word('12%', 3800, 'じゅうにぱーせんと', 'speaker0'),
        word('増えました', 4200, 'ふえました', 'speaker0'),
        { written: '。', spoken: '_', starttime: 4600, endtime: 4600, label: 'speaker0' },
      ],
    },
    {
      text: '%あの%よろしいですか。',
      starttime: 65_000,
      endtime: 66_000,
      tags: [],
      rulename: '',
      tokens: [
        word('%あの%', 65_000, 'あの', 'speaker1'),
        word('よろしい', 65_400, 'よろしい', 'speaker1'),
        word('ですか', 65_800, 'ですか', 'speaker1'),
        { written: '。', spoken: '_', starttime: 66_200, endtime: 66_200, label: 'speaker1' },
      ],
    },
  ],
};

describe('fillers', () => {
  it('a filler is a token written %…%; a written % of its own is not', () => {
    expect(isFiller({ written: '%えー%' })).toBe(true);
    expect(isFiller({ written: '12%' })).toBe(false);
    expect(isFiller({ written: '%' })).toBe(false);
    expect(isFiller({ written: '%%' })).toBe(false);
    expect(fillerShown('%あの%')).toBe('あの');
    expect(fillerShown('12%')).toBe('12%');
  });

  it('shown without their marks or left out, every export alike; the transcript is untouched', () => {
    const before = JSON.stringify(MEETING);
    const shown = toTxt(MEETING, { speakerName: () => 'A' });
    expect(shown).toContain('A: えー本日の会議を始めます。');
    expect(shown).toContain('12%増えました。');
    const dropped = toTxt(MEETING, { fillers: 'drop', speakers: false, times: false });
    expect(dropped).toBe('本日の会議を始めます。売上は12%増えました。\n\nよろしいですか。\n');
    expect(toSrt(MEETING, { fillers: 'drop' })).not.toMatch(/えー|あの/);
    expect(toCsv(MEETING, { fillers: 'drop' })).not.toMatch(/えー|あの/);
    expect(toCsv(MEETING, { fillers: 'drop' })).toContain('12%');
    expect(JSON.stringify(MEETING)).toBe(before);
  });

  it('an utterance of fillers only goes with them', () => {
    const only: Transcript = {
      text: '%えー% はい',
      utterances: [
        { ...MEETING.utterances[0]!, text: '%えー%', tokens: [word('%えー%', 0)] },
        { ...MEETING.utterances[1]!, text: 'はい', tokens: [word('はい', 1000)] },
      ],
    };
    expect(withFillers(only, 'drop').utterances.map((u) => u.text)).toEqual(['はい']);
  });
});

describe('minutes', () => {
  const named = applyEdits(MEETING, [renameSpeaker('speaker0', '田中')]);

  it('Markdown: the title, the facts and participants in Japanese, then each turn with its time and speaker', () => {
    const md = toMarkdown(
      minutesOf(
        named,
        {
          title: '週次*定例*',
          lang: 'ja',
          recordedAt: Date.UTC(2026, 10, 27, 1, 0),
          durationMs: 66_200,
          connection: 'Local (offline)',
          engine: '-a-general',
          timeZone: 'Asia/Tokyo',
        },
        { times: true, speakers: true, fillers: 'drop', readings: false },
      ),
    );
    expect(md).toBe(
      [
        '# 週次\\*定例\\*',
        '',
        '- **日時**: 2026年11月27日 10:00',
        '- **長さ**: 1:06',
        '- **接続**: Local (offline)',
        '- **エンジン**: -a-general',
        '- **参加者**: 田中、話者 2',
        '',
        '## 記録',
        '',
        '**[00:00:00] 田中:** 本日の会議を始めます。売上は12%増えました。',
        '',
        '**[00:01:05] 話者 2:** よろしいですか。',
        '',
      ].join('\n'),
    );
  });

  it('English words, and without times or speakers', () => {
    const md = toMarkdown(
      minutesOf(
        named,
        { title: 'Weekly', lang: 'en' },
        { times: false, speakers: false, fillers: 'show', readings: false },
      ),
    );
    expect(md).toContain('## Transcript');
    expect(md).not.toContain('Participants');
    expect(md).toContain('\n\nえー本日の会議を始めます。売上は12%増えました。\n');
    expect(md).not.toMatch(/\[00:/);
  });

  it('HTML: readings over the words with Han characters, as ruby; none over kana or punctuation', () => {
    const html = toHtml(
      minutesOf(
        named,
        { title: '<週次>', lang: 'ja' },
        { times: true, speakers: true, fillers: 'drop', readings: true },
      ),
    );
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="ja">/);
    expect(html).toContain('<title>&lt;週次&gt;</title>');
    expect(html).toContain(
      '<p><span class="time">00:00:00</span><b>田中</b>: <ruby>本日<rp>(</rp><rt>ほんじつ</rt><rp>)</rp></ruby>の<ruby>会議<rp>(</rp><rt>かいぎ</rt><rp>)</rp></ruby>を<ruby>始めます<rp>(</rp><rt>はじめます</rt><rp>)</rp></ruby>。',
    );
    expect(html).toContain('12%');
    expect(html).not.toContain('<rt>_</rt>');
    expect(rubyOf({ written: 'よろしい', spoken: 'よろしい' })).toBe('よろしい');
    expect(rubyOf({ written: 'AI', spoken: 'えーあい' })).toBe('AI');
    expect(rubyOf({ written: '<b>', spoken: 'x' })).toBe('&lt;b&gt;');
  });
});
