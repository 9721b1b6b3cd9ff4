/**
 * A transcript as paragraphs that follow the speech, for the documents (./minutes.ts) and the
 * text file (./exporters.ts toTxt): a speaker's change starts a new one, so does a long pause,
 * and a paragraph is closed before it grows past a readable length. Without speaker labels (always so with the local engine, whose utterances are
 * the stretches between silences of 0.4 s or more, at most 30 s) the pause and the length are
 * what make paragraphs at all: before them a 10-minute talk was one paragraph of 8,846 characters.
 */
import type { Token } from '../api/recognition';
import type { Transcript } from '../domain/job';
import { blocksOf, joinerOf, joinTexts } from './speakers';
import { type Script, scriptOf } from './subtitles';

/**
 * The rules, by script. A pause of 2 s: inside a person's flow the pauses between phrases and
 * sentences run from 0.2 to about 1 s, while one of 2 s or more is a hesitation between thoughts,
 * a new topic or another voice, where a note-taker starts a new paragraph. The longest paragraph:
 * 500 characters of English, about 80–90 words (3–5 sentences, the paragraph style guides give,
 * and 30–40 s of speech at 150 words a minute); 250 of Japanese, the 200–300 characters Japanese
 * writing guides give a 段落 (a Japanese character carries about what two or three Latin letters
 * do: ./subtitles.ts scriptOf).
 */
export const PARAGRAPH_RULES: Readonly<
  Record<Script, { readonly pauseMs: number; readonly maxChars: number }>
> = {
  spaced: { pauseMs: 2_000, maxChars: 500 },
  cjk: { pauseMs: 2_000, maxChars: 250 },
};

export interface Paragraph {
  /** The start, in ms from the recording's start. */
  readonly ms: number;
  /** The speaker's label as the service gave it, when the words carry one. */
  readonly label?: string;
  readonly tokens: readonly Token[];
  /** How the paragraph's words are joined: a space, or nothing (Japanese). */
  readonly joiner: string;
  readonly text: string;
}

const lengthOf = (text: string) => [...text].length;

/** The transcript's paragraphs, in order (an utterance is never cut: it is the speech's own unit). */
export function paragraphsOf(transcript: Transcript): Paragraph[] {
  const rules = PARAGRAPH_RULES[scriptOf(transcript)];
  const paragraphs: Array<Paragraph & { end: number; length: number; tokens: Token[] }> = [];
  for (const block of blocksOf(transcript)) {
    const text = block.text.trim();
    if (!text) continue;
    const last = paragraphs.at(-1);
    const ms =
      block.starttime ??
      block.tokens.find((t) => t.starttime !== undefined)?.starttime ??
      last?.end;
    const end = block.endtime ?? ms ?? last?.end ?? 0;
    const length = lengthOf(text);
    const pause = ms !== undefined && last !== undefined ? ms - last.end : 0;
    const goesOn =
      last !== undefined &&
      last.label === block.label &&
      last.length + length <= rules.maxChars &&
      pause < rules.pauseMs;
    if (goesOn) {
      const joined = joinTexts([last.text, text]);
      paragraphs[paragraphs.length - 1] = {
        ...last,
        end: Math.max(last.end, end),
        length: lengthOf(joined),
        tokens: [...last.tokens, ...block.tokens],
        text: joined,
      };
      continue;
    }
    paragraphs.push({
      ms: ms ?? 0,
      end,
      length,
      ...(block.label !== undefined && { label: block.label }),
      tokens: [...block.tokens],
      joiner: joinerOf(transcript.utterances[block.utterance]!),
      text,
    });
  }
  return paragraphs.map(({ end: _end, length: _length, ...paragraph }) => paragraph);
}
