/** `kikitori mcp [--allow-transcribe] [--allow <dir>]…`: the MCP server on stdin and stdout. */
import { command } from '../command';

export default command({
  name: 'mcp',
  help: 'help.mcp',
  declare: (base, ctx) =>
    base
      .option('--allow-transcribe', ctx.t('help.allowTranscribe'))
      .option('--allow <dir>', ctx.t('help.allow'), (v: string, p: string[] = []) => [...p, v]),
  needs: 'core',
  // Only a server that may transcribe needs the local service.
  link: (options) => ({ service: options.allowTranscribe === true }),
  runsOn: true,
  async run({ options, ctx, link, interrupted }) {
    const { serveMcp } = await import('../mcp');
    const allowTranscribe = options.allowTranscribe === true;
    const allow = options.allow ?? [];
    return serveMcp(link, { allowTranscribe, allow, version: ctx.version }, interrupted);
  },
});
