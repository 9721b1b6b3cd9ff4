/** Finding jobs by what was said in them (core/search/). */
import type { SearchIndex } from '../search/search-index';
import { attempt, type HandlerSet } from './types';

export type SearchChannel = 'search:query';

export function searchHandlers(deps: { readonly search: SearchIndex }): HandlerSet<SearchChannel> {
  const { search } = deps;
  return {
    'search:query': ({ query, limit }) => attempt(() => search.search(query, limit)),
  };
}
