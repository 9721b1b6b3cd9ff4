/**
 * A closed output (`kikitori jobs | head -1`): the command ends quietly, as a Unix tool ended by
 * SIGPIPE does, with exit code 141 (128 + SIGPIPE), never a stack trace. Node ignores SIGPIPE, so
 * a write to a pipe whose reader is gone fails with EPIPE instead; every command stops as if
 * interrupted, lets go of the data folder, and says nothing more on the closed stream.
 */

/** The exit code of a command whose output was closed. */
export const PIPE_CLOSED_EXIT = 141;

let closed = false;
const listeners = new Set<() => void>();

/** Listens for a closed stdout or stderr; call once, before anything is written. */
export function watchPipes(): void {
  for (const stream of [process.stdout, process.stderr])
    stream.on('error', (error: NodeJS.ErrnoException) => {
      // Once closed, the stream's later writes fail too (ERR_STREAM_DESTROYED): all expected.
      if (closed) return;
      if (error.code !== 'EPIPE') throw error;
      closed = true;
      for (const listener of listeners) listener();
    });
}

/** Whether stdout or stderr was closed by its reader. */
export const pipeClosed = (): boolean => closed;

/** Calls `listener` when stdout or stderr is closed by its reader (at once if it was). */
export function onPipeClosed(listener: () => void): () => void {
  if (closed) listener();
  listeners.add(listener);
  return () => listeners.delete(listener);
}
