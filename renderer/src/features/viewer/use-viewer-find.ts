/**
 * Find in the viewer: the box's query, its matches in the view shown (the text's or the words'),
 * which one is current ("3 of 41"), and that match scrolled into view. Opened from a search, the
 * box holds the search's query and find starts on the match the person chose.
 */
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { Block } from '../../../../shared/format/speakers';
import { stepMatch, textMatches, wordMatches, type TextMatches } from './find';
import type { ShownWord } from './shown';

export interface ViewerFind {
  readonly query: string;
  readonly setQuery: (query: string) => void;
  /** The query find follows: the box's, a moment behind while it types. */
  readonly findQuery: string;
  readonly textHits: TextMatches;
  readonly hitCount: number;
  /** The current match among `hitCount`. */
  readonly at: number;
  readonly moveFind: (by: 1 | -1) => void;
  /** The current match's number in the text view, or -1. */
  readonly currentText: number;
  /** The current match's word index in the word view, or -1. */
  readonly currentWord: number;
}

export function useViewerFind({
  shown,
  words,
  view,
  openFind,
  openWord,
}: {
  shown: readonly Block[];
  words: readonly ShownWord[];
  view: string;
  /** The search's query the viewer was opened with. */
  openFind: string | undefined;
  /** The search's word the viewer was opened on. */
  openWord: number | undefined;
}): ViewerFind {
  const [query, setQuery] = useState(openFind ?? '');
  // Find follows the box a moment behind while it types: a long transcript's marks are drawn in
  // the background, and a key typed meanwhile starts them again instead of waiting for them.
  // It finds in the text as shown: corrected, or the original while that is shown.
  const findQuery = useDeferredValue(query);
  const textHits = useMemo(() => textMatches(shown, findQuery), [shown, findQuery]);
  const wordHits = useMemo(() => wordMatches(words, findQuery), [words, findQuery]);
  const hitCount = view === 'text' ? textHits.count : wordHits.length;
  // Where find is, for this query and view (a new one starts at its first match).
  const [found, setFound] = useState({ query: findQuery, view, at: 0 });
  // (Reset while rendering, as React advises for state that follows a prop: a query typed again
  // after clearing the box starts at its first match.)
  if (found.query !== findQuery || found.view !== view) setFound({ query: findQuery, view, at: 0 });
  const at =
    found.query === findQuery && found.view === view
      ? Math.max(0, Math.min(found.at, hitCount - 1))
      : 0;
  // Opened on a search's match: find starts there once its matches are counted, so Enter goes
  // on to the next one.
  const [findFrom, setFindFrom] = useState(openFind ? openWord : undefined);
  if (findFrom !== undefined && findQuery === openFind && wordHits.length > 0) {
    const from = wordHits.findIndex((index) => index >= findFrom);
    setFindFrom(undefined);
    if (from > 0) setFound({ query: findQuery, view, at: from });
  }
  const moveFind = (by: 1 | -1) =>
    setFound({ query: findQuery, view, at: stepMatch(at, hitCount, by) });
  const currentText = view === 'text' && findQuery.trim() && hitCount > 0 ? at : -1;
  const currentWord = view === 'words' && findQuery.trim() ? (wordHits[at] ?? -1) : -1;
  useEffect(() => {
    const selector =
      currentText >= 0
        ? `[data-match="${currentText}"]`
        : currentWord >= 0
          ? `[data-i="${currentWord}"]`
          : undefined;
    if (!selector) return;
    document
      .querySelector(`[data-testid="viewer"] .viewer-panel[data-state="active"] ${selector}`)
      ?.scrollIntoView({ block: 'center' });
  }, [currentText, currentWord]);
  return {
    query,
    setQuery,
    findQuery,
    textHits,
    hitCount,
    at,
    moveFind,
    currentText,
    currentWord,
  };
}
