/**
 * Subtitle rules, as properties over many made-up transcripts in Japanese and in
 * English: nothing lost or reordered, every line within its width, no kinsoku break, no word
 * split, cue times ordered and gapped; and the cases a person sees, with BudouX's phrases.
 */
import { loadDefaultJapaneseParser } from 'budoux';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Token } from '../../../../shared/api/recognition';
import type { Transcript } from '../../../../shared/domain/job';
import { toSrt, toVtt } from '../../../../shared/format/exporters';
import { blocksOf } from '../../../../shared/format/speakers';
import {
  cueLines,
  NO_LINE_END,
  NO_LINE_START,
  scriptOf,
  SUBTITLE_DEFAULTS,
  subtitleCues,
  textWidth,
  type Script,
  type SubtitleCue,
  type SubtitleRules,
} from '../../../../shared/format/subtitles';

const budoux = loadDefaultJapaneseParser();
const phrases = (text: string) => budoux.parse(text);

/** Japanese words as the service writes them: kanji, kana, katakana, punctuation, small kana. */
const JA_WORDS = [
  '本日',
  'は',
  'お',
  '忙しい',
  'ところ',
  'ありがとう',
  'ござい',
  'ます',
  '会議',
  'を',
  '始め',
  'させ',
  'て',
  'いただき',
  'ちょっと',
  'アドバンスト・メディア',
  'データ',
  'ベース',
  'っ',
  'ゃ',
  'ー',
  '「',
  '」',
  '（',
  '）',
  'AI',
  '3',
  '％',
  '東京都',
  '議事録',
];
const JA_PUNCT = ['、', '。', '？', '！'];
const EN_WORDS = [
  'the',
  'meeting',
  'starts',
  'now',
  'and',
  'I',
  'think',
  'extraordinary',
  'results',
  '(really)',
  'quarter',
  'a',
  'team',
  'going',
  'forward',
];
const EN_PUNCT = ['.', ',', '?', '!'];

interface Spec {
  readonly word: string;
  readonly punct: string | undefined;
  readonly ms: number;
  readonly pause: number;
  readonly label: number;
}

const spec = (words: readonly string[], puncts: readonly string[]) =>
  fc.record({
    word: fc.constantFrom(...words),
    punct: fc.option(fc.constantFrom(...puncts), { nil: undefined, freq: 4 }),
    ms: fc.integer({ min: 60, max: 900 }),
    pause: fc.integer({ min: 0, max: 1_500 }),
    label: fc.integer({ min: 0, max: 2 }),
  });

/** A transcript of utterances made of these words (with times), speakers when asked. */
function transcriptOf(
  utterances: readonly (readonly Spec[])[],
  script: Script,
  speakers: boolean,
): Transcript {
  let t = 0;
  const joiner = script === 'cjk' ? '' : ' ';
  return {
    text: '',
    utterances: utterances.map((specs) => {
      const tokens: Token[] = [];
      const start = t;
      for (const s of specs) {
        t += s.pause;
        const label = speakers ? { label: `speaker${s.label}` } : {};
        tokens.push({ written: s.word, starttime: t, endtime: t + s.ms, spoken: s.word, ...label });
        t += s.ms;
        if (s.punct)
          tokens.push({ written: s.punct, spoken: '_', starttime: t, endtime: t, ...label });
      }
      let text = '';
      for (const token of tokens) {
        if (text !== '' && token.spoken !== '_') text += joiner;
        text += token.written;
      }
      t += 400;
      return { text, tokens, starttime: start, endtime: t - 400, tags: [], rulename: '' };
    }),
  };
}

const dash = /^(－|- )/u;
const strip = (cue: SubtitleCue, line: string, i: number) =>
  cue.lines[i]!.label !== undefined
    ? line.replace(dash, '')
    : i === 0 && cue.prefix
      ? line.slice(cue.prefix.length + 2)
      : line;

