import { describe, expect, it } from 'vitest';
import { applyEdits, renameSpeaker, wordEdit } from '../../../../shared/domain/edits';
import type { Transcript } from '../../../../shared/domain/job';
import {
  cuesOf,
  exportFileName,
  exportTranscript,
  toCsv,
  toJson,
  toSrt,
  toTxt,
  toVtt,
} from '../../../../shared/format/exporters';
import { joinTexts } from '../../../../shared/format/speakers';
import { DIARIZED } from '../../../support/diarized';

const token = (written: string, starttime: number, endtime: number, confidence = 0.9) => ({
  written,
  starttime,
  endtime,
  confidence,
  spoken: written.toLowerCase(),
});

const english: Transcript = {
  text: 'Hello world, again. Second one',
  sessionId: 'abc',
  utterances: [
    {
      text: 'Hello world, again.',
      starttime: 500,
      endtime: 2100,
      tags: [],
      rulename: '',
      confidence: 0.9,
      tokens: [
        token('Hello', 500, 900),
        token('world', 900, 1400, 0.42),
        { written: ',', spoken: '_', starttime: 1400, endtime: 1400 },
        token('again', 1400, 2000),
        { written: '.', spoken: '_', starttime: 2000, endtime: 2100 },
      ],
    },
    {
      text: 'Second one',
      starttime: 3_723_456,
      endtime: 3_724_000,
      tags: [],
      rulename: '',
      tokens: [token('Second', 3_723_456, 3_723_700), token('one', 3_723_700, 3_724_000)],
    },
  ],
};

const japanese: Transcript = {
  text: 'こんにちは世界',
  utterances: [
    {
      text: 'こんにちは世界',
      starttime: 0,
      endtime: 1200,
      tags: [],
      rulename: '',
      tokens: [token('こんにちは', 0, 700), token('世界', 700, 1200)],
    },
  ],
};

describe('transcript exporters', () => {
  it('TXT: a paragraph each after its start time, a blank line between; --no-times leaves the times out', () => {
    expect(toTxt(english, { times: true })).toBe(
      '[00:00:00] Hello world, again.\n\n[01:02:03] Second one\n',
    );
    expect(toTxt(english, { times: false })).toBe('Hello world, again.\n\nSecond one\n');
    // Copy asks for none.
    expect(toTxt(english)).toBe('Hello world, again.\n\nSecond one\n');
  });

  it('SRT: numbered cues with comma milliseconds and hours', () => {
    expect(toSrt(english)).toBe(
      '1\n00:00:00,500 --> 00:00:02,100\nHello world, again.\n\n' +
        // Five sixths of a second at least, where nothing follows too soon.
        '2\n01:02:03,456 --> 01:02:04,289\nSecond one\n',
    );
  });

  it('VTT: the WEBVTT header and dot milliseconds', () => {
    expect(toVtt(english)).toBe(
      'WEBVTT\n\n00:00:00.500 --> 00:00:02.100\nHello world, again.\n\n' +
        '01:02:03.456 --> 01:02:04.289\nSecond one\n',
    );
  });

  it('VTT: "&", "<" and ">" in words are written as character references, not markup', () => {
    const t: Transcript = {
      text: '',
      utterances: [
        {
          text: 'R&D <b> x>y',
          tags: [],
          rulename: '',
          tokens: [token('R&D', 0, 500), token('<b>', 500, 900), token('x>y', 900, 1200)],
        },
      ],
    };
    expect(toVtt(t)).toContain('\nR&amp;D &lt;b&gt; x&gt;y\n');
    expect(toSrt(t)).toContain('\nR&D <b> x>y\n');
  });

  it('joins Japanese words without spaces', () => {
    expect(cuesOf(japanese).map((c) => [c.start, c.end, c.lines.map((l) => l.text)])).toEqual([
      [0, 1200, ['こんにちは世界']],
    ]);
  });

  it('cuts a long utterance into cues of at most seven seconds at word times', () => {
    const words = Array.from({ length: 20 }, (_, i) => token(`w${i}`, i * 1000, i * 1000 + 900));
    const long: Transcript = {
      text: '',
      utterances: [
        {
          text: words.map((w) => w.written).join(' '),
          tags: [],
          rulename: '',
          tokens: words,
        },
      ],
    };
    const cues = cuesOf(long);
    expect(cues.length).toBe(3);
    for (const cue of cues) expect(cue.end - cue.start).toBeLessThanOrEqual(7_000);
    expect(cues.map((c) => c.lines.map((l) => l.text).join(' ')).join(' ')).toBe(
      long.utterances[0]!.text,
    );
    expect(cues[1]!.start).toBe(cues[0]!.end + 100);
  });

  it('CSV: word,start,end,confidence in seconds, reading, quoting what needs it', () => {
    const csv = toCsv(english).split('\r\n');
    // A byte order mark first, for Excel.
    expect(csv[0]).toBe('\ufeffword,start,end,confidence,reading');
    expect(csv[1]).toBe('Hello,0.500,0.900,0.9,hello');
    expect(csv[2]).toBe('world,0.900,1.400,0.42,world');
    expect(csv[3]).toBe('",",1.400,1.400,,');
    expect(
      toCsv({
        text: '',
        utterances: [{ ...english.utterances[0]!, tokens: [{ written: 'say "hi"' }] }],
      }),
    ).toBe('\ufeffword,start,end,confidence,reading\r\n"say ""hi""",,,,\r\n');
  });

  it('JSON: the stored result, lossless', () => {
    expect(JSON.parse(toJson(english))).toEqual(english);
    expect(exportTranscript(english, 'json')).toBe(toJson(english));
  });

  it('names the exported file after the source', () => {
    expect(exportFileName('talk.final.wav', 'srt')).toBe('talk.final.srt');
    expect(exportFileName('noext', 'vtt')).toBe('noext.vtt');
  });

  it('names it after the job’s title when it has one: whole, what no file name holds made _', () => {
    expect(exportFileName('talk.wav', 'srt', 'Q3 review v2.1')).toBe('Q3 review v2.1.srt');
    expect(exportFileName('talk.wav', 'txt', 'a/b: "c"?')).toBe('a_b_ _c__.txt');
    expect(exportFileName('talk.wav', 'txt', '週次定例')).toBe('週次定例.txt');
  });
});

