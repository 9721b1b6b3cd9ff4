/** `kikitori serve`: the OpenAI-compatible endpoint while no app runs on the data folder. */
import { command } from '../command';

export default command({
  name: 'serve',
  help: 'help.serve',
  needs: 'core',
  link: { service: true, openai: true },
  runsOn: true,
  async run({ link, io, interrupted }) {
    const { serve } = await import('../serve');
    return serve(link, io, interrupted);
  },
});
