/**
 * The commands of `kikitori`, each an action on the context main.ts gives it: the work to run
 * (on the core of the data folder, or without one for convert), its options parsed and checked
 * (./options.ts). Each command's own code loads only when it runs: --help and --version start
 * at once.
 */
import type { Command, OptionValues } from '@commander-js/extra-typings';
import type { CoreLink } from '../core/programs/program-link';
import type { Lang } from '../shared/domain/errors';
import { JOB_STATES } from '../shared/domain/job';
import { EXPORT_CHOICES } from '../shared/format/exporters';
import { SUBTITLE_LIMITS, type SubtitleRules } from '../shared/format/subtitles';
import type { Io } from './io';
import type { LinkNeeds } from './link';
import {
  exportSettingsOf,
  parseFormats,
  parseRule,
  parseSpeakerName,
  parseMonth,
  parseStatus,
  SUBTITLE_FLAGS,
  type ExportFlags,
} from './options';
import type { TextKey } from './text';

const load = {
  connections: () => import('./connections'),
  convert: () => import('./convert'),
  jobs: () => import('./jobs'),
  transcribe: () => import('./transcribe'),
  watch: () => import('./watch'),
  usage: () => import('./usage'),
  dictionary: () => import('./dictionary'),
  watchCalls: () => import('./watch-calls'),
  programKey: () => import('./program-key'),
  serve: () => import('./serve'),
  mcp: () => import('./mcp'),
};

/** The options every command shares (the program's own). */
export interface Shared {
  readonly json?: true | undefined;
  readonly quiet?: true | undefined;
  readonly data?: string | undefined;
}

export type Work = (
  link: CoreLink,
  io: Io,
  interrupted: Promise<void>,
  dataDir: string,
) => Promise<number>;

export interface CommandContext {
  readonly lang: Lang;
  /** The command line's version (package.json's), which the MCP server gives its clients. */
  readonly version: string;
  readonly t: (key: TextKey, params?: Record<string, string | number>) => string;
  /** An option's parser whose BadArgument commander reports with its sentence (exit 2). */
  readonly checked: <T>(parse: (value: string) => T) => (value: string) => T;
  readonly ioOf: (shared: Shared) => Io;
  /** The command's work, on the core of the data folder (--out checked before it runs). */
  readonly onCore: (
    shared: Shared,
    needs: LinkNeeds & { readonly out?: string | undefined },
    work: Work,
  ) => Promise<void>;
  /** The command's work, with no core (convert). */
  readonly run: (work: () => Promise<number>) => void;
  /** The command stops cleanly by itself when interrupted (watch), exiting as it says. */
  readonly stopsItself: () => void;
}

/** The program's own options as a command sees them (main.ts declares them on the program). */
const shared = (command: { optsWithGlobals(): object }) => command.optsWithGlobals() as Shared;

/** The options of what is written (formats, --out, the export settings). */
function exportOptions<Args extends unknown[], Opts extends OptionValues, G extends OptionValues>(
  ctx: CommandContext,
  command: Command<Args, Opts, G>,
  outHelp: TextKey = 'help.out',
) {
  const { t, checked, lang } = ctx;
  const rule = (name: keyof SubtitleRules) => checked((value) => parseRule(lang, name, value));
  const ruleHelp = (name: keyof SubtitleRules) => {
    const [min, max] = SUBTITLE_LIMITS[name];
    return t(`help.${name}` as TextKey, { min, max, flag: SUBTITLE_FLAGS[name] });
  };
  return command
    .option(
      '--format <list>',
      t('help.format', { list: EXPORT_CHOICES.join(',') }),
      checked((value) => parseFormats(lang, value)),
    )
    .option('--out <dir>', t(outHelp))
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
}

