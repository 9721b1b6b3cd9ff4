/**
 * The sentences of errors and of rejected words, whole in each language (./en.ts, ./ja.ts),
 * filled from a code and its params (./render.ts). Apart from ../errors.ts, which defines the
 * codes and carries no sentence: the window loads these tables in a chunk of their own, fetched
 * as it starts but not before its first screen (renderer/src/ui/error-text.ts); the core and the
 * command line import them as they would anything.
 */
import type { AppError, Lang, WordRejection } from '../errors';
import { EN } from './en';
import { JA } from './ja';
import { renderError, renderRejection, type Language } from './render';

export const LANGUAGES: Readonly<Record<Lang, Language>> = { en: EN, ja: JA };

/** The whole sentence for an error in one language (without its detail, which is shown apart). */
export function errorText(error: Pick<AppError, 'code' | 'params'>, lang: Lang): string {
  return renderError(LANGUAGES[lang], error);
}

/** Why a line of a word table was not imported, as a sentence in one language. */
export function wordRejectionText(rejection: WordRejection, lang: Lang): string {
  return renderRejection(LANGUAGES[lang], rejection);
}
