/**
 * A Japanese meeting as the cloud service answers it with `keepFillerToken=1` and speaker
 * labels (docs/api.md §3): fillers written `%えー%`, a percentage written `12%`, readings in
 * `spoken`, punctuation as tokens. The local service speaks English only, so the window's tests
 * put this result in place of a real job's (as tests/support/diarized.ts does in English).
 */
import type { Token } from '../../shared/api/recognition';
import type { Transcript } from '../../shared/domain/job';

const word = (written: string, spoken: string, at: number, label: string, ms = 400): Token => ({
  written,
  spoken,
  starttime: at,
  endtime: at + ms,
  confidence: 0.9,
  label,
});
const mark = (written: string, at: number, label: string): Token => ({
  written,
  spoken: '_',
  starttime: at,
  endtime: at,
  label,
});

const utterance = (tokens: Token[]) => {
  let text = '';
  for (const t of tokens) text += t.written;
  return {
    text,
    tokens,
    starttime: tokens[0]!.starttime,
    endtime: tokens.at(-1)!.endtime,
    confidence: 0.9,
    tags: [],
    rulename: '',
  };
};

export const JA_MEETING: Transcript = (() => {
  const utterances = [
    utterance([
      word('%えー%', 'えー', 0, 'speaker0'),
      word('本日', 'ほんじつ', 400, 'speaker0'),
      word('は', 'は', 800, 'speaker0', 200),
      word('お', 'お', 1000, 'speaker0', 100),
      word('忙しい', 'いそがしい', 1100, 'speaker0'),
      word('ところ', 'ところ', 1500, 'speaker0'),
      word('お', 'お', 1900, 'speaker0', 100),
      word('集まり', 'あつまり', 2000, 'speaker0'),
      word('いただき', 'いただき', 2400, 'speaker0'),
      mark('、', 2800, 'speaker0'),
      word('ありがとう', 'ありがとう', 2800, 'speaker0', 500),
      word('ござい', 'ござい', 3300, 'speaker0', 300),
      word('ます', 'ます', 3600, 'speaker0', 300),
      mark('。', 3900, 'speaker0'),
    ]),
    utterance([
      word('第', 'だい', 4500, 'speaker0', 200),
      word('三', 'さん', 4700, 'speaker0', 200),
      word('四半期', 'しはんき', 4900, 'speaker0'),
      word('の', 'の', 5300, 'speaker0', 200),
      word('売上', 'うりあげ', 5500, 'speaker0'),
      word('は', 'は', 5900, 'speaker0', 200),
      word('12%', 'じゅうにぱーせんと', 6100, 'speaker0', 700),
      word('増え', 'ふえ', 6800, 'speaker0'),
      word('まし', 'まし', 7200, 'speaker0', 200),
      word('た', 'た', 7400, 'speaker0', 200),
      mark('。', 7600, 'speaker0'),
    ]),
    utterance([
      word('%あの%', 'あの', 8400, 'speaker1'),
      word('質問', 'しつもん', 8800, 'speaker1'),
      word('して', 'して', 9200, 'speaker1'),
      word('も', 'も', 9600, 'speaker1', 200),
      word('よろしい', 'よろしい', 9800, 'speaker1'),
      word('です', 'です', 10200, 'speaker1', 300),
      word('か', 'か', 10500, 'speaker1', 200),
      mark('？', 10700, 'speaker1'),
    ]),
  ];
  return { text: utterances.map((u) => u.text).join(''), utterances };
})();
