/** A long made-up transcript for window tests and the bench: words `word0`, `word1`, … */
import type { Transcript } from '../../shared/domain/job';

/**
 * `words` words in utterances of 100; word i starts at `startOf(i)` ms and lasts `length` ms.
 */
export function numberedTranscript(
  words: number,
  startOf: (i: number) => number,
  length: number,
): Transcript {
  const utterances = Array.from({ length: Math.ceil(words / 100) }, (_, u) => {
    const tokens = Array.from({ length: Math.min(100, words - u * 100) }, (_, w) => {
      const i = u * 100 + w;
      const at = startOf(i);
      return {
        written: `word${i}`,
        spoken: `word${i}`,
        confidence: 0.9,
        starttime: at,
        endtime: at + length,
      };
    });
    return {
      tokens,
      starttime: tokens[0]!.starttime,
      endtime: tokens.at(-1)!.endtime,
      tags: [],
      rulename: '',
      text: tokens.map((t) => t.written).join(' '),
    };
  });
  return { text: utterances.map((u) => u.text).join(' '), utterances };
}
