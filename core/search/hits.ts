/**
 * A search's answer: one hit per job, with its best match, how many times the terms occur, and
 * the few utterances holding the most of them.
 */
import type { JobRow } from './index-file';
import { linesHolding, rangesIn, type Snippet, snippetOf } from './matches';
import { wordsAt } from './documents';

export interface SearchHit {
  readonly jobId: string;
  readonly fileName: string;
  readonly title?: string;
  /** Where the best match is: the transcript's text, the file name or the title. */
  readonly field: 'text' | 'name' | 'title';
  /** The best match: the first utterance holding the most terms, else the title or the name. */
  readonly snippet: Snippet;
  /** The transcript-wide index of the word the best match is in (for text matches). */
  readonly wordIndex?: number;
  /** How many times the terms occur in the transcript's text. */
  readonly matches: number;
  /**
   * Up to SNIPPETS utterances holding the most terms, in reading order, each with the
   * transcript-wide index of the word its first match is in; or the title or name that matched.
   */
  readonly snippets: Array<Snippet & { readonly wordIndex?: number; readonly start?: number }>;
}

export interface SearchResults {
  readonly hits: SearchHit[];
  /** More jobs match than the limit let through. */
  readonly more: boolean;
  /** False while the index is still being made from the journal: some jobs may be missing. */
  readonly complete: boolean;
}

/** Snippets a hit shows at most. */
export const SNIPPETS = 3;

export function hitOf(
  row: JobRow,
  text: string,
  hay: string,
  terms: readonly string[],
  packedWords: () => Uint8Array | undefined,
): SearchHit {
  const base = {
    jobId: row.id,
    fileName: row.name,
    ...(row.title ? { title: row.title } : {}),
  };
  // Every occurrence of a term in the text (an utterance a line), counted; each line holding
  // some, with how many of the terms it holds.
  const { matches, lines } = linesHolding(text, hay, terms, SNIPPETS);
  const best = Math.max(0, ...lines.map((l) => l.count));
  const titleCount = row.title
    ? terms.filter((t) => row.title!.toLowerCase().includes(t)).length
    : 0;
  const nameCount = terms.filter((t) => row.name.toLowerCase().includes(t)).length;
  if (best > 0 && best >= titleCount && best >= nameCount) {
    // The lines holding the most terms first, then in reading order; shown in reading order.
    const ranked = lines
      .map((l, order) => ({ ...l, order }))
      .sort((a, b) => b.count - a.count || a.order - b.order)
      .slice(0, SNIPPETS);
    // The word each passage's first match is in, and when it begins.
    const { words, times: starts } = wordsAt(
      packedWords() ?? new Uint8Array(),
      ranked.map((l) => l.at),
    );
    const snippets = ranked.map((l, i) => {
      const line = text.slice(l.from, l.to);
      const start = starts[i];
      return {
        ...snippetOf(line, rangesIn(line, terms)),
        wordIndex: words[i]!,
        ...(start !== undefined && { start }),
      };
    });
    const { wordIndex, start: _start, ...snippet } = snippets[0]!;
    return {
      ...base,
      field: 'text',
      snippet,
      wordIndex,
      matches,
      snippets: ranked
        .map((l, i) => ({ order: l.order, s: snippets[i]! }))
        .sort((a, b) => a.order - b.order)
        .map(({ s }) => s),
    };
  }
  const [field, shown] =
    row.title && titleCount >= nameCount
      ? (['title', row.title] as const)
      : (['name', row.name] as const);
  const snippet = snippetOf(shown, rangesIn(shown, terms));
  return { ...base, field, snippet, matches, snippets: [snippet] };
}
