/**
 * A command of `kikitori` is one file of cli/commands/ in the table cli/commands.ts: a file left
 * out of the table, a table entry whose file is named otherwise, or a command, argument or option
 * without its help in Japanese and English fails here. main() registers the table as it is, so
 * what --help lists is the table, in its order.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Command } from '@commander-js/extra-typings';
import { describe, expect, it } from 'vitest';
import type { AnyCommandFile, CommandEntry } from '../../../cli/command';
import { COMMANDS } from '../../../cli/commands';
import { kikitoriProgram } from '../../../cli/main';
import { HELP_EN, HELP_JA } from '../../../cli/text-help';

const FOLDER = join(import.meta.dirname, '../../../cli/commands');
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

/** Each command and subcommand of the table, by its full name (dictionary list). */
const flat = (entries: readonly CommandEntry[]): [string, CommandEntry][] =>
  entries.flatMap((entry): [string, CommandEntry][] =>
    'subcommands' in entry
      ? [
          [entry.name, entry],
          ...entry.subcommands.map((sub): [string, AnyCommandFile] => [
            `${entry.name} ${sub.name}`,
            sub,
          ]),
        ]
      : [[entry.name, entry]],
  );

// The commander types of extra-typings are generic; the walk needs only the base shape.
type AnyCommand = Command<unknown[], Record<string, unknown>, Record<string, unknown>>;

/** Each registered command but commander's `help`, with its full name. */
const registered = (command: AnyCommand, prefix = ''): [string, AnyCommand][] =>
  command.commands
    .filter((sub) => sub.name() !== 'help')
    .flatMap((sub) => {
      const name = `${prefix}${sub.name()}`;
      return [[name, sub] as [string, AnyCommand], ...registered(sub, `${name} `)];
    });

describe('the table of commands', () => {
  it('holds every file of cli/commands/, each named after its command, once', async () => {
    const files = (await readdir(FOLDER)).filter((name) => name.endsWith('.ts')).sort();
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const { default: entry } = (await import(join(FOLDER, file))) as { default: CommandEntry };
      expect(COMMANDS, `${file} is not in cli/commands.ts`).toContain(entry);
      expect(`${entry.name}.ts`).toBe(file);
    }
    expect(COMMANDS.map((entry) => `${entry.name}.ts`).sort()).toEqual(files);
  });

  it('gives every command its help in both languages, and says what each needs', () => {
    const names = flat(COMMANDS).map(([name]) => name);
    expect(new Set(names).size).toBe(names.length);
    for (const [name, entry] of flat(COMMANDS)) {
      expect(HELP_EN[entry.help], name).toMatch(/\w{3}/);
      expect(HELP_JA[entry.help], name).toMatch(JAPANESE);
      if ('subcommands' in entry) continue;
      expect(['nothing', 'core'], name).toContain(entry.needs);
      if (entry.needs === 'core') expect(entry.link, name).toBeDefined();
    }
  });

  it('is what main() registers, in its order, each argument and option described in both languages', () => {
    const [en, ja] = (['en', 'ja'] as const).map((lang) =>
      registered(kikitoriProgram(lang) as unknown as AnyCommand),
    );
    expect(en!.map(([name]) => name)).toEqual(flat(COMMANDS).map(([name]) => name));
    for (const [index, [name, english]] of en!.entries()) {
      const japanese = ja![index]![1];
      const described = (command: AnyCommand) => [
        command.description(),
        ...command.registeredArguments.map((argument) => argument.description),
        ...command.options.map((option) => option.description),
      ];
      const [inEnglish, inJapanese] = [described(english), described(japanese)];
      expect(inJapanese.length, name).toBe(inEnglish.length);
      for (const [at, text] of inEnglish.entries()) {
        expect(text, name).toMatch(/\w{3}/);
        expect(inJapanese[at], `${name}: ${text}`).toMatch(JAPANESE);
        expect(inJapanese[at], `${name}: ${text}`).not.toBe(text);
      }
    }
  });
});