describe('speaker labels', () => {
  it('TXT: a paragraph per speaker turn, each starting with the speaker; a change mid-utterance starts a new one', () => {
    expect(toTxt(DIARIZED, { times: true })).toBe(
      [
        '[00:00:00] Speaker 1: Good morning.',
        '[00:00:01] Speaker 2: Hi there.',
        '[00:00:02] Speaker 1: Welcome back Thanks',
      ].join('\n\n') + '\n',
    );
    expect(
      toTxt(DIARIZED, { speakerName: (label) => `話者 ${label.slice(7)}`, times: false }),
    ).toMatch(/^話者 0: Good morning\.\n\n話者 1: Hi there\./);
  });

  it('SRT names the speaker at each turn, two short turns share a cue with dashes; VTT gives each a voice tag', () => {
    expect(toSrt(DIARIZED)).toBe(
      [
        // 0.83 s of one speaker, then the other: one cue, a dash before each line.
        '1\n00:00:00,570 --> 00:00:02,300\n- Good morning.\n- Hi there.\n',
        '2\n00:00:02,600 --> 00:00:03,500\nSpeaker 1: Welcome back\n',
        // The same speaker goes on: no name again.
        '3\n00:00:04,000 --> 00:00:04,833\nThanks\n',
      ].join('\n'),
    );
    const vtt = toVtt(DIARIZED);
    expect(
      vtt.startsWith(
        'WEBVTT\n\n00:00:00.570 --> 00:00:02.300\n<v Speaker 1>- Good morning.</v>\n<v Speaker 2>- Hi there.</v>\n',
      ),
    ).toBe(true);
    expect(vtt).toContain('00:00:02.600 --> 00:00:03.500\n<v Speaker 1>Welcome back\n');
    expect(vtt.match(/<v /g)).toHaveLength(4);
    expect(toVtt(DIARIZED, { speakerName: () => 'A <b> & c' })).toContain('<v A  b    c>- Good');
  });

  it('CSV gains a speaker column only when the tokens carry labels', () => {
    const rows = toCsv(DIARIZED).split('\r\n');
    expect(rows[0]).toBe('\ufeffword,start,end,confidence,reading,speaker');
    expect(rows[1]).toBe('Good,0.570,0.900,0.97,good,Speaker 1');
    // Punctuation has no reading.
    expect(rows[3]).toBe('.,1.400,1.400,0.9,,Speaker 1');
    expect(rows[4]).toBe('Hi,1.700,1.900,0.93,hi,Speaker 2');
    expect(rows[7]).toBe('Welcome,2.600,3.100,0.92,welcome,Speaker 1');
    expect(rows).toHaveLength(11);
    expect(toCsv(english).split('\r\n')[0]).toBe('\ufeffword,start,end,confidence,reading');
  });

  it('JSON stays the lossless result, labels included', () => {
    const back = JSON.parse(exportTranscript(DIARIZED, 'json')) as Transcript;
    expect(back).toEqual(DIARIZED);
    expect(back.utterances[1]!.tokens.map((t) => t.label)).toEqual([
      'speaker1',
      'speaker1',
      'speaker1',
      'speaker0',
      'speaker0',
    ]);
  });

  it('without labels nothing changes: no prefixes, no voice tags', () => {
    expect(toTxt(english)).not.toMatch(/Speaker/);
    expect(toVtt(english)).not.toMatch(/<v /);
    expect(cuesOf(english).every((c) => c.label === undefined)).toBe(true);
  });
});

