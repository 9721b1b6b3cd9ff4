/**
 * Fillers ("えー", "あの", "um"): the service writes them `%えー%` when asked to keep them
 * (`keepFillerToken=1`, docs/api.md §3). After the fact a person may show them (written without
 * the marks) or leave them out, in the viewer and in every export; neither touches the stored
 * transcript or its corrections. A written `%` of its own ("12%", "%") is no filler.
 */
import type { Token } from '../api/recognition';
import type { EditedTranscript } from '../domain/edits';
import { joinerOf, joinTexts, joinTokens } from './speakers';

/** `%えー%`: a percent sign, something that is not one, a percent sign. */
const FILLER = /^%([^%]+)%$/u;

export const isFiller = ({ written }: Pick<Token, 'written'>): boolean =>
  // (Most words do not start and end with "%": they are not asked the pattern.)
  written.length > 2 &&
  written.charCodeAt(0) === 0x25 &&
  written.charCodeAt(written.length - 1) === 0x25 &&
  FILLER.test(written);

/** A filler as a person reads it: `%えー%` → `えー`; any other word as it is. */
export const fillerShown = (written: string): string => FILLER.exec(written)?.[1] ?? written;

export type FillerMode = 'show' | 'drop';

function mapTokens<T extends EditedTranscript>(
  transcript: T,
  change: (tokens: readonly Token[]) => Token[],
): T {
  let touched = false;
  const utterances = transcript.utterances.map((utterance) => {
    if (!utterance.tokens.some(isFiller)) return utterance;
    touched = true;
    const tokens = change(utterance.tokens);
    return { ...utterance, tokens, text: joinTokens(tokens, joinerOf(utterance)) };
  });
  if (!touched) return transcript;
  const kept = utterances.filter((u) => u.tokens.length > 0 || u.text !== '');
  const text = joinTexts(kept.map((u) => u.text));
  return { ...transcript, utterances: kept, text };
}

/**
 * The transcript with its fillers shown without their marks, or left out (an utterance that
 * held only fillers goes with them). The same object when it has none.
 */
export function withFillers<T extends EditedTranscript>(transcript: T, mode: FillerMode): T {
  return mapTokens(transcript, (tokens) =>
    mode === 'drop'
      ? tokens.filter((t) => !isFiller(t))
      : tokens.map((t) => (isFiller(t) ? { ...t, written: fillerShown(t.written) } : t)),
  );
}

export const hasFillers = (transcript: EditedTranscript): boolean =>
  transcript.utterances.some((u) => u.tokens.some(isFiller));
