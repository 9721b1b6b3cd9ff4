/** Transcription jobs: send files, list, read one with its transcript, remove, retry, cancel, rename. */
import { AppFailure, appError } from '../../shared/domain/errors';
import type { JobJournal } from '../jobs/job-journal';
import type { TranscriptionRunner } from '../jobs/transcription-runner';
import { attempt, type HandlerSet } from './types';

export type JobChannel =
  | 'transcribe:files'
  | 'jobs:list'
  | 'jobs:get'
  | 'jobs:remove'
  | 'jobs:retry'
  | 'jobs:cancel'
  | 'jobs:rename';

export function jobHandlers(deps: {
  readonly journal: JobJournal;
  readonly runner: TranscriptionRunner;
}): HandlerSet<JobChannel> {
  const { journal, runner } = deps;
  return {
    'transcribe:files': ({ paths, connection }, caller) =>
      attempt(async () => ({ jobs: await runner.submit(paths, connection, caller.paths) })),
    'jobs:list': () => attempt(async () => ({ jobs: journal.list() })),
    'jobs:get': ({ id }) =>
      attempt(async () => {
        const job = journal.get(id);
        if (!job) throw new AppFailure(appError('not-found', { what: 'job', id }));
        const transcript = await journal.readResult(job);
        return { job, ...(transcript ? { transcript } : {}) };
      }),
    'jobs:remove': ({ id }) => attempt(async () => ({ removed: await runner.remove(id) })),
    'jobs:retry': ({ id }) => attempt(async () => ({ job: await runner.retry(id) })),
    'jobs:cancel': ({ id }) => attempt(async () => ({ job: await runner.cancel(id) })),
    'jobs:rename': ({ id, title }) =>
      attempt(async () => ({ job: await runner.rename(id, title) })),
  };
}
