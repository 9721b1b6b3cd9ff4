/**
 * A talk of about ten minutes as the local engine gives it: no speaker labels, utterances the
 * stretches between silences (0.4–1.4 s apart, now and then a pause of 2.5 s where the speaker
 * moves on), each a sentence of words with times. The same talk every run (a seeded generator).
 */
import type { Utterance } from '../../shared/api/recognition';
import type { Transcript } from '../../shared/domain/job';
import { seededRandom } from './seeded-random';

const ENGLISH = (
  'we looked at the numbers for the quarter and the team agreed that the plan holds ' +
  'although the schedule for the second release is tight and the tests need more time'
).split(' ');
const JAPANESE =
  '今期 の 数字 を 確認 し 計画 は 維持 する こと で 合意 しました 次 の リリース は 日程 が 厳しく 試験 に 時間 が 必要 です'.split(
    ' ',
  );

/** Where the long pauses (2.5 s) fall: after every `LONG_EVERY`th utterance. */
export const LONG_EVERY = 7;
export const LONG_PAUSE_MS = 2_500;

export function talkTranscript(script: 'en' | 'ja', minutes = 10): Transcript {
  const random = seededRandom(script === 'en' ? 45 : 54);
  const vocabulary = script === 'en' ? ENGLISH : JAPANESE;
  const utterances: Utterance[] = [];
  let at = 800;
  let n = 0;
  while (at < minutes * 60_000) {
    const count = 6 + Math.floor(random() * 14);
    const tokens = Array.from({ length: count }, () => {
      const written = vocabulary[Math.floor(random() * vocabulary.length)]!;
      const token = { written, spoken: written, confidence: 0.9, starttime: at, endtime: at + 300 };
      at += 330;
      return token;
    });
    const last = tokens.at(-1)!;
    const stop = script === 'en' ? '.' : '。';
    tokens.push({
      written: stop,
      spoken: '_',
      confidence: 0.9,
      starttime: last.endtime,
      endtime: last.endtime,
    });
    const words = tokens.slice(0, -1).map((t) => t.written);
    const text =
      script === 'en'
        ? `${words[0]![0]!.toUpperCase()}${words.join(' ').slice(1)}.`
        : `${words.join('')}。`;
    utterances.push({
      tokens,
      confidence: 0.9,
      starttime: tokens[0]!.starttime,
      endtime: last.endtime,
      tags: [],
      rulename: '',
      text,
    });
    n++;
    at = last.endtime + (n % LONG_EVERY === 0 ? LONG_PAUSE_MS : 400 + Math.floor(random() * 1000));
  }
  return { text: utterances.map((u) => u.text).join(script === 'en' ? ' ' : ''), utterances };
}
