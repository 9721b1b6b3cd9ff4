/**
 * Who is calling the core, as the host tells it: what the caller may name (core/media/media-file.ts).
 * The window is never trusted with the disk: it names only references to what the person chose,
 * never a path; a program holding the host's token, or reaching its program endpoint, is.
 */
import { ANY_PATH, type PathPolicy } from './media/media-file';

export interface Caller {
  readonly paths: PathPolicy;
  /**
   * How the caller names folders (watched folders, core/watch/watched-folders.ts):
   * - `any`: a program: any folder to watch, any output folder (each checked);
   * - `typed`: browser mode's page, which has no folder picker: a folder to watch as the person
   *   typed it (checked as a picked one is), but never an output folder (transcripts go next to
   *   each file, or where a program or the desktop window's picker put them);
   * - `picker`: the Electron window: folders only through the system's folder picker.
   */
  readonly folders: 'any' | 'typed' | 'picker';
}

/** A program holding the host's token (tests, scripts, a second start, the command line). */
export const PROGRAM: Caller = { paths: ANY_PATH, folders: 'any' };
