/** The bundle's entry: runs the command line and ends the process with its exit code. */
import { main } from './main';

const code = await main(process.argv.slice(2));
// Once what was written has left (stdout may be a pipe written asynchronously), end the process:
// the core is stopped by then, and nothing else is awaited.
process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
