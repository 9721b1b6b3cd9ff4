/** `kikitori convert <results...>`: recognition results rendered to export formats, with no core. */
import { command, exportOptions } from '../command';
import { exportSettingsOf } from '../options';

export default command({
  name: 'convert',
  help: 'help.convert',
  declare: (base, ctx) => exportOptions(ctx, base.argument('<results...>', ctx.t('help.results'))),
  needs: 'nothing',
  async run({ args: [files], options, ctx, io }) {
    const { convert } = await import('../convert');
    const request = {
      formats: options.format ?? ['txt'],
      out: options.out,
      settings: exportSettingsOf(ctx.lang, options),
    };
    return convert(files, request, io);
  },
});
