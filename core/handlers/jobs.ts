/**
 * Transcription jobs: send files, list, read one with its transcript and edits, remove, retry,
 * cancel, rename; correct its transcript (core/jobs/job-edits.ts).
 */
import { editControlProblem } from '../../shared/domain/edits';
import { AppFailure, appError } from '../../shared/domain/errors';
import type { JobEdits } from '../jobs/job-edits';
import type { JobJournal } from '../jobs/job-journal';
import type { TranscriptionRunner } from '../jobs/transcription-runner';
import { chosenPaths } from '../media/media-file';
import { attempt, type HandlerSet } from './types';

export type JobChannel =
  | 'transcribe:files'
  | 'jobs:list'
  | 'jobs:get'
  | 'jobs:remove'
  | 'jobs:retry'
  | 'jobs:cancel'
  | 'jobs:rename'
  | 'edits:apply'
  | 'edits:undo'
  | 'edits:redo';

export function jobHandlers(deps: {
  readonly journal: JobJournal;
  readonly runner: TranscriptionRunner;
  readonly edits: JobEdits;
}): HandlerSet<JobChannel> {
  const { journal, runner, edits } = deps;
  return {
    'transcribe:files': ({ paths, files, connection, use, watched, program, overBudget }, caller) =>
      attempt(async () => {
        // Only a program says a file came from a watched folder or a program's key; the window
        // cannot.
        const trusted = caller.paths.kind === 'any';
        return {
          jobs: await runner.submit(
            chosenPaths(caller.paths, { paths, files }),
            connection,
            { ...use, overBudget },
            trusted ? { watched, program } : {},
          ),
        };
      }),
    'jobs:list': () => attempt(async () => ({ jobs: journal.list() })),
    'jobs:get': ({ id }) =>
      attempt(async () => {
        const job = journal.get(id);
        if (!job) throw new AppFailure(appError('not-found', { what: 'job', id }));
        // Read once: the corrections that follow start from what was read here.
        const opened = await edits.opened(id);
        if (!opened) return { job };
        return {
          job: journal.get(id) ?? job,
          transcript: opened.transcript,
          edits: opened.history,
        };
      }),
    'jobs:remove': ({ id }) => attempt(async () => ({ removed: await runner.remove(id) })),
    'jobs:retry': ({ id }) => attempt(async () => ({ job: await runner.retry(id) })),
    'jobs:cancel': ({ id }) => attempt(async () => ({ job: await runner.cancel(id) })),
    'jobs:rename': ({ id, title }) =>
      attempt(async () => ({ job: await runner.rename(id, title) })),
    'edits:apply': ({ id, op }) =>
      attempt(() => {
        const control = editControlProblem(op);
        if (control) throw new AppFailure(control);
        return edits.apply(id, op);
      }),
    'edits:undo': ({ id }) => attempt(() => edits.undo(id)),
    'edits:redo': ({ id }) => attempt(() => edits.redo(id)),
  };
}
