/**
 * Where the command line's core is: the one place that chooses (issue #30 §3).
 * - An app (the window, browser mode, or a long-running `kikitori watch`) holds the data folder
 *   and answers on its program endpoint: the command works through it, so its jobs show in that
 *   window at once and nothing runs twice (core/program-client.ts).
 * - Nobody holds it: the command opens the core in this process, taking the folder's lock for as
 *   long as it runs (with the local service supervised as the app does when it sends files), and
 *   serves the program endpoint itself, so every other `kikitori` on the folder goes through it.
 * - It is held but its holder cannot be reached (an older version, a hung process), or it is not
 *   the user's own (another user's folder, a link, a socket another user made): one sentence,
 *   exit code 3, and nothing is sent anywhere.
 * The core (and all it loads: the service's supervisor, SQLite, the keychain) is loaded only when
 * it is opened here: a command going through the app loads the endpoint's client alone.
 */
import type { Core } from '../core/core';
import { connectProgram } from '../core/program-client';
import type { CoreLink } from '../core/program-link';
import { AppFailure } from '../shared/domain/errors';
import { say } from './text';
import type { Io } from './io';

export interface LinkNeeds {
  /** The command sends files: the local service is started (and the last run's jobs resumed). */
  readonly service: boolean;
  /** The command watches calls: a core opened here records each call itself. */
  readonly calls?: boolean;
  /** The core opened here serves the OpenAI-compatible endpoint too (`kikitori serve`). */
  readonly openai?: boolean;
}

/** A link to the core of `dataDir`, or the command ends (exit 3 when the folder is held). */
export async function openLink(dataDir: string, io: Io, needs: LinkNeeds): Promise<CoreLink> {
  const reached = await connectProgram(dataDir);
  if (reached.kind === 'connected') return reached.link;
  // Another user's folder, or a socket this user did not make: nothing is sent, nothing opened.
  if (reached.kind === 'unreachable' && reached.reason === 'untrusted')
    return io.exit(3, io.errorSentence(new AppFailure(reached.error)));
  const [{ Core }, { holdDataFolder }, { linkToCore }] = await Promise.all([
    import('../core/core'),
    import('../core/host-start'),
    import('../core/program-link'),
  ]);
  let core: Core;
  try {
    core = await Core.open({
      dataDir,
      watchFolders: false,
      ...(needs.calls ? { calls: 'core' as const, lang: io.lang } : {}),
    });
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
  let held: Awaited<ReturnType<typeof holdDataFolder>> | undefined;
  try {
    held = await holdDataFolder(
      core,
      { host: 'command' },
      (line) => io.error(line),
      needs.openai === true,
    );
    if (needs.service || needs.calls) await core.start();
  } catch (error) {
    await held?.stop();
    await core.stop();
    return io.exit(1, io.errorSentence(error));
  }
  const here = linkToCore(core);
  return {
    ...here,
    close: async () => {
      await held?.stop();
      await here.close();
    },
  };
}
