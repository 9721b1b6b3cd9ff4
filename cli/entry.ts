/** The bundle's entry: runs the command line and ends the process with its exit code. */
import { adoptPrivateUmask } from '../core/storage/private-folder';
import { main } from './main';
import { PIPE_CLOSED_EXIT, pipeClosed, watchPipes } from './pipe';

watchPipes();
// What the command makes in the data folder (the record of watched files, its lock) is the
// user's alone even when it works through the running app; exports keep the person's umask.
adoptPrivateUmask();
const code = await main(process.argv.slice(2));
// Once what was written has left (stdout may be a pipe written asynchronously), end the process:
// the core is stopped by then, and nothing else is awaited. A write's callback hears of a closed
// pipe before the stream's error event does.
let closed = false;
const heard = (error?: NodeJS.ErrnoException | null) => {
  const errno = error?.code;
  closed ||= errno === 'EPIPE' || errno === 'ERR_STREAM_DESTROYED';
};
process.stdout.write('', (error) => {
  heard(error);
  process.stderr.write('', (error) => {
    heard(error);
    process.exit(closed || pipeClosed() ? PIPE_CLOSED_EXIT : code);
  });
});
