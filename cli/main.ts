/**
 * `kikitori`, the command line (issue #30 §3): transcribe, watch, convert, export, jobs, search
 * and cancel on the same core and job journal as the window. Built into one bundle
 * (scripts/build-cli.mjs → dist/cli/kikitori.mjs) that scripts/kikitori.mjs runs.
 *
 * Exit codes: 0 all done; 1 some file or job failed (each named); 2 bad arguments; 3 the data
 * folder is held by a program that cannot be reached; 130 interrupted.
 */
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import {
  Command,
  CommanderError,
  InvalidArgumentError,
  type OptionValues,
} from '@commander-js/extra-typings';
import type { CoreLink } from '../core/program-link';
import { defaultDataDir } from '../shared/domain/data-dir';
import type { Lang } from '../shared/domain/errors';
import { JOB_STATES } from '../shared/domain/job';
import { EXPORT_CHOICES } from '../shared/format/exporters';
import { SUBTITLE_LIMITS, type SubtitleRules } from '../shared/format/subtitles';
import { makeIo, type Io } from './io';
import type { LinkNeeds } from './link';
import {
  BadArgument,
  exportSettingsOf,
  parseFormats,
  parseRule,
  parseSpeakerName,
  parseStatus,
  SUBTITLE_FLAGS,
  type ExportFlags,
} from './options';
import { localeLang, say, type TextKey } from './text';

// The core, the renderer and the progress bars load only when a command runs: --help and
// --version start at once.
const load = {
  link: () => import('./link'),
  convert: () => import('./convert'),
  jobs: () => import('./jobs'),
  transcribe: () => import('./transcribe'),
  watch: () => import('./watch'),
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
  'commander.missingArgument': 'arg.missingArgument',
  'commander.optionMissingArgument': 'arg.missingValue',
  'commander.excessArguments': 'arg.excess',
};

interface Shared {
  readonly json?: true | undefined;
  readonly quiet?: true | undefined;
  readonly data?: string | undefined;
}

