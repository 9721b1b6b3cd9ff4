/**
 * Speaker labels (`label` on tokens with speakerDiarization=True, docs/api.md §3): a transcript as
 * blocks, each the stretch of one utterance spoken by one speaker, so that a speaker change starts
 * a new block. Without labels the blocks are the utterances themselves.
 */
import type { Token, Utterance } from '../api/recognition';
import type { Transcript } from '../domain/job';

export interface Block {
  /** The utterance (index in `transcript.utterances`) the block belongs to. */
  readonly utterance: number;
  /** The speaker's label as the API sent it (`speaker0`, …), when the tokens carry one. */
  readonly label?: string;
  readonly tokens: readonly Token[];
  readonly text: string;
  readonly starttime?: number;
  readonly endtime?: number;
}

/** Punctuation tokens (`spoken` is `_`) attach to the word before them. */
export const isPunctuation = (token: Token) => token.spoken === '_';

/** Languages written with spaces between words (the utterance's own text shows which). */
export function joinerOf(utterance: Utterance): string {
  return /\S\s\S/.test(utterance.text) ? ' ' : '';
}

export function joinTokens(tokens: readonly Token[], joiner: string): string {
  let text = '';
  for (const token of tokens) {
    if (text !== '' && !isPunctuation(token)) text += joiner;
    text += token.written;
  }
  return text;
}

export const hasSpeakers = (transcript: Transcript) =>
  transcript.utterances.some((u) => u.tokens.some((t) => t.label !== undefined));

/** `speaker0` → 1: people count from one. Undefined for a label of another shape. */
export function speakerNumber(label: string): number | undefined {
  const match = /^speaker(\d+)$/i.exec(label);
  return match ? Number(match[1]) + 1 : undefined;
}

/** The English name of a speaker, used where no other language is asked for. */
export const englishSpeakerName = (label: string) => {
  const n = speakerNumber(label);
  return n === undefined ? label : `Speaker ${n}`;
};

/** Runs of tokens by speaker: an unlabelled token (e.g. punctuation) stays with the run it is in. */
function runsOf(tokens: readonly Token[]): Array<{ label?: string; tokens: Token[] }> {
  const runs: Array<{ label?: string; tokens: Token[] }> = [];
  for (const token of tokens) {
    const run = runs.at(-1);
    if (
      run &&
      (token.label === undefined || run.label === undefined || run.label === token.label)
    ) {
      run.label ??= token.label;
      run.tokens.push(token);
    } else
      runs.push(
        token.label !== undefined ? { label: token.label, tokens: [token] } : { tokens: [token] },
      );
  }
  return runs;
}

export function blocksOf(transcript: Transcript): Block[] {
  const blocks: Block[] = [];
  transcript.utterances.forEach((u, utterance) => {
    const runs = runsOf(u.tokens);
    if (runs.length <= 1) {
      blocks.push({
        utterance,
        ...(runs[0]?.label !== undefined && { label: runs[0].label }),
        tokens: u.tokens,
        text: u.text,
        ...(u.starttime !== undefined && { starttime: u.starttime }),
        ...(u.endtime !== undefined && { endtime: u.endtime }),
      });
      return;
    }
    const joiner = joinerOf(u);
    runs.forEach((run, i) => {
      const starttime =
        i === 0 ? (u.starttime ?? run.tokens[0]!.starttime) : run.tokens[0]!.starttime;
      const endtime =
        i === runs.length - 1
          ? (u.endtime ?? run.tokens.at(-1)!.endtime)
          : run.tokens.at(-1)!.endtime;
      blocks.push({
        utterance,
        ...(run.label !== undefined && { label: run.label }),
        tokens: run.tokens,
        text: joinTokens(run.tokens, joiner),
        ...(starttime !== undefined && { starttime }),
        ...(endtime !== undefined && { endtime }),
      });
    });
  });
  return blocks;
}

/**
 * Two utterances' texts joined as the service joins words: with a space, except where either
 * side is Japanese or Chinese script (or its punctuation), which is written without spaces.
 */
export const CJK = /[\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/u;
export function joinTexts(texts: readonly string[]): string {
  const parts: string[] = [];
  // The last character is kept apart: reading it off the growing string would flatten it each
  // time (quadratic over a long transcript).
  let last = '';
  for (const text of texts.map((t) => t.trim()).filter((t) => t !== '')) {
    if (parts.length > 0 && !CJK.test(last) && !CJK.test(text[0]!)) parts.push(' ');
    parts.push(text);
    last = text.at(-1)!;
  }
  return parts.join('');
}
