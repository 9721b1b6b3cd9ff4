/**
 * Where the command line's core is: the one place that chooses (issue #30 §3). Today it opens the
 * core in this process, taking the data folder's lock for as long as the command runs, with the
 * local service supervised as the app does. When another program holds the folder, the command
 * says so in one sentence and ends with exit code 3.
 *
 * (Reaching a running app through its program endpoint goes here, before the fallback below.)
 */
import { Core } from '../core/core';
import { linkToCore, type CoreLink } from '../core/program-link';
import { AppFailure } from '../shared/domain/errors';
import { say } from './text';
import type { Io } from './io';

export interface LinkNeeds {
  /** The command sends files: the local service is started (and the last run's jobs resumed). */
  readonly service: boolean;
}

/** A link to the core of `dataDir`, or the command ends (exit 3 when the folder is held). */
export async function openLink(dataDir: string, io: Io, needs: LinkNeeds): Promise<CoreLink> {
  let core: Core;
  try {
    core = await Core.open({ dataDir });
  } catch (error) {
    if (error instanceof AppFailure && error.error.code === 'app-running')
      return io.exit(3, say(io.lang, 'data.held', { path: dataDir }));
    return io.exit(1, io.errorSentence(error));
  }
  if (needs.service) {
    try {
      await core.start();
    } catch (error) {
      await core.stop();
      return io.exit(1, io.errorSentence(error));
    }
  }
  return linkToCore(core);
}
