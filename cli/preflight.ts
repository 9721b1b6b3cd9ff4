/**
 * What a command checks before it sends anything or asks the core for work: that its outputs
 * can be written (the --out folder, made when missing, as mkdir -p does; or the folder beside
 * each source) and that --connection, --engine and --profile name what the service has. A bad
 * one is a `BadArgument` (exit 2) whose sentence says what to do, so no job runs for an output
 * that cannot be written and no file is sent to an engine that is not there.
 */
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { CoreLink } from '../core/programs/program-link';
import { isWellFormedEngineName } from '../shared/api/engines';
import { AppFailure } from '../shared/domain/errors';
import type { Io } from './io';
import { BadArgument } from './options';
import { say, type TextKey } from './text';
import { makeFolder } from '../core/programs/job-files';

const errnoOf = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code;

/** Why a folder cannot be made or written: one of the sentences' keys, by the system's errno. */
function outReason(errno: string | undefined): TextKey {
  if (errno === 'EACCES' || errno === 'EPERM') return 'out.denied';
  if (errno === 'EROFS') return 'out.readOnly';
  if (errno === 'ENOTDIR' || errno === 'EEXIST') return 'out.notFolder';
  if (errno === 'ENOSPC') return 'out.full';
  return 'out.cannotMake';
}

/** The folder `--out` names, whole, made when missing; or a BadArgument saying why not. */
export async function outFolder(io: Io, out: string): Promise<string> {
  const path = resolve(out);
  const refuse = (key: TextKey) => new BadArgument(say(io.lang, key, { path }));
  const info = await stat(path).catch((error: unknown) => errnoOf(error));
  if (typeof info === 'string' && info !== 'ENOENT') throw refuse(outReason(info));
  if (info === undefined || info === 'ENOENT') {
    await makeFolder(path).catch((error: unknown) => {
      throw refuse(outReason(errnoOf(error)));
    });
  } else if (!info.isDirectory()) throw refuse('out.notFolder');
  await access(path, constants.W_OK | constants.X_OK).catch((error: unknown) => {
    throw refuse(outReason(errnoOf(error)));
  });
  return path;
}

/** Why a source's transcripts cannot be written beside it, or undefined when they can. */
export async function besideProblem(io: Io, source: string): Promise<string | undefined> {
  const folder = dirname(source);
  try {
    await access(folder, constants.W_OK | constants.X_OK);
    return undefined;
  } catch (error) {
    const errno = errnoOf(error);
    // A folder that is not there is the source's own problem, which the core names.
    if (errno === 'ENOENT' || errno === 'ENOTDIR') return undefined;
    return say(io.lang, errno === 'EROFS' ? 'beside.readOnly' : 'beside.denied', { folder });
  }
}

export interface UseFlags {
  readonly connection?: string | undefined;
  readonly engine?: string | undefined;
  readonly profile?: string | undefined;
}

/**
 * --connection, --engine and --profile checked with the connection's service: a connection that
 * is not there, an engine it does not have or a profile it does not hold is a BadArgument that
 * lists what there is. When the service cannot say (it is away), a note says so and the files go.
 */
export async function checkUse(link: CoreLink, io: Io, flags: UseFlags): Promise<void> {
  const { engine, profile } = flags;
  if (flags.connection === undefined && engine === undefined && profile === undefined) return;
  const listed = await link.invoke('connections:list', {});
  if (!listed.ok) throw new AppFailure(listed.error);
  const id = flags.connection ?? listed.data.active;
  const connection = listed.data.connections.find((c) => c.id === id);
  if (!connection)
    throw new BadArgument(
      say(io.lang, 'use.connection', {
        id,
        list: listed.data.connections.map((c) => c.id).join(', '),
      }),
    );
  if (engine !== undefined) {
    if (!isWellFormedEngineName(engine))
      throw new BadArgument(say(io.lang, 'use.engineForm', { engine }));
    const tested = await link.invoke('connections:test', { connection });
    if (!tested.ok)
      io.note(
        say(io.lang, 'use.unchecked', {
          what: engine,
          reason: io.errorSentence(new AppFailure(tested.error)),
        }),
      );
    else if (!tested.data.engines.includes(engine))
      throw new BadArgument(
        say(io.lang, 'use.engine', { engine, id, list: tested.data.engines.join(', ') }),
      );
  }
  if (profile !== undefined) {
    const profiles = await link.invoke('dictionary:profiles', {
      connection: id,
      engine: engine ?? connection.engine,
    });
    if (!profiles.ok)
      io.note(
        say(io.lang, 'use.unchecked', {
          what: profile,
          reason: io.errorSentence(new AppFailure(profiles.error)),
        }),
      );
    else if (!profiles.data.profiles.includes(profile))
      throw new BadArgument(
        say(io.lang, profiles.data.profiles.length > 0 ? 'use.profile' : 'use.noProfiles', {
          profile,
          engine: engine ?? connection.engine,
          id,
          list: profiles.data.profiles.join(', '),
        }),
      );
  }
}
