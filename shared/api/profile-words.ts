/**
 * Dictionary words (docs/api.md §6) and the `profileWords` form of `d`
 * (`written spoken[ class]` entries joined by `|`; a multi-word reading joins its words with `_`).
 */
import { z } from 'zod';
import { LIMITS } from './codes';
import { type Parsed, parsed, rejected } from './result';

export const PROFILE_ID_PATTERN = /^[A-Za-z0-9_-]+$/;

/** A profile id as used in paths (no `:`): ASCII letters, digits, `-` and `_`. */
export const profileIdSchema = z
  .string()
  .regex(PROFILE_ID_PATTERN, 'a profile id is ASCII letters, digits, "-" and "_"')
  .max(LIMITS.wordMaxChars);

export function isReservedProfileId(id: string): boolean {
  return id.startsWith('__');
}

const wordText = (field: string) =>
  z
    .string()
    .min(1, `${field} is empty`)
    .max(LIMITS.wordMaxChars, `${field} is longer than ${LIMITS.wordMaxChars} characters`)
    .refine((s) => s.trim() === s && !/[\t\n\r|]/.test(s), {
      message: `${field} has leading or trailing spaces, a tab, a line break or "|"`,
    });

/** One dictionary word, as the profilewords endpoints carry it. */
export const profileWordSchema = z.object({
  written: wordText('written'),
  spoken: wordText('spoken').optional(),
  classname: z.string().min(1).max(LIMITS.wordMaxChars).optional(),
  /** End-to-end engines only. */
  alternativewritten: z.string().max(LIMITS.wordMaxChars).optional(),
  /** End-to-end engines only: 0–1. */
  biasing: z.number().min(0).max(1).optional(),
});
export type ProfileWord = z.infer<typeof profileWordSchema>;

/** `GET/POST /profilewords/<dgn>/<pid>` body. */
export const profileWordsBodySchema = z.object({
  profilewords: z.array(profileWordSchema).max(LIMITS.profileMaxWords),
});
export type ProfileWordsBody = z.infer<typeof profileWordsBodySchema>;

/** Parses the `profileWords` value of `d` (already percent-decoded). */
export function parseProfileWordsParam(value: string): Parsed<ProfileWord[]> {
  const words: ProfileWord[] = [];
  const entries = value.split('|');
  for (const [index, entry] of entries.entries()) {
    const parts = entry.trim().split(/ +/);
    if (entry.trim() === '' || parts.length < 2 || parts.length > 3) {
      return rejected(
        `profileWords entry ${index + 1} ("${entry}") must be "written spoken" or "written spoken class"`,
      );
    }
    const [written, spoken, classname] = parts as [string, string, string | undefined];
    words.push({
      written,
      spoken: spoken.split('_').filter(Boolean).join(' '),
      ...(classname === undefined ? {} : { classname }),
    });
  }
  return parsed(words);
}

/** Formats words for the `profileWords` key of `d`; the inverse of parseProfileWordsParam. */
export function formatProfileWordsParam(words: readonly ProfileWord[]): Parsed<string> {
  const entries: string[] = [];
  for (const word of words) {
    const spoken = (word.spoken ?? '').trim().split(/\s+/).join('_');
    const fields = [word.written, spoken, ...(word.classname ? [word.classname] : [])];
    const bad = fields.find((field) => field === '' || /[\s|]/.test(field));
    if (bad !== undefined) {
      return rejected(
        `the word "${word.written}" cannot go in profileWords: written, spoken and class must be non-empty with no spaces or "|"`,
      );
    }
    entries.push(fields.join(' '));
  }
  return parsed(entries.join('|'));
}
