/**
 * What the Jobs search found inside transcripts, drawn into the one list of jobs it gives (the
 * table): a job's row says how many times the query occurs in its transcript ("21 matches") and
 * shows a few of the utterances holding it, the matches marked. Each is a button that opens the
 * viewer on the word the match is in, focused, with the query in its find box, so Enter goes on
 * to the next match. Above the table, a line says while the search runs, when the index is still
 * being made, or when more transcripts match than are listed.
 */
import { useTranslation } from 'react-i18next';
import type { SearchHit } from '../../../../shared/ipc/contract';
import { ErrorBox } from '../../ui/error-box';
import { keptInStore } from '../../store/result';
import { useApp } from '../../store/store';

/** The snippet's text with its matches as <mark> (plain text from the core; no markup). */
function Marked({ snippet }: { snippet: SearchHit['snippets'][number] }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [start, end] of snippet.marks) {
    if (start < at || end > snippet.text.length) continue;
    parts.push(
      snippet.text.slice(at, start),
      <mark key={start}>{snippet.text.slice(start, end)}</mark>,
    );
    at = end;
  }
  parts.push(snippet.text.slice(at));
  return <>{parts}</>;
}

/** The search's state, above the list: running, some transcripts not yet indexed, more than listed. */
export function SearchStatus({ query }: { query: string }) {
  const { t } = useTranslation();
  const current = useApp((s) => (s.search?.query === query ? s.search : undefined));
  const results = current?.results;
  const parts: string[] = [];
  if (!current?.error && !results) parts.push(t('jobs.hits.searching'));
  if (results?.more) parts.push(t('jobs.hits.more', { count: results.hits.length }));
  if (results && !results.complete) parts.push(t('jobs.hits.indexing'));
  return (
    <>
      <p className="muted search-status" role="status" data-testid="search-status">
        {parts.join(' ')}
      </p>
      <ErrorBox error={current?.error} className="file-error" />
    </>
  );
}

/** A job's matches in its transcript, in its row: how many, and a few to open. */
export function RowHits({ jobId, hit, query }: { jobId: string; hit: SearchHit; query: string }) {
  const { t } = useTranslation();
  const openTranscript = useApp((s) => s.openTranscript);
  if (hit.field !== 'text') return null;
  return (
    <div className="row-hits" data-testid="row-hits">
      <span className="row-hits-count" data-testid="match-count">
        {t('jobs.hits.matches', { count: hit.matches })}
      </span>
      <ul className="row-hit-list" aria-label={t('jobs.hits.inTranscript')}>
        {hit.snippets.map((snippet, i) => (
          <li key={i}>
            <button
              type="button"
              className="search-hit"
              data-job-id={jobId}
              onClick={() => void keptInStore(openTranscript(jobId, snippet.wordIndex, query))}
            >
              <Marked snippet={snippet} />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
