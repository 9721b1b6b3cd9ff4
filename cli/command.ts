/**
 * What a command of `kikitori` is: one file in cli/commands/ declaring its name, its help (a key
 * of ./text-help.ts, whole in each language), its arguments and options on commander's command,
 * what it needs (`nothing`, or `core`: the data folder's core, opened here or reached through the
 * running app by ./link.ts), and its run. ./commands.ts lists them; main.ts registers each with
 * commander and runs the one asked for. A command's own code loads only when it runs: --help and
 * --version start at once.
 */
import type { Command, OptionValues } from '@commander-js/extra-typings';
import type { CoreLink } from '../core/programs/program-link';
import type { Lang } from '../shared/domain/errors';
import { EXPORT_CHOICES } from '../shared/format/exporters';
import { SUBTITLE_LIMITS, type SubtitleRules } from '../shared/format/subtitles';
import type { Io } from './io';
import type { LinkNeeds } from './link';
import { parseFormats, parseRule, parseSpeakerName, SUBTITLE_FLAGS } from './options';
import type { TextKey } from './text';
import type { HELP_EN } from './text-help';

/** A help text of ./text-help.ts, written whole in Japanese and English there. */
export type HelpKey = keyof typeof HELP_EN;

/** What every command is given to declare its options and to run. */
export interface CommandContext {
  readonly lang: Lang;
  /** The command line's version (package.json's), which the MCP server gives its clients. */
  readonly version: string;
  readonly t: (key: TextKey, params?: Record<string, string | number>) => string;
  /** An option's parser whose BadArgument commander reports with its sentence (exit 2). */
  readonly checked: <T>(parse: (value: string) => T) => (value: string) => T;
}

/** What a command's run is handed: its arguments and options as commander parsed them. */
export interface Call<A, O> {
  readonly args: A;
  readonly options: O;
  readonly ctx: CommandContext;
  readonly io: Io;
  /** Settles on Ctrl+C, SIGTERM or a closed output. */
  readonly interrupted: Promise<void>;
}

/** The same, for a command on the core: its link and the data folder. */
export interface CoreCall<A, O> extends Call<A, O> {
  readonly link: CoreLink;
  readonly dataDir: string;
}

/** What a command on the core needs of its link, and the --out folder checked before it runs. */
export type CoreNeeds = LinkNeeds & { readonly out?: string | undefined };

// commander's typed commands are generic; a declaration starts from the untyped one.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Bare = Command<[], Record<never, never>, any>;

interface Declared<A extends unknown[], O extends OptionValues> {
  readonly name: string;
  /** Its description in --help. */
  readonly help: HelpKey;
  /** Its arguments and options, declared on commander's command (their help from text-help.ts). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly declare?: (command: Bare, ctx: CommandContext) => Command<A, O, any>;
  /**
   * It runs until interrupted and stops cleanly by itself (watch, serve, mcp), ending with the
   * exit code it gives; any other command just stops when interrupted (130).
   */
  readonly runsOn?: true;
}

/** A command that runs with no core (convert). */
export interface NothingCommand<A extends unknown[], O extends OptionValues> extends Declared<
  A,
  O
> {
  readonly needs: 'nothing';
  run(call: Call<A, O>): Promise<number>;
}

/** A command on the data folder's core, opened here or reached through the running app. */
export interface CoreCommand<A extends unknown[], O extends OptionValues> extends Declared<A, O> {
  readonly needs: 'core';
  /** What the link must give (the local service, calls, the OpenAI endpoint, hand-over). */
  readonly link: CoreNeeds | ((options: O) => CoreNeeds);
  run(call: CoreCall<A, O>): Promise<number>;
}

export type CommandFile<A extends unknown[], O extends OptionValues> =
  NothingCommand<A, O> | CoreCommand<A, O>;

/** Any command's file, whatever its arguments and options (the table holds them side by side). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyCommandFile = CommandFile<any, any>;

/** A command of commands (dictionary, program-key): its own help and its subcommands. */
export interface CommandGroup {
  readonly name: string;
  readonly help: HelpKey;
  readonly subcommands: readonly AnyCommandFile[];
}

export type CommandEntry = AnyCommandFile | CommandGroup;

/** A command's file, its options' types read from its declaration. */
export const command = <A extends unknown[] = [], O extends OptionValues = Record<never, never>>(
  file: CommandFile<A, O>,
): CommandFile<A, O> => file;

/** The options of what is written (formats, --out, the export settings). */
export function exportOptions<A extends unknown[], O extends OptionValues, G extends OptionValues>(
  ctx: CommandContext,
  command: Command<A, O, G>,
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
