/**
 * What the Jobs search found inside transcripts (and titles): a hit per job with its file and a
 * snippet, the matches marked. A list of buttons (Tab or the arrow keys move between them, Home
 * and End to the ends); opening one opens the viewer on the word the match is in, focused, the
 * player waiting at it. The table below still lists the jobs whose file name matches.
 */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchHit } from '../../../../shared/ipc/contract';
import { ErrorBox } from '../../ui/error-box';
import { keptInStore } from '../../store/result';
import { useApp } from '../../store/store';

/** The snippet's text with its matches as <mark> (plain text from the core; no markup). */
function Marked({ snippet }: { snippet: SearchHit['snippet'] }) {
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

export function SearchHits({ query }: { query: string }) {
  const { t } = useTranslation();
  const search = useApp((s) => s.search);
  const jobs = useApp((s) => s.jobs);
  const openTranscript = useApp((s) => s.openTranscript);
  const list = useRef<HTMLUListElement>(null);
  const current = search?.query === query ? search : undefined;
  const results = current?.results;
  // File-name matches are the table's; a job removed since the answer is left out.
  const hits = (results?.hits ?? []).filter((hit) => hit.field !== 'name' && jobs[hit.jobId]);

  const move = (from: HTMLElement, key: string) => {
    const buttons = [...(list.current?.querySelectorAll<HTMLElement>('.search-hit') ?? [])];
    const at = buttons.indexOf(from);
    const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: buttons.length - 1 }[key];
    if (next === undefined) return false;
    buttons[Math.max(0, Math.min(buttons.length - 1, next))]?.focus();
    return true;
  };

  let status: string;
  if (current?.error) status = '';
  else if (!results) status = t('jobs.hits.searching');
  else if (hits.length === 0) status = t('jobs.hits.none');
  else if (results.more) status = t('jobs.hits.more', { count: hits.length });
  else status = t('jobs.hits.count', { count: hits.length });

  return (
    <section
      className="search-hits"
      aria-labelledby="search-hits-heading"
      data-testid="search-hits"
    >
      <div className="search-hits-head">
        <h2 id="search-hits-heading" className="search-hits-title">
          {t('jobs.hits.heading')}
        </h2>
        <span className="muted" role="status" data-testid="search-hits-status">
          {status}
          {results && !results.complete ? ` ${t('jobs.hits.indexing')}` : ''}
        </span>
      </div>
      <ErrorBox error={current?.error} className="file-error" />
      {hits.length > 0 ? (
        <ul className="search-hit-list" ref={list} aria-labelledby="search-hits-heading">
          {hits.map((hit) => (
            <li key={hit.jobId}>
              <button
                type="button"
                className="search-hit"
                data-job-id={hit.jobId}
                onClick={() => void keptInStore(openTranscript(hit.jobId, hit.wordIndex))}
                onKeyDown={(e) => {
                  if (move(e.currentTarget, e.key)) e.preventDefault();
                }}
              >
                <span className="search-hit-file">
                  {hit.title ? (
                    <>
                      <span className="search-hit-title">{hit.title}</span>{' '}
                      <span className="muted">{hit.fileName}</span>
                    </>
                  ) : (
                    hit.fileName
                  )}
                  {hit.field === 'title' ? (
                    <span className="visually-hidden"> {t('jobs.hits.inTitle')}</span>
                  ) : null}
                </span>
                <span className="search-hit-snippet">
                  <Marked snippet={hit.snippet} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
