/**
 * `kikitori dictionary import FILE --profile P [--connection C]` and `kikitori dictionary list
 * --profile P`: a profile's words on a connection's service (its engine), as the Dictionary
 * screen has them. An import reads an input method's export (Microsoft IME, Google Japanese
 * Input, ATOK: shared/domain/ime-dictionary/, known by content) or Kikitori's own word table,
 * says what it read, what it merged and what it left out and why, and how many words the profile
 * then holds against its limit, and saves the words over the profile's as the screen's import
 * does (a word of the same written form is replaced).
 */
import { readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import type { CoreLink } from '../core/programs/program-link';
import { LIMITS } from '../shared/api/codes';
import type { ProfileWord } from '../shared/api/profile-words';
import type { Connection } from '../shared/domain/connection';
import { AppFailure, appError, fileReason } from '../shared/domain/errors';
import { wordRejectionText } from '../shared/domain/error-text';
import { importImeWords, wordsAfterImport } from '../shared/domain/ime-dictionary/ime-import';
import type { ImeFormat } from '../shared/domain/ime-dictionary/ime-file';
import {
  parseWordTable,
  type RejectedLine,
  type WordTableFormat,
} from '../shared/domain/word-table';
import { engineRules } from '../shared/domain/word-rows';
import type { Io } from './io';
import { say } from './text';

export interface DictionaryOptions {
  readonly profile: string;
  readonly connection?: string | undefined;
}

async function connectionOf(link: CoreLink, id: string | undefined): Promise<Connection> {
  const listed = await link.invoke('connections:list', {});
  if (!listed.ok) throw new AppFailure(listed.error);
  const wanted = id ?? listed.data.active;
  const connection = listed.data.connections.find((c) => c.id === wanted);
  if (!connection) throw new AppFailure(appError('no-connection', { connection: wanted }));
  return connection;
}

async function wordsOf(link: CoreLink, connection: Connection, profile: string) {
  const got = await link.invoke('dictionary:getWords', {
    connection: connection.id,
    engine: connection.engine,
    profileId: profile,
  });
  if (!got.ok) throw new AppFailure(got.error);
  return got.data.words;
}

/** What the file holds: an input method's export, else a word table of Kikitori's own. */
async function readWords(
  path: string,
  engine: string,
  classnames: readonly string[],
): Promise<{
  format: ImeFormat | WordTableFormat;
  words: ProfileWord[];
  merged: number;
  rejected: RejectedLine[];
}> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(path));
  } catch (error) {
    const reason = fileReason(error as NodeJS.ErrnoException);
    throw new AppFailure(appError('file', { path, name: basename(path), reason }, String(error)));
  }
  const ime = importImeWords(bytes, engineRules(engine, classnames));
  if (ime) return ime;
  const table = parseWordTable(new TextDecoder().decode(bytes));
  return { format: table.format, words: table.words, merged: 0, rejected: table.rejected };
}

export async function importDictionary(
  link: CoreLink,
  io: Io,
  file: string,
  options: DictionaryOptions,
): Promise<number> {
  const connection = await connectionOf(link, options.connection);
  const classes = await link.invoke('dictionary:classnames', {
    connection: connection.id,
    engine: connection.engine,
  });
  const path = resolve(file);
  const read = await readWords(path, connection.engine, classes.ok ? classes.data.classnames : []);
  const t = (key: Parameters<typeof say>[1], params?: Record<string, string | number>) =>
    say(io.lang, key, params);
  io.note(
    t('dict.read', { count: read.words.length, format: t(`dict.format.${read.format}` as const) }),
  );
  if (read.merged > 0) io.note(t('dict.merged', { count: read.merged }));
  const rejected = read.rejected.map((r) => ({
    line: r.line,
    text: r.text,
    reason: r.reason,
    message: wordRejectionText(r.reason, io.lang),
  }));
  for (const r of rejected)
    io.note(t('dict.skipped', { line: r.line, text: r.text, why: r.message }));
  const existing = await wordsOf(link, connection, options.profile);
  const after = wordsAfterImport(existing, read.words);
  const max = LIMITS.profileMaxWords;
  io.note(t('dict.limit', { count: after.length, max, profile: options.profile }));
  if (after.length > max) {
    io.error(t('dict.overLimit', { count: after.length, max }), { exitCode: 1 });
    io.emit({ type: 'result', ok: false, exitCode: 1, format: read.format, rejected });
    return 1;
  }
  const saved = await link.invoke('dictionary:setWords', {
    connection: connection.id,
    engine: connection.engine,
    profileId: options.profile,
    words: after,
  });
  if (!saved.ok) throw new AppFailure(saved.error);
  const { added, changed } = saved.data;
  io.out(t('dict.saved', { profile: options.profile, added, changed, total: after.length }));
  io.emit({
    type: 'result',
    ok: true,
    exitCode: 0,
    format: read.format,
    profile: options.profile,
    connection: connection.id,
    engine: connection.engine,
    read: read.words.length,
    merged: read.merged,
    added,
    changed,
    words: after.length,
    rejected,
  });
  return 0;
}

export async function listDictionary(
  link: CoreLink,
  io: Io,
  options: DictionaryOptions,
): Promise<number> {
  const connection = await connectionOf(link, options.connection);
  const words = await wordsOf(link, connection, options.profile);
  if (words.length === 0) io.note(say(io.lang, 'dict.empty', { profile: options.profile }));
  for (const w of words) io.row([w.written, w.spoken ?? '', w.classname ?? '']);
  io.emit({
    type: 'result',
    ok: true,
    exitCode: 0,
    profile: options.profile,
    connection: connection.id,
    engine: connection.engine,
    words,
  });
  return 0;
}
