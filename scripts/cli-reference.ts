/**
 * The command line's reference (docs/guide/command-line-reference.md), written from the command
 * line's own definitions, so it cannot drift from them: the commander program main() builds from
 * the table of commands (cli/commands.ts, one file each in cli/commands/), what each file says it
 * needs, its English help (cli/text-help.ts), and the terms and descriptions commander's own
 * `--help` prints (its Help class), as Markdown.
 *
 *   npx tsx scripts/cli-reference.ts           writes the page
 *   npx tsx scripts/cli-reference.ts --check   exits 1 when the committed page differs
 *
 * tests/unit/tooling/cli-reference.test.ts fails when the committed page differs from this.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Command, Help } from '@commander-js/extra-typings';
import * as prettier from 'prettier';
import type { AnyCommandFile } from '../cli/command';
import { COMMANDS } from '../cli/commands';
import { kikitoriProgram } from '../cli/main';

export const REFERENCE_PATH = 'docs/guide/command-line-reference.md';

// The commander types of extra-typings are generic; the walk below needs only the base shape.
type AnyCommand = Command<unknown[], Record<string, unknown>, Record<string, unknown>>;

/** Each command of the table (cli/commands.ts) by its full name: kikitori dictionary list. */
function tableOf(): Map<string, AnyCommandFile> {
  const files = new Map<string, AnyCommandFile>();
  for (const entry of COMMANDS)
    if ('subcommands' in entry)
      for (const sub of entry.subcommands) files.set(`kikitori ${entry.name} ${sub.name}`, sub);
    else files.set(`kikitori ${entry.name}`, entry);
  return files;
}

/** What a command needs, as its file declares it, in a sentence. */
const NEEDS: Readonly<Record<AnyCommandFile['needs'], string>> = {
  nothing: 'It needs nothing else: no data folder, no app, no service.',
  core: 'It works on the data folder’s core: through the running app when one holds the folder, else opened here.',
};

/** A table cell: one line, its pipes escaped. */
const cell = (text: string) => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();

/** GitHub's anchor of a heading (as tests/unit/tooling/docs-in-repo.test.ts reads them). */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

/** Each command and subcommand but commander's `help`, depth first, with its full name. */
function commandsOf(command: AnyCommand, prefix: string): [string, AnyCommand][] {
  return command.commands
    .filter((sub) => sub.name() !== 'help')
    .flatMap((sub) => {
      const name = `${prefix} ${sub.name()}`;
      return [[name, sub] as [string, AnyCommand], ...commandsOf(sub, name)];
    });
}

function optionTable(help: Help, command: AnyCommand, global: boolean): string[] {
  const options = global ? help.visibleGlobalOptions(command) : help.visibleOptions(command);
  if (options.length === 0) return [];
  return [
    '| option | what it does |',
    '| --- | --- |',
    ...options.map(
      (option) =>
        `| \`${cell(help.optionTerm(option))}\` | ${cell(help.optionDescription(option))} |`,
    ),
    '',
  ];
}

function commandSection(
  help: Help,
  name: string,
  command: AnyCommand,
  file: AnyCommandFile | undefined,
): string[] {
  const args = help.visibleArguments(command);
  const subcommands = command.commands.filter((sub) => sub.name() !== 'help');
  return [
    `## ${name}`,
    '',
    help.commandDescription(command),
    '',
    ...(file ? [NEEDS[file.needs], ''] : []),
    '```text',
    // commander's usage names the command by its parents' names too: kikitori dictionary list.
    help.commandUsage(command),
    '```',
    '',
    ...(args.length > 0
      ? [
          '| argument | what it is |',
          '| --- | --- |',
          ...args.map(
            (arg) =>
              `| \`${cell(help.argumentTerm(arg))}\` | ${cell(help.argumentDescription(arg))} |`,
          ),
          '',
        ]
      : []),
    ...(subcommands.length > 0
      ? [
          'Its commands: ' +
            subcommands
              .map((sub) => `[${name} ${sub.name()}](#${anchorOf(`${name} ${sub.name()}`)})`)
              .join(', ') +
            '.',
          '',
        ]
      : []),
    ...optionTable(help, command, false),
  ];
}

/** The reference page, as Markdown formatted by the project's Prettier settings. */
export async function cliReference(): Promise<string> {
  // The program as main() builds it from the table, in English; nothing is parsed or run.
  const program = kikitoriProgram('en') as unknown as AnyCommand;
  const table = tableOf();
  const help = program.createHelp();
  const commands = commandsOf(program, 'kikitori');
  const lines = [
    '# The command line’s reference',
    '',
    '<!-- Written by `npx tsx scripts/cli-reference.ts` from the command line’s own definitions (the table cli/commands.ts of the files in cli/commands/, and cli/text-help.ts); tests/unit/tooling/cli-reference.test.ts fails when this page differs from what it writes. Edit those, then run it. -->',
    '',
    `${help.commandDescription(program)} How to run it, what it shares with the app and what its output looks like: [the command line](command-line.md). Each command prints this help in English or Japanese (by \`LANG\`) with \`--help\`.`,
    '',
    '```text',
    help.commandUsage(program),
    '```',
    '',
    '## Options every command takes',
    '',
    ...optionTable(help, program, false),
    '## Commands',
    '',
    '| command | what it does |',
    '| --- | --- |',
    ...commands.map(
      ([name, command]) =>
        `| [${name}](#${anchorOf(name)}) | ${cell(help.commandDescription(command))} |`,
    ),
    '',
    ...commands.flatMap(([name, command]) => commandSection(help, name, command, table.get(name))),
    '## Exit codes',
    '',
    // The program's text after all help (the exit codes), as --help ends with it.
    ...exitCodes(program),
    '',
  ];
  const options = (await prettier.resolveConfig(resolve(REFERENCE_PATH))) ?? {};
  return prettier.format(lines.join('\n'), { ...options, filepath: resolve(REFERENCE_PATH) });
}

/** The help text the program adds after every help (the exit codes' sentence). */
function exitCodes(program: AnyCommand): string[] {
  let text = '';
  const output = program.configureOutput();
  program.configureOutput({ ...output, writeOut: (chunk: string) => (text += chunk) });
  try {
    program.outputHelp();
  } finally {
    program.configureOutput(output);
  }
  const after = text.slice(text.lastIndexOf('\n\n') + 2).trim();
  if (!after.startsWith('Exit codes:'))
    throw new Error('the help no longer ends with the exit codes');
  return [after];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const page = await cliReference();
  if (process.argv.includes('--check')) {
    const committed = await readFile(REFERENCE_PATH, 'utf8').catch(() => '');
    if (committed !== page) {
      process.stderr.write(
        `${REFERENCE_PATH} is out of date: run npx tsx scripts/cli-reference.ts\n`,
      );
      process.exitCode = 1;
    }
  } else {
    await writeFile(REFERENCE_PATH, page);
    process.stdout.write(`wrote ${REFERENCE_PATH}\n`);
  }
}