/** transcribe, convert and watch: files in, transcripts out. */
export function fileCommands(program: Command, ctx: CommandContext): void {
  const { t } = ctx;
  const settingsOf = (flags: ExportFlags) => exportSettingsOf(ctx.lang, flags);
  exportOptions(
    ctx,
    program
      .command('transcribe')
      .description(t('help.transcribe'))
      .argument('<files...>', t('help.files'))
      .option('--connection <id>', t('help.connection'))
      .option('--engine <engine>', t('help.engine'))
      .option('--profile <profile>', t('help.profile'))
      .option('--speakers', t('help.speakers'))
      .option('--speech-only', t('help.speechOnly'))
      .option('--over-budget', t('help.overBudget')),
  ).action(async (files, options, command) => {
    const { transcribe } = await load.transcribe();
    const request = {
      connection: options.connection,
      engine: options.engine,
      profile: options.profile,
      speakers: options.speakers === true,
      speechOnly: options.speechOnly === true,
      overBudget: options.overBudget === true,
      formats: options.format ?? ['txt'],
      out: options.out,
      settings: settingsOf(options),
    };
    await ctx.onCore(
      shared(command),
      { service: true, out: options.out, handsOver: true },
      (link, io, stop) => transcribe(files, request, io, link, stop),
    );
  });

  exportOptions(
    ctx,
    program
      .command('convert')
      .description(t('help.convert'))
      .argument('<results...>', t('help.results')),
  ).action(async (files, options, command) => {
    const io = ctx.ioOf(shared(command));
    const { convert } = await load.convert();
    const request = {
      formats: options.format ?? ['txt'],
      out: options.out,
      settings: settingsOf(options),
    };
    ctx.run(() => convert(files, request, io));
  });

  exportOptions(
    ctx,
    program
      .command('watch')
      .description(t('help.watch'))
      .argument('<folders...>', t('help.folders'))
      .option('--recursive', t('help.recursive'))
      .option('--connection <id>', t('help.connection')),
  ).action(async (folders, options, command) => {
    const { watchFolders } = await load.watch();
    ctx.stopsItself();
    const request = {
      formats: options.format ?? ['txt'],
      out: options.out,
      recursive: options.recursive === true,
      settings: settingsOf(options),
      connection: options.connection,
    };
    await ctx.onCore(
      shared(command),
      { service: true, out: options.out, handsOver: true },
      (link, io, stop, dataDir) => watchFolders(link, io, dataDir, folders, request, stop),
    );
  });
}

/** export, jobs, connections, search and cancel: the job journal and the connections. */
export function jobCommands(program: Command, ctx: CommandContext): void {
  const { t } = ctx;
  exportOptions(
    ctx,
    program.command('export').description(t('help.export')).argument('<jobs...>', t('help.jobIds')),
    'help.outHere',
  ).action(async (ids, options, command) => {
    const { exportJobs } = await load.jobs();
    const request = {
      formats: options.format ?? ['txt'],
      out: options.out,
      settings: exportSettingsOf(ctx.lang, options),
    };
    await ctx.onCore(shared(command), { service: false, out: options.out ?? '.' }, (link, io) =>
      exportJobs(link, io, ids, request),
    );
  });

  program
    .command('jobs')
    .description(t('help.jobs'))
    .option(
      '--status <state>',
      t('help.status', { list: JOB_STATES.join(', ') }),
      ctx.checked((value) => parseStatus(ctx.lang, value)),
    )
    .action(async (options, command) => {
      const { listJobs } = await load.jobs();
      await ctx.onCore(shared(command), { service: false }, (link, io) =>
        listJobs(link, io, options.status),
      );
    });

  program
    .command('connections')
    .description(t('help.connections'))
    .action(async (_options, command) => {
      const { listConnections } = await load.connections();
      await ctx.onCore(shared(command), { service: false }, (link, io) =>
        listConnections(link, io),
      );
    });

  program
    .command('search')
    .description(t('help.search'))
    .argument('<query>', t('help.query'))
    .action(async (query, _options, command) => {
      const { searchJobs } = await load.jobs();
      await ctx.onCore(shared(command), { service: false }, (link, io) =>
        searchJobs(link, io, query),
      );
    });

  program
    .command('cancel')
    .description(t('help.cancel'))
    .argument('<job>', t('help.jobId'))
    .action(async (id, _options, command) => {
      const { cancelJob } = await load.jobs();
      await ctx.onCore(shared(command), { service: false }, (link, io) => cancelJob(link, io, id));
    });
}

