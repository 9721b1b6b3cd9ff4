/** `kikitori usage [--month <YYYY-MM>]`: what was sent to each service in a month. */
import { command } from '../command';
import { parseMonth } from '../options';

export default command({
  name: 'usage',
  help: 'help.usage',
  declare: (base, ctx) =>
    base.option(
      '--month <YYYY-MM>',
      ctx.t('help.month'),
      ctx.checked((v) => parseMonth(ctx.lang, v)),
    ),
  needs: 'core',
  link: { service: false },
  async run({ options, io, link }) {
    const { showUsage } = await import('../usage');
    return showUsage(link, io, options.month);
  },
});