function checkRules(
  transcript: Transcript,
  script: Script,
  rules: SubtitleRules,
  speakers: boolean,
) {
  const cues = subtitleCues(transcript, {
    script,
    rules,
    phrases,
    ...(speakers && { speakerName: (label: string) => `S${label.slice(7)}` }),
  });
  const words = transcript.utterances.flatMap((u) => u.tokens.map((t) => t.written));
  // Nothing lost or reordered: the cues' text, spaces aside, is the words in order.
  const cueText = cues
    .flatMap((cue) => cueLines(cue, script).map((line, i) => strip(cue, line, i)))
    .join('')
    .replace(/\s+/g, '');
  expect(cueText).toBe(words.join('').replace(/\s+/g, ''));
  // Where each speaker's turn starts, in the words' text without spaces: a turn may start with
  // anything (nothing before it to hold a closing mark).
  const turnStarts = new Set<number>();
  const turnEnds = new Set<number>();
  let at = 0;
  for (const block of blocksOf(transcript)) {
    turnStarts.add(at);
    for (const token of block.tokens) at += token.written.replace(/\s+/g, '').length;
    turnEnds.add(at);
  }
  let offset = 0;
  for (const [n, cue] of cues.entries()) {
    expect(cue.lines.length).toBeLessThanOrEqual(rules.maxLines);
    for (const [i, line] of cueLines(cue, script).entries()) {
      const plain = strip(cue, line, i);
      const startsTurn = turnStarts.has(offset);
      offset += plain.replace(/\s+/g, '').length;
      // Within its width, unless it is one word wider than a line (with the marks it holds on to).
      const chars = [...plain];
      while (chars.length > 1 && NO_LINE_END.has(chars[0]!)) chars.shift();
      while (chars.length > 1 && NO_LINE_START.has(chars.at(-1)!)) chars.pop();
      const bare = chars.join('');
      const oneWord = words.includes(bare) || (script === 'spaced' && !plain.includes(' '));
      if (!oneWord) expect(textWidth(line, script), line).toBeLessThanOrEqual(rules.maxLine);
      // Kinsoku: no line starts with closing punctuation or a small kana, none ends opening.
      if (!startsTurn) expect(NO_LINE_START.has([...plain][0]!), `starts: ${line}`).toBe(false);
      if (plain.length > 1 && !turnEnds.has(offset))
        expect(NO_LINE_END.has([...plain].at(-1)!), `ends: ${line}`).toBe(false);
    }
    // Times ordered and gapped.
    expect(cue.end).toBeGreaterThan(cue.start);
    const next = cues[n + 1];
    if (next) expect(next.start - cue.end).toBeGreaterThanOrEqual(rules.minGapMs);
  }
  return cues;
}

/** Every boundary between two lines or cues falls between two of the service's words. */
function noWordSplit(transcript: Transcript, cues: SubtitleCue[], script: Script) {
  const pieces = cues.flatMap((cue) =>
    cueLines(cue, script).map((line, i) => strip(cue, line, i).replace(/\s+/g, '')),
  );
  const boundaries = new Set<number>();
  let at = 0;
  for (const word of transcript.utterances.flatMap((u) => u.tokens.map((t) => t.written)))
    boundaries.add((at += word.replace(/\s+/g, '').length));
  let offset = 0;
  for (const piece of pieces.slice(0, -1)) {
    offset += piece.length;
    expect(boundaries.has(offset), `a break inside a word after "${piece}"`).toBe(true);
  }
}

describe('subtitle rules as properties', () => {
  for (const script of ['cjk', 'spaced'] as const) {
    const words = script === 'cjk' ? JA_WORDS : EN_WORDS;
    const puncts = script === 'cjk' ? JA_PUNCT : EN_PUNCT;
    for (const speakers of [false, true]) {
      it(`${script === 'cjk' ? 'Japanese' : 'English'}${speakers ? ', with speakers' : ''}: nothing lost, lines fit, kinsoku kept, no word split, times gapped`, () => {
        fc.assert(
          fc.property(
            fc.array(fc.array(spec(words, puncts), { minLength: 1, maxLength: 40 }), {
              minLength: 1,
              maxLength: 6,
            }),
            fc.record({
              maxLine: fc.constantFrom(...(script === 'cjk' ? [10, 13, 16.5] : [32, 42])),
              maxLines: fc.constantFrom(1, 2, 3),
              maxCueMs: fc.constantFrom(3_000, 7_000),
              minCueMs: fc.constantFrom(0, 833),
              minGapMs: fc.constantFrom(0, 83),
            }),
            (utterances, rules) => {
              const transcript = transcriptOf(utterances, script, speakers);
              const cues = checkRules(transcript, script, rules, speakers);
              noWordSplit(transcript, cues, script);
            },
          ),
          { numRuns: 300 },
        );
      });
    }
  }
});

