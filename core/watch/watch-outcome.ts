/**
 * A sent file's job followed to its transcripts: the programs' one routine from a job to files
 * (core/programs/job-files.ts), its files written by the watchers' writer (./watch-outputs.ts),
 * and the file's record finished as it went (./seen-files.ts). What can pass is waited out
 * rather than failed: an upload a crash cut off is sent again, once, and a full disk waits for
 * room, the folder saying so once.
 */
import type { AppError } from '../../shared/domain/errors';
import type { Job } from '../../shared/domain/job';
import { jobToFiles, type JobSource, type RenderedFile } from '../programs/job-files';
import { toAppError } from '../errors';
import type { FolderWatch } from './folder-watch';
import type { SeenEntry, SeenFiles } from './seen-files';
import type { WatchListener } from './watch-options';
import { writeOutputs, type WatchLink } from './watch-outputs';

/** What following a file's job needs of its group of watched folders. */
export interface OutcomeGroup {
  readonly seen: SeenFiles;
  readonly link: WatchLink;
  /** The jobs the routine from a job to files follows for this group now. */
  readonly following: Set<string>;
  /** Settles when the watchers close: work waiting on a job stops waiting. */
  readonly closing: Promise<void>;
  readonly folders: ReadonlyMap<string, FolderWatch>;
  readonly emit: WatchListener;
}

/**
 * The programs' one routine from a job to files (core/programs/job-files.ts), its files written
 * by this group's writer (./watch-outputs.ts: each recorded as it is written, an earlier
 * version's transcripts replaced); then the file's record finished as it went. An upload a
 * crash cut off is sent again, once; a full disk waits for room, the folder saying so once.
 */
export async function toFiles(
  group: OutcomeGroup,
  entry: SeenEntry,
  from: JobSource,
  recovering: boolean,
  known?: (job: Job) => void,
): Promise<void> {
  let followed: string | undefined;
  const done = await jobToFiles(group.link, {
    from,
    formats: entry.plan.formats,
    settings: entry.plan.settings,
    write: (files) => write(group, entry.id, files, recovering),
    known: (job) => {
      followed = job.id;
      group.following.add(job.id);
      known?.(job);
    },
    stop: group.closing,
  }).finally(() => {
    if (followed !== undefined) group.following.delete(followed);
  });
  if (done.kind === 'stopped') return;
  if (done.kind === 'removed') {
    group.seen.finish(entry.id, 'gone');
    return;
  }
  if (done.kind === 'refused') return fail(group, entry, done.error);
  const { job } = done;
  const current = group.seen.get(entry.id) ?? entry;
  if (done.kind === 'failed') {
    if (job.error?.code === 'interrupted' && !current.retried) {
      const retried = await group.link.invoke('jobs:retry', { id: job.id });
      if (retried.ok)
        return toFiles(
          group,
          group.seen.sent(entry.id, job.id, true),
          { follow: job.id },
          recovering,
        );
    }
    return fail(group, entry, job.error, job.id);
  }
  if (done.kind === 'unwritten') {
    const problem = toAppError(done.error);
    const watch = group.folders.get(entry.folder);
    if (problem.code === 'disk-full' && watch && !watch.stopped) {
      // Said once for the folder; written when there is room (the folder's next checks).
      watch.waitForRoom(() => toFiles(group, group.seen.get(entry.id)!, { done: job.id }, true));
      return;
    }
    return fail(group, entry, problem, job.id);
  }
  group.folders.get(entry.folder)?.roomFound();
  group.seen.finish(entry.id, 'done');
  group.emit('watch:file', {
    folder: entry.folder,
    path: entry.path,
    state: 'done',
    job: job.id,
    outputs: [...done.paths],
  });
}

/** Writes a file's rendered transcripts not yet written; answers all its outputs' paths. */
async function write(
  group: OutcomeGroup,
  id: number,
  files: readonly RenderedFile[],
  recovering: boolean,
): Promise<readonly string[]> {
  const entry = group.seen.get(id)!;
  const earlier =
    entry.replaces === undefined ? [] : (group.seen.get(entry.replaces)?.outputs ?? []);
  const written = await writeOutputs(entry, files, earlier, recovering, (outputs) =>
    group.seen.wrote(entry.id, outputs),
  );
  if (!written.ok) throw written.error;
  return written.outputs.map((output) => output.path);
}

/** A file whose work failed: its record finished so, and said with the reason. */
export function fail(
  group: OutcomeGroup,
  entry: SeenEntry,
  error: AppError | undefined,
  job?: string,
): void {
  group.seen.finish(entry.id, 'failed', error);
  group.emit('watch:file', {
    folder: entry.folder,
    path: entry.path,
    state: 'failed',
    ...(job !== undefined && { job }),
    ...(error && { error }),
  });
}
