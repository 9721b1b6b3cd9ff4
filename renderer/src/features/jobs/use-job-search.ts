/**
 * The Jobs list's search: the transcripts are searched once typing pauses, asked again now and
 * then while the core's index is still being made; what it found, by job.
 */
import { useEffect, useMemo } from 'react';
import type { SearchHit } from '../../../../shared/ipc/contract';
import { useApp } from '../../store/store';
import { keptInStore } from '../../store/result';

/** How long typing pauses before the transcripts are searched. */
const SEARCH_PAUSE_MS = 150;
/** How often a search is asked again while the index is still being made. */
const INDEXING_POLL_MS = 2000;

export function useJobSearch(query: string) {
  const searchTranscripts = useApp((s) => s.searchTranscripts);
  const trimmed = query.trim();
  // Asked once typing pauses; the store drops an answer to a query that is no longer the latest.
  useEffect(() => {
    if (!trimmed) return;
    const timer = setTimeout(() => void keptInStore(searchTranscripts(trimmed)), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [trimmed, searchTranscripts]);
  // While the index is still being made, the same search is asked again now and then, so the
  // hits fill in and the note that some may be missing goes once it is done.
  const indexing = useApp(
    (s) => s.search?.query === trimmed && s.search.results?.complete === false,
  );
  useEffect(() => {
    if (!indexing) return;
    const timer = setInterval(() => void keptInStore(searchTranscripts(trimmed)), INDEXING_POLL_MS);
    return () => clearInterval(timer);
  }, [indexing, trimmed, searchTranscripts]);

  // What the search found for this query, by job: listed with the name matches, in one list.
  const results = useApp((s) => (s.search?.query === trimmed ? s.search.results : undefined));
  const hits = useMemo(() => {
    const byJob = new Map<string, SearchHit>();
    if (trimmed) for (const hit of results?.hits ?? []) byJob.set(hit.jobId, hit);
    return byJob;
  }, [results, trimmed]);
  const found = useMemo(() => new Set(hits.keys()), [hits]);
  return { trimmed, hits, found };
}