export async function main(argv: readonly string[]): Promise<number> {
  const lang: Lang = localeLang();
  const t = (key: TextKey, params?: Record<string, string | number>) => say(lang, key, params);
  /** The sentence of the last value an option's parser refused. */
  let refused: BadArgument | undefined;
  const checked =
    <T>(parse: (value: string) => T) =>
    (value: string): T => {
      try {
        return parse(value);
      } catch (error) {
        if (!(error instanceof BadArgument)) throw error;
        refused = error;
        throw new InvalidArgumentError(error.sentence);
      }
    };
  const formats = checked((value) => parseFormats(lang, value));
  const rule = (name: keyof SubtitleRules) => checked((value) => parseRule(lang, name, value));

  let exitCode: number;
  let running: ((interrupted: Promise<void>) => Promise<number>) | undefined;
  /** The command stops cleanly by itself when interrupted (watch), exiting as it says. */
  let stopsItself = false;
  let link: CoreLink | undefined;
  const ioOf = (shared: Shared): Io => makeIo({ lang, json: shared.json, quiet: shared.quiet });
  /** Runs a command's work on the core of the data folder, then lets go of it. */
  const onCore = async (
    shared: Shared,
    needs: LinkNeeds,
    work: (link: CoreLink, io: Io, interrupted: Promise<void>, dataDir: string) => Promise<number>,
  ) => {
    const io = ioOf(shared);
    const dataDir = resolve(shared.data ?? defaultDataDir('app', process.env, homedir()));
    link = await (await load.link()).openLink(dataDir, io, needs);
    const opened = link;
    running = (interrupted) => work(opened, io, interrupted, dataDir);
  };

  const program = new Command('kikitori')
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

  const exportOptions = <Args extends unknown[], Opts extends OptionValues, G extends OptionValues>(
    command: Command<Args, Opts, G>,
  ) =>
    command
      .option('--format <list>', t('help.format', { list: EXPORT_CHOICES.join(',') }), formats)
      .option('--out <dir>', t('help.out'))
      .option(
        '--speaker-name <label=name>',
        t('help.speakerName'),
        (value: string, previous: [string, string][] = []) => [
          ...previous,
          checked((v) => parseSpeakerName(lang, v))(value),
        ],
      )
      .option('--no-fillers', t('help.noFillers'))
      .option('--no-times', t('help.noTimes'))
      .option('--readings', t('help.readings'))
      .option('--max-line <n>', ruleHelp('maxLine'), rule('maxLine'))
      .option('--max-lines <n>', ruleHelp('maxLines'), rule('maxLines'))
      .option('--max-cue-ms <ms>', ruleHelp('maxCueMs'), rule('maxCueMs'))
      .option('--min-cue-ms <ms>', ruleHelp('minCueMs'), rule('minCueMs'))
      .option('--min-gap-ms <ms>', ruleHelp('minGapMs'), rule('minGapMs'));
  const ruleHelp = (name: keyof SubtitleRules) => {
    const [min, max] = SUBTITLE_LIMITS[name];
    const key = `help.${name}` as TextKey;
    return t(key, { min, max, flag: SUBTITLE_FLAGS[name] });
  };
  const settingsOf = (flags: ExportFlags) => exportSettingsOf(lang, flags);
  const shared = (command: { optsWithGlobals(): Shared }) => command.optsWithGlobals();

  exportOptions(
    program
      .command('transcribe')
      .description(t('help.transcribe'))
      .argument('<files...>', t('help.files'))
      .option('--connection <id>', t('help.connection'))
      .option('--engine <engine>', t('help.engine'))
      .option('--profile <profile>', t('help.profile'))
      .option('--speakers', t('help.speakers'))
      .option('--speech-only', t('help.speechOnly')),
  ).action(async (files, options, command) => {
    const { transcribe } = await load.transcribe();
    await onCore(shared(command), { service: true }, (link, io, interrupted) =>
      transcribe(
        files,
        {
          connection: options.connection,
          engine: options.engine,
          profile: options.profile,
          speakers: options.speakers === true,
          speechOnly: options.speechOnly === true,
          formats: options.format ?? ['txt'],
          out: options.out,
          settings: settingsOf(options),
        },
        io,
        link,
        interrupted,
      ),
    );
  });

  exportOptions(
    program
      .command('convert')
      .description(t('help.convert'))
      .argument('<results...>', t('help.results')),
  ).action(async (files, options, command) => {
    const io = ioOf(shared(command));
    const { convert } = await load.convert();
    running = () =>
      convert(
        files,
        { formats: options.format ?? ['txt'], out: options.out, settings: settingsOf(options) },
        io,
      );
  });

  exportOptions(
    program.command('export').description(t('help.export')).argument('<jobs...>', t('help.jobIds')),
  ).action(async (ids, options, command) => {
    const { exportJobs } = await load.jobs();
    await onCore(shared(command), { service: false }, (link, io) =>
      exportJobs(link, io, ids, {
        formats: options.format ?? ['txt'],
        out: options.out,
        settings: settingsOf(options),
      }),
    );
  });

  exportOptions(
    program
      .command('watch')
      .description(t('help.watch'))
      .argument('<folders...>', t('help.folders'))
      .option('--recursive', t('help.recursive'))
      .option('--connection <id>', t('help.connection')),
  ).action(async (folders, options, command) => {
    const { watchFolders } = await load.watch();
    stopsItself = true;
    await onCore(shared(command), { service: true }, (link, io, interrupted, dataDir) =>
      watchFolders(
        link,
        io,
        dataDir,
        folders,
        {
          formats: options.format ?? ['txt'],
          out: options.out,
          recursive: options.recursive === true,
          settings: settingsOf(options),
          connection: options.connection,
        },
        interrupted,
      ),
    );
  });

  program
    .command('jobs')
    .description(t('help.jobs'))
    .option(
      '--status <state>',
      t('help.status', { list: JOB_STATES.join(', ') }),
      checked((value) => parseStatus(lang, value)),
    )
    .action(async (options, command) => {
      const { listJobs } = await load.jobs();
      await onCore(shared(command), { service: false }, (link, io) =>
        listJobs(link, io, options.status),
      );
    });

  program
    .command('search')
    .description(t('help.search'))
    .argument('<query>', t('help.query'))
    .action(async (query, _options, command) => {
      const { searchJobs } = await load.jobs();
      await onCore(shared(command), { service: false }, (link, io) => searchJobs(link, io, query));
    });

  program
    .command('cancel')
    .description(t('help.cancel'))
    .argument('<job>', t('help.jobId'))
    .action(async (id, _options, command) => {
      const { cancelJob } = await load.jobs();
      await onCore(shared(command), { service: false }, (link, io) => cancelJob(link, io, id));
    });

  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return 0;
    const sentence =
      error.code === 'commander.invalidArgument' && refused
        ? refused.sentence
        : error.code === 'commander.help'
          ? undefined
          : t(COMMANDER_ERRORS[error.code] ?? 'arg.other', {
              value: /'([^']+)'/.exec(error.message)?.[1] ?? '',
            });
    if (sentence !== undefined) ioOf(program.opts()).error(sentence, { exitCode: 2 });
    return 2;
  }
  if (!running) return 0;

  let interrupt: () => void = () => {};
  const interrupted = new Promise<void>((settle) => (interrupt = settle));
  const onSignal = () => {
    interrupt();
    // A second Ctrl+C does not wait for anything.
    process.once('SIGINT', () => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    exitCode = stopsItself
      ? await running(interrupted)
      : await Promise.race([
          running(interrupted),
          // Commands other than transcribe have nothing to leave running: they just stop.
          interrupted.then(
            () => new Promise<number>((settle) => setTimeout(() => settle(130), 50)),
          ),
        ]);
  } catch (error) {
    const io = ioOf(program.opts());
    io.error(io.errorSentence(error));
    exitCode = 1;
  } finally {
    await link?.close();
  }
  return exitCode;
}
