/**
 * `kikitori`, the command line: transcribe, watch, convert, export, jobs,
 * connections, search, cancel, watch-calls, usage, dictionary, program-key, serve and mcp on the
 * same core and job journal as the window, each command a file of ./commands/ listed in
 * ./commands.ts.
 * Built into one bundle (scripts/build-cli.mjs → dist/cli/kikitori.mjs) that scripts/kikitori.mjs
 * runs.
 *
 * Exit codes: 0 all done; 1 some file or job failed (each named); 2 bad arguments; 3 the data
 * folder is held by a program that cannot be reached; 130 interrupted; 141 the output was closed
 * (entry.ts).
 */
import {
  Command,
  CommanderError,
  InvalidArgumentError,
  type OptionValues,
} from '@commander-js/extra-typings';
import type { CoreLink } from '../core/programs/program-link';
import { dataDirFrom, onStopSignals, processLang } from '../core/host/host-start';
import type { Lang } from '../shared/domain/errors';
import type { CommandContext, CommandEntry } from './command';
import { COMMANDS } from './commands';
import { makeIo, type Io } from './io';
import { BadArgument } from './options';
import { onPipeClosed } from './pipe';
import { say, type TextKey } from './text';

// The core loads only when a command runs: --help and --version start at once.
const load = {
  link: () => import('./link'),
  preflight: () => import('./preflight'),
};

declare const KIKITORI_VERSION: string | undefined;
const VERSION = typeof KIKITORI_VERSION === 'string' ? KIKITORI_VERSION : '0.0.0-dev';

const TITLES_JA: Readonly<Record<string, string>> = {
  'Usage:': '使い方:',
  'Options:': 'オプション:',
  'Global Options:': '共通オプション:',
  'Commands:': 'コマンド:',
  'Arguments:': '引数:',
};

/** Commander's own errors, said in the person's language (its messages are English). */
const COMMANDER_ERRORS: Readonly<Record<string, TextKey>> = {
  'commander.unknownOption': 'arg.unknownOption',
  'commander.unknownCommand': 'arg.unknownCommand',
  'commander.optionMissingArgument': 'arg.missingValue',
  'commander.excessArguments': 'arg.excess',
};

type Say = (key: TextKey, params?: Record<string, string | number>) => string;

/** The options every command shares (the program's own). */
interface Shared {
  readonly json?: true | undefined;
  readonly quiet?: true | undefined;
  readonly data?: string | undefined;
}

/** What the parsed command left to run. */
export interface Parsed {
  running?: (interrupted: Promise<void>) => Promise<number>;
  stopsItself: boolean;
  link?: CoreLink;
  /** The sentence of the last value an option's parser refused. */
  refused?: BadArgument;
}

export async function main(argv: readonly string[]): Promise<number> {
  const lang: Lang = processLang();
  const t: Say = (key, params) => say(lang, key, params);
  const parsed: Parsed = { stopsItself: false };
  const program = kikitoriProgram(lang, parsed);
  const io = () => ioOf(lang, program.opts());
  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (error) {
    return refusedArguments(error, program, parsed, t, io());
  }
  return parsed.running ? runParsed(parsed, io()) : 0;
}

const ioOf = (lang: Lang, shared: Shared): Io =>
  makeIo({ lang, json: shared.json, quiet: shared.quiet });

/**
 * `kikitori` with every command of the table (./commands.ts) on commander, in `lang`; the one
 * the arguments name leaves its run in `parsed`. scripts/cli-reference.ts writes the reference
 * from it.
 */
export function kikitoriProgram(lang: Lang, parsed: Parsed = { stopsItself: false }) {
  const t: Say = (key, params) => say(lang, key, params);
  const ctx: CommandContext = {
    lang,
    version: VERSION,
    t,
    checked: (parse) => (value) => {
      try {
        return parse(value);
      } catch (error) {
        if (!(error instanceof BadArgument)) throw error;
        parsed.refused = error;
        throw new InvalidArgumentError(error.sentence);
      }
    },
  };
  const program = programOf(lang, t);
  for (const entry of COMMANDS)
    register(program, entry, ctx, parsed, (shared) => ioOf(lang, shared));
  return program;
}

/** `kikitori` itself: its description, version, help and the options every command takes. */
function programOf(lang: Lang, t: Say) {
  return new Command('kikitori')
    .description(t('help.program'))
    .version(VERSION, '-V, --version', t('help.version'))
    .helpOption('-h, --help', t('help.help'))
    .helpCommand('help [command]', t('help.helpCommand'))
    .option('--json', t('help.json'))
    .option('-q, --quiet', t('help.quiet'))
    .option('--data <dir>', t('help.data'))
    .configureHelp({
      showGlobalOptions: true,
      styleTitle: (title) => (lang === 'ja' ? (TITLES_JA[title] ?? title) : title),
    })
    .addHelpText('afterAll', `\n${t('help.exitCodes')}`)
    .configureOutput({ outputError: () => {} })
    .exitOverride();
}

