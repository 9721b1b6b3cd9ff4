/**
 * Watched folders for a program (`kikitori watch`): the watcher of core/watch/, driven over the
 * program's link and nothing else (its files through the programs' routine from a job to files,
 * ./job-files.ts), as the app's own watched folders are driven over their core's link. A program
 * holds only what it needs of it: folders added, and the whole closed.
 */
import { FolderWatchers, type WatchListener, type WatchOptions } from '../watch/folder-watcher';
import type { JobLink } from './job-files';

export type { WatchListener, WatchOptions };

export interface FolderWatching {
  /**
   * Watches a folder; throws an AppFailure when it cannot be (`watch-refused`, `watch-output`,
   * `watch-held` naming who watches it).
   */
  add(options: WatchOptions): Promise<unknown>;
  /** Stops every folder; jobs under way finish in the core, their files written next time. */
  close(): Promise<void>;
}

/** Folders watched over `link`, the files seen recorded in `dataDir`, held as the command line. */
export function watchOverLink(
  link: JobLink,
  dataDir: string,
  onEvent: WatchListener,
): FolderWatching {
  return new FolderWatchers({ dataDir, link, holder: 'command-line', onEvent });
}
