/**
 * The commands of `kikitori`, in the order --help lists them: each one file in ./commands/
 * (./command.ts says what a file declares). Adding a command is adding its file here;
 * tests/unit/cli/commands.test.ts fails when a file of ./commands/ is not in this table.
 */
import type { CommandEntry } from './command';
import cancel from './commands/cancel';
import connections from './commands/connections';
import convert from './commands/convert';
import dictionary from './commands/dictionary';
import exportJobs from './commands/export';
import jobs from './commands/jobs';
import mcp from './commands/mcp';
import programKey from './commands/program-key';
import search from './commands/search';
import serve from './commands/serve';
import transcribe from './commands/transcribe';
import usage from './commands/usage';
import watch from './commands/watch';
import watchCalls from './commands/watch-calls';

export const COMMANDS: readonly CommandEntry[] = [
  // Files in, transcripts out.
  transcribe,
  convert,
  watch,
  // The job journal and the connections.
  exportJobs,
  jobs,
  connections,
  search,
  cancel,
  // Calls noticed, what was sent, a profile's words.
  watchCalls,
  usage,
  dictionary,
  // Kikitori for other programs.
  programKey,
  serve,
  mcp,
];
