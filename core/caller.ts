/**
 * Who is calling the core, as the host tells it: what the caller may name (core/media-file.ts).
 * The window is never trusted with the disk: it names only references to what the person chose,
 * never a path; a program holding the host's token, or reaching its program endpoint, is.
 */
import { ANY_PATH, type PathPolicy } from './media-file';

export interface Caller {
  readonly paths: PathPolicy;
}

/** A program holding the host's token (tests, scripts, a second start, the command line). */
export const PROGRAM: Caller = { paths: ANY_PATH };
