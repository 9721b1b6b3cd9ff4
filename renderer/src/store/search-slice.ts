/**
 * Finding jobs by what was said in them (`search:query`): the last query asked and what it found,
 * for the Jobs screen. An answer to a query that is no longer the latest is dropped.
 */
import type { StateCreator } from 'zustand';
import type { AppError } from '../../../shared/domain/errors';
import type { ChannelOutput } from '../../../shared/ipc/contract';
import { DONE, type Result } from './result';
import type { AppState, StoreDeps } from './store';

export type SearchResults = ChannelOutput<'search:query'>;

/** Hits asked for at once: enough for a screen or two; the list says when there are more. */
export const SEARCH_LIMIT = 50;

export interface SearchSlice {
  /** The latest query, its results once answered, and a failure to answer it. */
  search: { query: string; results?: SearchResults; error?: AppError } | undefined;
  /** Searches transcripts; a failure is kept in `search.error` (the Jobs screen shows it). */
  searchTranscripts: (query: string) => Promise<Result<void>>;
  clearSearch: () => void;
}

export const createSearchSlice =
  ({ bridge }: StoreDeps): StateCreator<AppState, [], [], SearchSlice> =>
  (set, get) => ({
    search: undefined,
    async searchTranscripts(query) {
      // Asked again (the index was still being made): the last answer stays until the new one.
      const before = get().search;
      set({ search: before?.query === query ? before : { query } });
      const result = await bridge.call('search:query', { query, limit: SEARCH_LIMIT });
      if (get().search?.query !== query) return DONE;
      set({ search: result.ok ? { query, results: result.data } : { query, error: result.error } });
      return result.ok ? DONE : result;
    },
    clearSearch: () => set({ search: undefined }),
  });
