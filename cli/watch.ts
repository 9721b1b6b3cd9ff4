/**
 * `kikitori watch DIR… [--format LIST] [--out DIR] [--recursive]`: the watched folders of the
 * core (core/programs/folder-watching.ts) for as long as the command runs, over its link (the app's
 * core when an app holds the data folder, else one opened here). One watcher per folder across
 * the app and the command line: a folder another Kikitori watches is refused, naming it. A folder
 * that cannot be watched is said in one sentence and the others go on. A file left alone (not
 * audio or video, too large) is said too, with its reason. --out is made when missing, as every
 * command makes it, before any folder is watched. Ctrl+C or SIGTERM stops cleanly (exit 0); jobs
 * already sent finish, and their files are written at the next start.
 */
import { resolve } from 'node:path';
import type { CoreLink } from '../core/programs/program-link';
import { watchOverLink } from '../core/programs/folder-watching';
import type { AppError } from '../shared/domain/errors';
import type { EventPayload } from '../shared/ipc/contract';
import type { ExportChoice } from '../shared/format/exporters';
import type { ExportSettingsInput } from '../shared/format/export-settings';
import type { Io } from './io';
import { outFolder } from './preflight';
import { say } from './text';

export interface WatchRequest {
  readonly formats: readonly ExportChoice[];
  readonly out: string | undefined;
  readonly recursive: boolean;
  readonly settings: ExportSettingsInput;
  readonly connection: string | undefined;
}

export async function watchFolders(
  link: CoreLink,
  io: Io,
  dataDir: string,
  folders: readonly string[],
  request: WatchRequest,
  interrupted: Promise<void>,
): Promise<number> {
  const watchers = watchOverLink(link, dataDir, (event, payload) => {
    io.emit({ type: event === 'watch:file' ? 'file' : 'folder', ...payload });
    if (event === 'watch:folder') {
      const { folder, state, problem } = payload as EventPayload<'watch:folder'>;
      if (state === 'problem' && problem)
        io.error(io.told(problem).sentence, { folder, ...detailed(io, problem) });
      return;
    }
    sayFile(io, payload as EventPayload<'watch:file'>);
  });
  let out: string | undefined;
  try {
    out = request.out === undefined ? undefined : await outFolder(io, request.out);
  } catch (error) {
    await watchers.close();
    throw error;
  }
  let watching = 0;
  for (const folder of folders) {
    try {
      await watchers.add({
        folder: resolve(folder),
        formats: request.formats,
        ...(out ? { out } : {}),
        recursive: request.recursive,
        settings: request.settings,
        ...(request.connection ? { connection: request.connection } : {}),
      });
      watching++;
      io.note(say(io.lang, 'watch.watching', { folder: resolve(folder) }));
    } catch (error) {
      io.error(io.errorSentence(error), { folder: resolve(folder) });
    }
  }
  if (watching === 0) {
    await watchers.close();
    io.emit({ type: 'result', ok: false, exitCode: 1 });
    io.error(say(io.lang, 'watch.none'));
    return 1;
  }
  await interrupted;
  await watchers.close();
  io.note(say(io.lang, 'watch.stopped'));
  io.emit({ type: 'result', ok: true, exitCode: 0 });
  return 0;
}

const detailed = (io: Io, error: AppError) => {
  const { detail } = io.told(error);
  return detail ? { detail } : {};
};

/** What became of a file of a watched folder, as a line for people (its event is on stdout). */
export function sayFile(io: Io, file: EventPayload<'watch:file'>): void {
  if (file.state === 'picked')
    io.note(
      say(io.lang, file.changed ? 'watch.pickedAgain' : 'watch.picked', {
        path: file.path,
        job: file.job ?? '',
      }),
    );
  else if (file.state === 'done') {
    const outputs = file.outputs ?? [];
    io.note(
      outputs.length > 0
        ? say(io.lang, 'file.wroteAll', { name: file.path, paths: outputs.join(', ') })
        : say(io.lang, 'watch.done', { path: file.path }),
    );
    io.paths(outputs);
  } else if (file.state === 'skipped')
    io.note(
      say(io.lang, 'watch.skipped', {
        path: file.path,
        reason: file.error ? io.told(file.error).sentence : '',
      }).trimEnd(),
    );
  else if (file.error)
    io.error(io.told(file.error).sentence, { file: file.path, ...detailed(io, file.error) });
}
