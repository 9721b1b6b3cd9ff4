/**
 * English written as the cloud writes it (docs/api.md §3): a capital at the start of each
 * utterance, the pronoun "I" in capitals, and a full stop at its end as a token of its own,
 * marked as punctuation (`spoken` is `_`) and joined to the word before it without a space. The
 * one place the local service gives its words their written form: sync, async and realtime
 * results all come through `utteranceOf`, and realtime's interim results through
 * `writeEnglish(…, { final: false })`.
 */
import type { Token } from '../../shared/api';
import { isPunctuation, joinTokens } from '../../shared/format/speakers';

/** How the API marks a punctuation token's reading. */
const PUNCTUATION_SPOKEN = '_';

/** Silences and fillers as the engine names them: `<sil>`, `[NOISE]`, `++UM++`. */
export const isNonSpeech = (written: string) => /^<.*>$|^\[.*\]$|^\+\+.*\+\+$/.test(written);

const isWord = (token: Token) => !isNonSpeech(token.written) && !isPunctuation(token);

/** "i", "i'm", "i'll", "i've", "i'd": the pronoun, which English always writes in capitals. */
const PRONOUN_I = /^i(?='|$)/;

/**
 * A word at the start of a sentence gets a capital, unless it has one already: a dictionary's
 * written form ("iPhone", "Kikitori") is kept exactly as it was registered.
 */
const sentenceCase = (written: string) =>
  /\p{Lu}/u.test(written) ? written : written.charAt(0).toUpperCase() + written.slice(1);

export function writeEnglish(tokens: readonly Token[], options: { final: boolean }): Token[] {
  const out = tokens.map((token) =>
    isWord(token) && PRONOUN_I.test(token.written)
      ? { ...token, written: `I${token.written.slice(1)}` }
      : token,
  );
  const first = out.findIndex(isWord);
  if (first === -1) return out;
  out[first] = { ...out[first]!, written: sentenceCase(out[first]!.written) };
  if (!options.final) return out;
  const last = out.findLastIndex(isWord);
  const word = out[last]!;
  const stop: Token = {
    written: '.',
    ...(word.confidence !== undefined && { confidence: word.confidence }),
    ...(word.endtime !== undefined && { starttime: word.endtime, endtime: word.endtime }),
    spoken: PUNCTUATION_SPOKEN,
  };
  out.splice(last + 1, 0, stop);
  return out;
}

/** An utterance's text: its tokens' written forms, spaced, with punctuation on the word before. */
export const englishText = (tokens: readonly Token[]) => joinTokens(tokens, ' ');