/** watch-calls, usage and dictionary: calls noticed, what was sent, a profile's words. */
export function serviceCommands(program: Command, ctx: CommandContext): void {
  const { t } = ctx;
  program
    .command('watch-calls')
    .description(t('help.watchCalls'))
    .action(async (_options, command) => {
      const { watchCalls } = await load.watchCalls();
      ctx.stopsItself();
      await ctx.onCore(shared(command), { service: true, calls: true }, watchCalls);
    });

  program
    .command('usage')
    .description(t('help.usage'))
    .option(
      '--month <YYYY-MM>',
      t('help.month'),
      ctx.checked((v) => parseMonth(ctx.lang, v)),
    )
    .action(async (options, command) => {
      const { showUsage } = await load.usage();
      await ctx.onCore(shared(command), { service: false }, (link, io) =>
        showUsage(link, io, options.month),
      );
    });

  const dictionary = program.command('dictionary').description(t('help.dictionary'));
  const dictOptions = <A extends unknown[], O extends OptionValues, G extends OptionValues>(
    command: Command<A, O, G>,
  ) =>
    command
      .requiredOption('--profile <id>', t('help.dictProfile'))
      .option('--connection <id>', t('help.dictConnection'));
  dictOptions(
    dictionary
      .command('import')
      .description(t('help.dictImport'))
      .argument('<file>', t('help.dictFile')),
  ).action(async (file, options, command) => {
    const { importDictionary } = await load.dictionary();
    await ctx.onCore(shared(command), { service: true }, (link, io) =>
      importDictionary(link, io, file, options),
    );
  });
  dictOptions(dictionary.command('list').description(t('help.dictList'))).action(
    async (options, command) => {
      const { listDictionary } = await load.dictionary();
      await ctx.onCore(shared(command), { service: true }, (link, io) =>
        listDictionary(link, io, options),
      );
    },
  );
}

/** program-key, serve and mcp: Kikitori for other programs. */
export function programCommands(program: Command, ctx: CommandContext): void {
  const { t } = ctx;
  const programKey = program.command('program-key').description(t('help.programKey'));
  programKey
    .command('new')
    .description(t('help.programKeyNew'))
    .requiredOption('--name <name>', t('help.programKeyName'))
    .action(async ({ name }, command) => {
      const { newProgramKey } = await load.programKey();
      await ctx.onCore(shared(command), { service: false }, (l, io) => newProgramKey(l, io, name));
    });
  programKey
    .command('list')
    .description(t('help.programKeyList'))
    .action(async (_options, command) => {
      const { listProgramKeys } = await load.programKey();
      await ctx.onCore(shared(command), { service: false }, (l, io) => listProgramKeys(l, io));
    });
  programKey
    .command('revoke')
    .description(t('help.programKeyRevoke'))
    .argument('<name>', t('help.keyName'))
    .action(async (name, _options, command) => {
      const { revokeProgramKey } = await load.programKey();
      await ctx.onCore(shared(command), { service: false }, (l, io) =>
        revokeProgramKey(l, io, name),
      );
    });

  program
    .command('serve')
    .description(t('help.serve'))
    .action(async (_options, command) => {
      const { serve } = await load.serve();
      ctx.stopsItself();
      await ctx.onCore(shared(command), { service: true, openai: true }, serve);
    });

  program
    .command('mcp')
    .description(t('help.mcp'))
    .option('--allow-transcribe', t('help.allowTranscribe'))
    .option('--allow <dir>', t('help.allow'), (v: string, p: string[] = []) => [...p, v])
    .action(async (options, command) => {
      const { serveMcp } = await load.mcp();
      ctx.stopsItself();
      const allowTranscribe = options.allowTranscribe === true;
      const allow = options.allow ?? [];
      await ctx.onCore(shared(command), { service: allowTranscribe }, (l, _io, interrupted) =>
        serveMcp(l, { allowTranscribe, allow, version: ctx.version }, interrupted),
      );
    });
}