describe('exports that would attack their reader', () => {
  /** One utterance of these words, 100 ms each. */
  const saying = (...words: string[]): Transcript => ({
    text: '',
    utterances: [
      {
        text: '',
        tags: [],
        rulename: '',
        tokens: words.map((w, i) => token(w, i * 100, (i + 1) * 100)),
      },
    ],
  });
  const hostile = saying(
    '=HYPERLINK("http://evil.example","x")',
    '+1',
    '-2',
    '@SUM(A1)',
    '\tcmd',
    '\rcmd',
    'safe',
  );

  it('CSV: a cell a spreadsheet would run starts with a quote mark', () => {
    const rows = toCsv(hostile).split('\r\n').slice(1, -1);
    const firstCells = [
      `"'=HYPERLINK(""http://evil.example"",""x"")",`,
      "'+1,",
      "'-2,",
      "'@SUM(A1),",
      "'\tcmd,",
      `"'\rcmd",`,
      'safe,',
    ];
    expect(rows).toHaveLength(firstCells.length);
    rows.forEach((row, i) => expect(row.startsWith(firstCells[i]!), row).toBe(true));
  });

  it('SRT and VTT: a line break inside a word cannot start a forged cue', () => {
    const forged = saying('hello\n\n2\n00:00:00,000 --> 99:00:00,000\nFORGED', 'world\r\n');
    for (const text of [toSrt(forged), toVtt(forged)]) {
      expect(text).not.toMatch(/^FORGED/m);
      const timings = text.split('\n').filter((line) => /^\d\d:\d\d:\d\d[,.]\d{3} --> /.test(line));
      expect(timings).toHaveLength(cuesOf(forged).length);
    }
    expect(toSrt(forged).split('\n\n')).toHaveLength(1);
  });
});

describe('edited transcripts', () => {
  const edited = applyEdits(DIARIZED, [
    wordEdit(0, 1, 'evening'),
    wordEdit(1, 1, ''),
    renameSpeaker('speaker0', 'Tanaka'),
  ]);

  it('TXT, SRT, VTT and CSV carry the edited words and the names people gave speakers', () => {
    expect(toTxt(edited, { times: false })).toBe(
      ['Tanaka: Good evening.', 'Speaker 2: Hi.', 'Tanaka: Welcome back Thanks'].join('\n\n') +
        '\n',
    );
    expect(toSrt(edited)).toContain('00:00:00,570 --> 00:00:02,300\n- Good evening.\n- Hi.\n');
    expect(toSrt(edited)).toContain('00:00:02,600 --> 00:00:03,500\nTanaka: Welcome back\n');
    expect(toVtt(edited)).toContain('<v Tanaka>- Good evening.</v>');
    expect(toVtt(edited, { speakerName: () => '話者' })).toContain('<v 話者>- Hi.</v>');
    const rows = toCsv(edited).split('\r\n');
    // A corrected word keeps the reading the service heard.
    expect(rows[2]).toBe('evening,0.900,1.400,,morning,Tanaka');
    expect(rows).toHaveLength(10);
  });
});

describe('joining utterances’ texts', () => {
  it('puts a space between words, none beside Japanese, and skips empty texts', () => {
    expect(joinTexts(['Hello there.', ' ', 'Again '])).toBe('Hello there. Again');
    expect(joinTexts(['今日は', '晴れです。', 'OK'])).toBe('今日は晴れです。OK');
    expect(joinTexts(['OK', '今日'])).toBe('OK今日');
    expect(joinTexts([])).toBe('');
  });

  it('joins a long transcript whole, one space between texts', () => {
    const texts = Array.from({ length: 20_000 }, (_, i) => `word${i} `.repeat(5));
    const joined = joinTexts(texts);
    expect(joined.length).toBe(texts.reduce((n, t) => n + t.trim().length + 1, -1));
  });
});
