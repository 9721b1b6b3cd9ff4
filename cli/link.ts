/**
 * Where the command line's core is: the one place that chooses.
 * - An app (the window, browser mode, or a long-running `kikitori watch`) holds the data folder
 *   and answers on its program endpoint: the command works through it, so its jobs show in that
 *   window at once and nothing runs twice (core/programs/program-client.ts).
 * - Nobody holds it: the command opens the core in this process, taking the folder's lock for as
 *   long as it runs (with the local service supervised as the app does when it sends files), and
 *   serves the program endpoint itself, so every other `kikitori` on the folder goes through it.
 * - It is held but its holder cannot be reached (an older version, a hung process), or it is not
 *   the user's own (another user's folder, a link, a socket another user made): one sentence,
 *   exit code 3, and nothing is sent anywhere.
 * A command that runs on (`watch`, `transcribe`) changes holder as apps start and quit beside
 * it (cli/relink.ts): the app starting takes the folder, the command carries on through it.
 * The core (and all it loads: the service's supervisor, SQLite, the keychain) is loaded only when
 * it is opened here: a command going through the app loads the endpoint's client alone.
 */
import type { Core } from '../core/core';
import { connectProgram } from '../core/programs/program-client';
import type { CoreLink } from '../core/programs/program-link';
import { AppFailure } from '../shared/domain/errors';
import { relinking, type Held, type Relink } from './relink';
import { say } from './text';
import type { Io } from './io';

export interface LinkNeeds {
  /** The command sends files: the local service is started (and the last run's jobs resumed). */
  readonly service: boolean;
  /** The command watches calls: a core opened here records each call itself. */
  readonly calls?: boolean;
  /** The core opened here serves the OpenAI-compatible endpoint too (`kikitori serve`). */
  readonly openai?: boolean;
  /**
   * The command runs on (`watch`, `transcribe`): it lets go of the data folder when an app starts
   * on it and carries on through the app, and takes the folder back when that app quits.
   */
  readonly handsOver?: boolean;
}

/** A link to the core of `dataDir`, or the command ends (exit 3 when the folder is held). */
export async function openLink(dataDir: string, io: Io, needs: LinkNeeds): Promise<CoreLink> {
  const reached = await connectProgram(dataDir);
  // Another user's folder, or a socket this user did not make: nothing is sent, nothing opened.
  if (reached.kind === 'unreachable' && reached.reason === 'untrusted')
    return io.exit(3, io.errorSentence(new AppFailure(reached.error)));
  // The relinking link is made once the first holder is known; the endpoint may ask before.
  const made: { relink?: Relink; asked?: boolean } = {};
  const handOver = needs.handsOver
    ? () => (made.relink ? made.relink.handOver() : (made.asked = true))
    : undefined;
  let first: Held;
  if (reached.kind === 'connected') first = { link: reached.link, lost: reached.gone };
  else {
    try {
      first = { link: await openHere(dataDir, io, needs, handOver) };
    } catch (error) {
      if (error instanceof AppFailure && error.error.code === 'data-not-own')
        return io.exit(3, io.errorSentence(error));
      if (error instanceof AppFailure && error.error.code === 'app-running')
        return io.exit(
          3,
          reached.kind === 'unreachable'
            ? `${say(io.lang, 'data.held', { path: dataDir })} (${io.errorSentence(new AppFailure(reached.error))})`
            : say(io.lang, 'data.held', { path: dataDir }),
        );
      return io.exit(1, io.errorSentence(error));
    }
  }
  if (!needs.handsOver) return first.link;
  const relink = relinking(first, {
    throughApp: async () => {
      const app = await connectProgram(dataDir);
      return app.kind === 'connected' ? { link: app.link, lost: app.gone } : undefined;
    },
    openHere: () =>
      openHere(dataDir, io, needs, handOver).then(
        (link) => ({ link }),
        (error: unknown) => {
          if (error instanceof AppFailure && error.error.code === 'app-running') return undefined;
          throw error;
        },
      ),
    said: (where) => {
      io.emit({ type: 'holder', where });
      io.note(say(io.lang, where === 'app' ? 'link.toApp' : 'link.here'));
    },
  });
  made.relink = relink;
  if (made.asked) relink.handOver();
  return relink;
}

/**
 * The core opened in this process: the folder's lock taken, the program endpoint served (so every
 * other `kikitori` on the folder goes through it), the local service started when files are sent.
 * Thrown as it failed: `app-running` when another live Kikitori holds the folder.
 */
async function openHere(
  dataDir: string,
  io: Io,
  needs: LinkNeeds,
  onHandover: (() => void) | undefined,
): Promise<CoreLink> {
  const [{ Core }, { holdDataFolder }] = await Promise.all([
    import('../core/core'),
    import('../core/host/host-start'),
  ]);
  const core: Core = await Core.open({
    dataDir,
    watchFolders: false,
    ...(needs.calls ? { calls: 'core' as const, lang: io.lang } : {}),
  });
  let held: Awaited<ReturnType<typeof holdDataFolder>> | undefined;
  try {
    held = await holdDataFolder(
      core,
      { host: 'command' },
      (line) => io.error(line),
      needs.openai === true,
      onHandover,
    );
    if (needs.service || needs.calls) await core.start();
  } catch (error) {
    await held?.stop();
    await core.stop();
    throw error;
  }
  const here = core.link();
  return {
    ...here,
    close: async () => {
      await held?.stop();
      await here.close();
    },
  };
}
