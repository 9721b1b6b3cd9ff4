/**
 * Fills a language's sentence for a code. Pure, without Node, so the window renders errors the
 * same way the tests check them.
 */
import type { AppErrorCode, SubCodes, WordRejectionCode, WordRejectionSubCodes } from '../errors';

type Translations<S> = {
  readonly [C in keyof S]: {
    readonly [P in keyof S[C]]: S[C][P] extends readonly (infer V extends string)[]
      ? Readonly<Record<V, string>>
      : never;
  };
};

/** Every sentence and every sub-code of one language; the types make a missing one an error. */
export interface Language {
  readonly errors: Readonly<Record<AppErrorCode, string>>;
  readonly errorSubCodes: Translations<SubCodes>;
  readonly wordRejections: Readonly<Record<WordRejectionCode, string>>;
  readonly wordRejectionSubCodes: Translations<WordRejectionSubCodes>;
}

/** One domain's share of a language (shared/domain/error-text/en/, ja/): the language joins them. */
export type LanguagePart = { readonly [K in keyof Language]?: Partial<Language[K]> };

type Params = Readonly<Record<string, string | number>>;
type SubTable = Readonly<Record<string, Readonly<Record<string, string>> | undefined>>;

function fill(text: string, params: Params, sub: SubTable | undefined): string {
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = params[name];
    if (value === undefined) return placeholder;
    const translated = sub?.[name]?.[String(value)];
    // A sub-code's sentence may itself hold params ("job {id}").
    return translated === undefined ? String(value) : fill(translated, params, undefined);
  });
}

/** A coded thing (an error, a rejected word): its code's sentence, its params and sub-codes filled. */
function render<C extends string>(
  sentences: Readonly<Record<C, string>>,
  subCodes: object,
  coded: { readonly code: C; readonly params: Params },
): string {
  const sub = (subCodes as Readonly<Record<string, SubTable>>)[coded.code];
  return fill(sentences[coded.code], coded.params, sub);
}

export const renderError = (
  lang: Language,
  error: { readonly code: AppErrorCode; readonly params: Params },
): string => render(lang.errors, lang.errorSubCodes, error);

export const renderRejection = (
  lang: Language,
  rejection: { readonly code: WordRejectionCode; readonly params: Params },
): string => render(lang.wordRejections, lang.wordRejectionSubCodes, rejection);
