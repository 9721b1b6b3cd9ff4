/** `kikitori dictionary import|list --profile <id>`: a dictionary profile's words, with a service. */
import type { Command, OptionValues } from '@commander-js/extra-typings';
import { command, type CommandContext, type CommandGroup } from '../command';

/** The options both subcommands take: the profile, and the connection whose service holds it. */
const dictionaryOptions = <A extends unknown[], O extends OptionValues, G extends OptionValues>(
  base: Command<A, O, G>,
  ctx: CommandContext,
) =>
  base
    .requiredOption('--profile <id>', ctx.t('help.dictProfile'))
    .option('--connection <id>', ctx.t('help.dictConnection'));

const dictionary: CommandGroup = {
  name: 'dictionary',
  help: 'help.dictionary',
  subcommands: [
    command({
      name: 'import',
      help: 'help.dictImport',
      declare: (base, ctx) =>
        dictionaryOptions(base.argument('<file>', ctx.t('help.dictFile')), ctx),
      needs: 'core',
      link: { service: true },
      async run({ args: [file], options, io, link }) {
        const { importDictionary } = await import('../dictionary');
        return importDictionary(link, io, file, options);
      },
    }),
    command({
      name: 'list',
      help: 'help.dictList',
      declare: (base, ctx) => dictionaryOptions(base, ctx),
      needs: 'core',
      link: { service: true },
      async run({ options, io, link }) {
        const { listDictionary } = await import('../dictionary');
        return listDictionary(link, io, options);
      },
    }),
  ],
};
export default dictionary;