/** The action commander calls: the command's arguments, its options, then the command. */
type Action = (...params: unknown[]) => Promise<void>;

/**
 * One entry of the table on commander: a group's subcommands, or a command whose action leaves
 * its run in `parsed` (on the core, once the link is open and --out checked).
 */
function register(
  parent: Command<unknown[], OptionValues, OptionValues>,
  entry: CommandEntry,
  ctx: CommandContext,
  parsed: Parsed,
  ioOf: (shared: Shared) => Io,
): void {
  const base = parent.command(entry.name).description(ctx.t(entry.help));
  if ('subcommands' in entry) {
    for (const sub of entry.subcommands) register(base, sub, ctx, parsed, ioOf);
    return;
  }
  const declared = (entry.declare ? entry.declare(base, ctx) : base) as unknown as {
    action(run: Action): unknown;
  };
  declared.action(async (...params) => {
    const command = params.at(-1) as Command;
    const [args, options] = [params.slice(0, -2), params.at(-2)];
    const shared = command.optsWithGlobals() as Shared;
    const io = ioOf(shared);
    if (entry.runsOn) parsed.stopsItself = true;
    if (entry.needs === 'nothing') {
      parsed.running = (interrupted) => entry.run({ args, options, ctx, io, interrupted });
      return;
    }
    const needs = typeof entry.link === 'function' ? entry.link(options) : entry.link;
    const dataDir = dataDirFrom(shared.data);
    const link = await (await load.link()).openLink(dataDir, io, needs);
    // The output folder before the command asks anything of the core: a bad one is said at
    // once, nothing sent. Only a data folder found the user's own leads to one being made.
    if (needs.out !== undefined)
      await (await load.preflight()).outFolder(io, needs.out).catch(async (error: unknown) => {
        await link.close();
        throw error;
      });
    parsed.link = link;
    parsed.running = (interrupted) =>
      entry.run({ args, options, ctx, io, interrupted, link, dataDir });
  });
}

/** A command line commander (or a check before the core opened) refused: its sentence, 2. */
function refusedArguments(
  error: unknown,
  program: Command,
  parsed: Parsed,
  t: Say,
  io: Io,
): number {
  if (error instanceof BadArgument) {
    io.error(error.sentence, { exitCode: 2 });
    return 2;
  }
  if (!(error instanceof CommanderError)) throw error;
  if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return 0;
  const value = /'([^']+)'/.exec(error.message)?.[1] ?? '';
  const sentence =
    error.code === 'commander.invalidArgument' && parsed.refused
      ? parsed.refused.sentence
      : error.code === 'commander.help'
        ? undefined
        : error.code === 'commander.missingArgument'
          ? missingArgument(program, value, t)
          : t(COMMANDER_ERRORS[error.code] ?? 'arg.other', { value });
  if (sentence !== undefined) io.error(sentence, { exitCode: 2 });
  return 2;
}

/** Runs the parsed command to its end, or to Ctrl+C, SIGTERM or a closed output. */
async function runParsed(parsed: Parsed, io: Io): Promise<number> {
  const running = parsed.running!;
  let interrupt: () => void = () => {};
  const interrupted = new Promise<void>((settle) => (interrupt = settle));
  // A second Ctrl+C does not wait for anything; a second SIGTERM ends the process as it would.
  const unheard = onStopSignals(
    () => interrupt(),
    (signal) => process.exit(signal === 'SIGINT' ? 130 : 143),
  );
  // A closed output (| head) stops the command as Ctrl+C does; entry.ts then exits 141.
  const unwatch = onPipeClosed(interrupt);
  let exitCode: number;
  try {
    exitCode = parsed.stopsItself
      ? await running(interrupted)
      : await Promise.race([
          running(interrupted),
          // Commands other than transcribe have nothing to leave running: they just stop.
          interrupted.then(
            () => new Promise<number>((settle) => setTimeout(() => settle(130), 50)),
          ),
        ]);
  } catch (error) {
    // An argument found wrong once the command could check it (--engine, --profile).
    exitCode = error instanceof BadArgument ? 2 : 1;
    const { sentence, detail } = io.problem(error);
    io.error(sentence, { exitCode, ...(detail ? { detail } : {}) });
  } finally {
    unheard();
    unwatch();
    await parsed.link?.close();
  }
  return exitCode;
}

/** "kikitori transcribe needs audio or video files": the argument said by its own help. */
function missingArgument(program: Command, name: string, t: Say): string {
  for (const command of program.commands) {
    const argument = command.registeredArguments.find((a) => a.name() === name);
    if (argument)
      return t('arg.missingArgument', { command: command.name(), what: argument.description });
  }
  return t('arg.other');
}
