/** `kikitori program-key new|list|revoke`: the keys other programs reach Kikitori with. */
import { command, type CommandGroup } from '../command';

const programKey: CommandGroup = {
  name: 'program-key',
  help: 'help.programKey',
  subcommands: [
    command({
      name: 'new',
      help: 'help.programKeyNew',
      declare: (base, ctx) => base.requiredOption('--name <name>', ctx.t('help.programKeyName')),
      needs: 'core',
      link: { service: false },
      async run({ options, io, link }) {
        const { newProgramKey } = await import('../program-key');
        return newProgramKey(link, io, options.name);
      },
    }),
    command({
      name: 'list',
      help: 'help.programKeyList',
      needs: 'core',
      link: { service: false },
      async run({ io, link }) {
        const { listProgramKeys } = await import('../program-key');
        return listProgramKeys(link, io);
      },
    }),
    command({
      name: 'revoke',
      help: 'help.programKeyRevoke',
      declare: (base, ctx) => base.argument('<name>', ctx.t('help.keyName')),
      needs: 'core',
      link: { service: false },
      async run({ args: [name], io, link }) {
        const { revokeProgramKey } = await import('../program-key');
        return revokeProgramKey(link, io, name);
      },
    }),
  ],
};
export default programKey;
