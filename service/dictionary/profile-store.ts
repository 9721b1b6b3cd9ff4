/**
 * Dictionary profiles per account, engine and `adf` (docs/api.md §6): a POST replaces the
 * whole profile; ids are per account, so accounts never see each other's words.
 */
import {
  LIMITS,
  LOCAL_ENGINE,
  isReservedProfileId,
  failure,
  profileWordsBodySchema,
  success,
  type ProfileWord,
  type RecognitionSettings,
  type Result,
  type WordProblem,
} from '../../shared/api';
import type { ServiceContext } from '../context';
import type { Db } from '../storage/database';
import { engineVocabulary } from './vocabulary';

/** Class names the local English engine accepts ([ours]; PocketSphinx has no word classes). */
export const LOCAL_CLASSNAMES = ['PERSON', 'ORGANIZATION', 'PLACE', 'PRODUCT', 'TERM'] as const;

export function classnamesOf(engine: string): readonly string[] {
  return engine === LOCAL_ENGINE ? LOCAL_CLASSNAMES : [];
}

export class ProfileStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  get(
    accountId: number,
    engine: string,
    adf: string,
    profileId: string,
  ): ProfileWord[] | undefined {
    const row = this.db
      .prepare(
        'SELECT words_json FROM profile_words WHERE account_id = ? AND engine = ? AND adf = ? AND profile_id = ?',
      )
      .get(accountId, engine, adf, profileId) as { words_json: string } | undefined;
    return row ? (JSON.parse(row.words_json) as ProfileWord[]) : undefined;
  }

  replace(
    accountId: number,
    engine: string,
    adf: string,
    profileId: string,
    words: readonly ProfileWord[],
  ): void {
    this.db
      .prepare(
        `INSERT INTO profile_words (account_id, engine, adf, profile_id, words_json, updated_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (account_id, engine, adf, profile_id) DO UPDATE SET words_json = excluded.words_json, updated_at = excluded.updated_at`,
      )
      .run(accountId, engine, adf, profileId, JSON.stringify(words), this.now());
  }

  list(accountId: number, engine: string, adf: string): string[] {
    const rows = this.db
      .prepare(
        'SELECT profile_id FROM profile_words WHERE account_id = ? AND engine = ? AND adf = ? ORDER BY profile_id',
      )
      .all(accountId, engine, adf) as Array<{ profile_id: string }>;
    return rows.map((row) => row.profile_id);
  }
}

/** Why a profile body was refused: the message, and the first refused word when it is one. */
export interface ProfileRefusal {
  readonly message: string;
  readonly word?: WordProblem;
}

/** Validates a POSTed profile body; the message names the first bad entry. */
export async function validateProfileWords(
  engine: string,
  profileId: string,
  body: unknown,
): Promise<Result<ProfileWord[], ProfileRefusal>> {
  const refused = (message: string, word?: WordProblem) =>
    failure<ProfileRefusal>(word ? { message, word } : { message });
  if (isReservedProfileId(profileId))
    return refused(`profile ids starting with "__" are reserved: ${profileId}`);
  const checked = profileWordsBodySchema.safeParse(body);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    const where =
      issue.path.length > 0 ? issue.path.join('.').replace(/\.(\d+)/, '[$1]') : 'the body';
    if (issue.code === 'too_big' && issue.path.length === 1) {
      return refused(`a profile holds at most ${LIMITS.profileMaxWords} words`);
    }
    return refused(`${where}: ${issue.message}`);
  }
  const words = checked.data.profilewords;
  const classes = new Set(classnamesOf(engine));
  const vocabulary = engine === LOCAL_ENGINE ? await engineVocabulary() : undefined;
  for (const [index, word] of words.entries()) {
    const at = `profilewords[${index}] ("${word.written}")`;
    if (word.classname !== undefined && !classes.has(word.classname)) {
      return refused(
        `${at}: classname "${word.classname}" is not one of ${[...classes].join(', ') || 'none'}`,
        { index, written: word.written, reason: 'class', value: word.classname },
      );
    }
    if (vocabulary) {
      if (word.spoken === undefined)
        return refused(`${at}: spoken is required (the words the engine hears)`, {
          index,
          written: word.written,
          reason: 'reading-missing',
          value: '',
        });
      const unknown = word.spoken
        .toLowerCase()
        .split(/\s+/)
        .find((w) => !vocabulary.has(w));
      if (unknown !== undefined) {
        return refused(
          `${at}: the engine does not know the word "${unknown}" in spoken "${word.spoken}"`,
          { index, written: word.written, reason: 'unknown-word', value: unknown },
        );
      }
    }
  }
  return success(words);
}

/**
 * The words a recognition uses: `profileWords` takes precedence over `profileId` (§2), so when
 * the request carries words of its own the profile is not consulted.
 */
export function wordsInEffect(
  ctx: ServiceContext,
  accountId: number,
  settings: RecognitionSettings,
): ProfileWord[] {
  if (settings.profileWords && settings.profileWords.length > 0) return [...settings.profileWords];
  if (settings.profile) {
    return ctx.profiles.get(accountId, settings.engine, '16k', settings.profile.id) ?? [];
  }
  return [];
}