const ja = (...words: Array<[string, number]>): Transcript => {
  let t = 0;
  const tokens = words.map(([written, ms]) => {
    const token = {
      written,
      starttime: t,
      endtime: t + ms,
      spoken: /^[、。]$/.test(written) ? '_' : written,
    };
    t += ms;
    return token;
  });
  const text = words.map(([w]) => w).join('');
  return { text, utterances: [{ text, tokens, starttime: 0, endtime: t, tags: [], rulename: '' }] };
};

describe('what a person sees', () => {
  it('a Japanese cue is at most 13 full-width characters a line and two lines, broken between phrases', () => {
    const transcript = ja(
      ['本日', 300],
      ['は', 100],
      ['お', 100],
      ['忙しい', 300],
      ['ところ', 300],
      ['お', 100],
      ['集まり', 300],
      ['いただき', 400],
      ['、', 0],
      ['ありがとう', 500],
      ['ござい', 300],
      ['ます', 200],
      ['。', 0],
    );
    expect(scriptOf(transcript)).toBe('cjk');
    const lines = subtitleCues(transcript, { phrases }).map((cue) => cueLines(cue, 'cjk'));
    expect(lines).toEqual([
      ['本日はお忙しいところ', 'お集まりいただき、'],
      ['ありがとうございます。'],
    ]);
  });

  it('a half-width character counts half', () => {
    expect(textWidth('AIで3%', 'cjk')).toBe(3);
    expect(textWidth('３％', 'cjk')).toBe(2);
    expect(textWidth('会議', 'cjk')).toBe(2);
    expect(textWidth('meeting', 'spaced')).toBe(7);
  });

  it('English lines are balanced: the first not much shorter than the second', () => {
    const words =
      'so today we are going to talk about the third quarter results and what they mean'.split(' ');
    const transcript: Transcript = {
      text: words.join(' '),
      utterances: [
        {
          text: words.join(' '),
          tokens: words.map((w, i) => ({ written: w, starttime: i * 300, endtime: i * 300 + 250 })),
          tags: [],
          rulename: '',
        },
      ],
    };
    const [cue] = subtitleCues(transcript, { rules: SUBTITLE_DEFAULTS.spaced });
    const [first, second] = cue!.lines.map((l) => l.text.length);
    expect(cue!.lines).toHaveLength(2);
    expect(Math.abs(first! - second!)).toBeLessThanOrEqual(8);
    expect(first!).toBeGreaterThanOrEqual(second! - 2);
  });

  it('the rules a person sets are followed: one line of 20 characters, cues of 2 s at most', () => {
    const words = Array.from({ length: 30 }, (_, i) => `w${i}`);
    const transcript: Transcript = {
      text: words.join(' '),
      utterances: [
        {
          text: words.join(' '),
          tokens: words.map((w, i) => ({ written: w, starttime: i * 200, endtime: i * 200 + 180 })),
          tags: [],
          rulename: '',
        },
      ],
    };
    const rules = { maxLine: 20, maxLines: 1, maxCueMs: 2_000, minCueMs: 500, minGapMs: 100 };
    const srt = toSrt(transcript, { subtitles: rules });
    for (const block of srt.trim().split('\n\n')) {
      const [, timing, ...text] = block.split('\n');
      expect(text).toHaveLength(1);
      expect(text[0]!.length).toBeLessThanOrEqual(20);
      const [from, to] = timing!.split(' --> ').map((c) => {
        const [h, m, s] = c.replace(',', '.').split(':').map(Number);
        return (h! * 3600 + m! * 60 + s!) * 1000;
      });
      expect(to! - from!).toBeLessThanOrEqual(2_000 + 1);
    }
  });

  it('VTT writes a cue of two speakers as two voices, each line with a dash', () => {
    const transcript: Transcript = {
      text: '',
      utterances: [
        {
          text: 'はい。いいえ。',
          tokens: [
            { written: 'はい', starttime: 0, endtime: 300, label: 'speaker0' },
            { written: '。', spoken: '_', starttime: 300, endtime: 300, label: 'speaker0' },
            { written: 'いいえ', starttime: 500, endtime: 900, label: 'speaker1' },
            { written: '。', spoken: '_', starttime: 900, endtime: 900, label: 'speaker1' },
          ],
          tags: [],
          rulename: '',
        },
      ],
    };
    expect(toVtt(transcript, { speakerName: (l) => (l === 'speaker0' ? '田中' : '佐藤') })).toBe(
      'WEBVTT\n\n00:00:00.000 --> 00:00:00.900\n<v 田中>－はい。</v>\n<v 佐藤>－いいえ。</v>\n',
    );
  });
});
