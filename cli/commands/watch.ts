/** `kikitori watch <folders...>`: each file that lands in the folders transcribed, until Ctrl+C. */
import { command, exportOptions } from '../command';
import { exportSettingsOf } from '../options';

export default command({
  name: 'watch',
  help: 'help.watch',
  declare: (base, ctx) =>
    exportOptions(
      ctx,
      base
        .argument('<folders...>', ctx.t('help.folders'))
        .option('--recursive', ctx.t('help.recursive'))
        .option('--connection <id>', ctx.t('help.connection')),
    ),
  needs: 'core',
  link: (options) => ({ service: true, out: options.out, handsOver: true }),
  runsOn: true,
  async run({ args: [folders], options, ctx, io, link, interrupted, dataDir }) {
    const { watchFolders } = await import('../watch');
    const request = {
      formats: options.format ?? ['txt'],
      out: options.out,
      recursive: options.recursive === true,
      settings: exportSettingsOf(ctx.lang, options),
      connection: options.connection,
    };
    return watchFolders(link, io, dataDir, folders, request, interrupted);
  },
});
