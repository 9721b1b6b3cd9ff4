/** The bundle's entry: runs the command line and ends the process with its exit code. */
import { main } from './main';
import { PIPE_CLOSED_EXIT, pipeClosed, watchPipes } from './pipe';

watchPipes();
const code = await main(process.argv.slice(2));
// Once what was written has left (stdout may be a pipe written asynchronously), end the process:
// the core is stopped by then, and nothing else is awaited.
const end = () => process.exit(pipeClosed() ? PIPE_CLOSED_EXIT : code);
process.stdout.write('', () => process.stderr.write('', end));
