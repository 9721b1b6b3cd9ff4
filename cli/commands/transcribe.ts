/** `kikitori transcribe <files...>`: each file sent, followed and written in every format asked for. */
import { command, exportOptions } from '../command';
import { exportSettingsOf } from '../options';

export default command({
  name: 'transcribe',
  help: 'help.transcribe',
  declare: (base, ctx) =>
    exportOptions(
      ctx,
      base
        .argument('<files...>', ctx.t('help.files'))
        .option('--connection <id>', ctx.t('help.connection'))
        .option('--engine <engine>', ctx.t('help.engine'))
        .option('--profile <profile>', ctx.t('help.profile'))
        .option('--speakers', ctx.t('help.speakers'))
        .option('--speech-only', ctx.t('help.speechOnly'))
        .option('--over-budget', ctx.t('help.overBudget')),
    ),
  needs: 'core',
  link: (options) => ({ service: true, out: options.out, handsOver: true }),
  async run({ args: [files], options, ctx, io, link, interrupted }) {
    const { transcribe } = await import('../transcribe');
    const request = {
      connection: options.connection,
      engine: options.engine,
      profile: options.profile,
      speakers: options.speakers === true,
      speechOnly: options.speechOnly === true,
      overBudget: options.overBudget === true,
      formats: options.format ?? ['txt'],
      out: options.out,
      settings: exportSettingsOf(ctx.lang, options),
    };
    return transcribe(files, request, io, link, interrupted);
  },
});
