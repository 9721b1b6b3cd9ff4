/**
 * Search over the transcripts (core/search/).
 */
import { z } from 'zod';
import type { ChannelTable } from './common';

/** The longest search query taken (characters). */
export const SEARCH_QUERY_MAX = 500;

export const searchHitSchema = z.object({
  jobId: z.string(),
  fileName: z.string(),
  title: z.string().optional(),
  /** Where the best match is. */
  field: z.enum(['text', 'name', 'title']),
  /** The best match: the first utterance holding the most terms, else the title or the name. */
  snippet: z.object({
    text: z.string(),
    /** The matches in `text`, as sorted [start, end) offsets that do not overlap. */
    marks: z.array(z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()])),
  }),
  /** The transcript-wide index of the word the best match is in (as the viewer counts words). */
  wordIndex: z.number().int().nonnegative().optional(),
  /** How many times the query's terms occur in the transcript's text. */
  matches: z.number().int().nonnegative(),
  /**
   * A few of the utterances holding the most terms (at most three), in reading order; or the
   * title or file name that matched.
   */
  snippets: z.array(
    z.object({
      text: z.string(),
      /** The matches in `text`, as sorted [start, end) offsets that do not overlap. */
      marks: z.array(z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()])),
      /** The transcript-wide index of the word its first match is in (as the viewer counts words). */
      wordIndex: z.number().int().nonnegative().optional(),
      /** When that word begins in the recording, in seconds. */
      start: z.number().nonnegative().optional(),
    }),
  ),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchResultsSchema = z.object({
  hits: z.array(searchHitSchema),
  /** More jobs match than the limit let through. */
  more: z.boolean(),
  /** False while the index is still being made: some jobs may be missing from the hits. */
  complete: z.boolean(),
});

export const searchChannels = {
  /**
   * Finds jobs by their transcript's text, file name or title (core/search/): one hit per job,
   * with how many matches its text holds and a few snippets, their matches as offsets (the
   * window marks them; no markup crosses here).
   */
  'search:query': {
    input: z.object({
      query: z.string().max(SEARCH_QUERY_MAX),
      limit: z.number().int().min(1).max(200).default(50),
    }),
    output: searchResultsSchema,
  },
} as const satisfies ChannelTable;
