/**
 * The user dictionary (profilewords) of a connection's service: profiles, words, what a save
 * changes, class names. Tables are read and written in the window (shared/domain/word-table.ts).
 */
import type { ProfileWord } from '../../shared/api';
import type { ClientProvider } from '../clients';
import { attempt, type HandlerSet } from './types';

export type DictionaryChannel =
  | 'dictionary:profiles'
  | 'dictionary:getWords'
  | 'dictionary:setWords'
  | 'dictionary:diff'
  | 'dictionary:classnames';

/** What changes between two versions of a profile, by written form. */
export function diffWords(before: readonly ProfileWord[], after: readonly ProfileWord[]) {
  const key = (w: ProfileWord) => w.written;
  const old = new Map(before.map((w) => [key(w), JSON.stringify(w)]));
  const next = new Map(after.map((w) => [key(w), JSON.stringify(w)]));
  let added = 0;
  let changed = 0;
  for (const [k, v] of next) {
    if (!old.has(k)) added++;
    else if (old.get(k) !== v) changed++;
  }
  const removed = [...old.keys()].filter((k) => !next.has(k)).length;
  return { added, removed, changed };
}

export function dictionaryHandlers(deps: {
  readonly clients: ClientProvider;
}): HandlerSet<DictionaryChannel> {
  const client = (connection: string | undefined) => deps.clients.forConnection(connection);
  return {
    'dictionary:profiles': ({ engine, connection }) =>
      attempt(async () => ({ profiles: await (await client(connection)).listProfiles(engine) })),
    'dictionary:getWords': ({ engine, profileId, connection }) =>
      attempt(async () => ({
        words: await (await client(connection)).getWords(engine, profileId),
      })),
    'dictionary:setWords': ({ engine, profileId, words, connection }) =>
      attempt(async () => {
        const service = await client(connection);
        const before = await service.getWords(engine, profileId);
        const stored = await service.setWords(engine, profileId, words);
        return { words: stored, ...diffWords(before, stored) };
      }),
    'dictionary:diff': ({ engine, profileId, words, connection }) =>
      attempt(async () =>
        diffWords(await (await client(connection)).getWords(engine, profileId), words),
      ),
    'dictionary:classnames': ({ engine, connection }) =>
      attempt(async () => ({ classnames: await (await client(connection)).classnames(engine) })),
  };
}
