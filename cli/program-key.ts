/**
 * `kikitori program-key new --name NAME | list | revoke NAME`: the keys made for programs that use
 * the OpenAI-compatible endpoint (core/programs/program-keys.ts), over the command's link, so a
 * key made here works at once in the running app. `new` prints the key once (with --json:
 * `{"key", "name"}`); only its hash is kept.
 */
import type { CoreLink } from '../core/programs/program-link';
import { AppFailure } from '../shared/domain/errors';
import type { Io } from './io';
import { say } from './text';

const when = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

export async function newProgramKey(link: CoreLink, io: Io, name: string): Promise<number> {
  const made = await link.invoke('programs:create', { name });
  if (!made.ok) throw new AppFailure(made.error);
  const listed = await link.invoke('programs:list', {});
  const baseUrl = listed.ok ? listed.data.baseUrl : undefined;
  if (io.json) io.emit({ key: made.data.key, name: made.data.name, ...(baseUrl && { baseUrl }) });
  else {
    io.note(say(io.lang, 'programKey.made', { name: made.data.name }));
    io.out(made.data.key);
    if (baseUrl) io.note(say(io.lang, 'programKey.baseUrl', { url: baseUrl }));
  }
  return 0;
}

export async function listProgramKeys(link: CoreLink, io: Io): Promise<number> {
  const listed = await link.invoke('programs:list', {});
  if (!listed.ok) throw new AppFailure(listed.error);
  const { keys, baseUrl } = listed.data;
  if (io.json) io.emit({ keys, ...(baseUrl && { baseUrl }) });
  else {
    if (keys.length === 0) io.note(say(io.lang, 'programKey.none'));
    for (const key of keys)
      io.out(
        [
          when(key.createdAt),
          key.lastUsedAt === undefined
            ? say(io.lang, 'programKey.never').padEnd(16)
            : when(key.lastUsedAt),
          key.name,
        ].join('  '),
      );
    if (baseUrl) io.note(say(io.lang, 'programKey.baseUrl', { url: baseUrl }));
  }
  return 0;
}

export async function revokeProgramKey(link: CoreLink, io: Io, name: string): Promise<number> {
  const revoked = await link.invoke('programs:revoke', { name });
  if (!revoked.ok) throw new AppFailure(revoked.error);
  io.emit({ revoked: name });
  io.note(say(io.lang, 'programKey.revoked', { name }));
  return 0;
}
