/** The bundle's entry: runs the command line and ends the process with its exit code. */
import { main } from './main';

process.exitCode = await main(process.argv.slice(2));
// The core's timers and the local service's pipes are closed by then; nothing else is awaited.
process.exit();
