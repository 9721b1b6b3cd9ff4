/**
 * The sentence a person reads for an AppError (or a rejected word), in the window's language:
 * the shared renderer of shared/domain/error-text, where each language writes the whole sentence
 * from the code and its params. The raw `detail` is shown apart by the caller, when it helps.
 *
 * The sentences' tables are a chunk of their own, so the first screen does not carry them:
 * `loadErrorText` fetches them as the window starts (main.tsx), beside its first render and not
 * before it, and a component showing an error before they arrive renders again once they have.
 * Were they not to arrive (the host gone), the error says so in the window's own strings.
 */
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type * as tablesModule from '../../../shared/domain/error-text';
import type { AppError, Lang, WordRejection } from '../../../shared/domain/errors';

export type ErrorTables = typeof tablesModule;

const FAILED = 'failed';

/** The tables fetched by `load`, and the hooks that render with them: one for the window. */
export function errorTextSource(load: () => Promise<ErrorTables>) {
  /** The tables once loaded; `failed` when the last fetch failed; nothing while on their way. */
  let tables: ErrorTables | typeof FAILED | undefined;
  let loading: Promise<ErrorTables> | undefined;
  const listeners = new Set<() => void>();
  const settle = (value: ErrorTables | typeof FAILED) => {
    tables = value;
    for (const listener of listeners) listener();
  };

  /** The tables: fetched once (again after a failure), shared by every caller. */
  const loadTables = (): Promise<ErrorTables> => {
    if (typeof tables === 'object') return Promise.resolve(tables);
    loading ??= load().then(
      (module) => {
        settle(module);
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        settle(FAILED);
        throw error;
      },
    );
    return loading;
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const current = () => tables;

  /** The tables as this render sees them, and the window's language (i18n's, as its strings). */
  const useTables = () => {
    const { t, i18n } = useTranslation();
    const lang: Lang = i18n.language === 'ja' ? 'ja' : 'en';
    const loaded = useSyncExternalStore(subscribe, current);
    // Not there yet: fetched (if the window has not already asked). Failed: asked again, once
    // as the failure is known and whenever another component showing an error appears.
    useEffect(() => {
      if (typeof loaded !== 'object') void loadTables().catch(() => {});
    }, [loaded]);
    const unread = loaded === FAILED ? t('app.errorTextFailed') : '';
    return { loaded: typeof loaded === 'object' ? loaded : undefined, lang, unread };
  };

  /**
   * `(error) => sentence` in the window's language: empty for the moment the tables are on their
   * way (the component renders again when they arrive, and an alert around it is read then).
   */
  const useErrorText = (): ((error: Pick<AppError, 'code' | 'params'>) => string) => {
    const { loaded, lang, unread } = useTables();
    return useCallback(
      (error: Pick<AppError, 'code' | 'params'>) =>
        loaded ? loaded.errorText(error, lang) : unread,
      [loaded, lang, unread],
    );
  };

  /** `(rejection) => sentence`: why a line of a word table was not imported, as useErrorText. */
  const useWordRejectionText = (): ((rejection: WordRejection) => string) => {
    const { loaded, lang, unread } = useTables();
    return useCallback(
      (rejection: WordRejection) => (loaded ? loaded.wordRejectionText(rejection, lang) : unread),
      [loaded, lang, unread],
    );
  };

  return { loadErrorText: loadTables, useErrorText, useWordRejectionText };
}

export const { loadErrorText, useErrorText, useWordRejectionText } = errorTextSource(
  () => import('../../../shared/domain/error-text'),
);
