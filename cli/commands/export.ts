/** `kikitori export <jobs...>`: finished jobs written in every format asked for. */
import { command, exportOptions } from '../command';
import { exportSettingsOf } from '../options';

export default command({
  name: 'export',
  help: 'help.export',
  declare: (base, ctx) =>
    exportOptions(ctx, base.argument('<jobs...>', ctx.t('help.jobIds')), 'help.outHere'),
  needs: 'core',
  link: (options) => ({ service: false, out: options.out ?? '.' }),
  async run({ args: [ids], options, ctx, io, link }) {
    const { exportJobs } = await import('../jobs');
    const request = {
      formats: options.format ?? ['txt'],
      out: options.out,
      settings: exportSettingsOf(ctx.lang, options),
    };
    return exportJobs(link, io, ids, request);
  },
});
