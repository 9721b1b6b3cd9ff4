/** `kikitori search <query>`: jobs found by the words said, their names or file names. */
import { command } from '../command';

export default command({
  name: 'search',
  help: 'help.search',
  declare: (base, ctx) => base.argument('<query>', ctx.t('help.query')),
  needs: 'core',
  link: { service: false },
  async run({ args: [query], io, link }) {
    const { searchJobs } = await import('../jobs');
    return searchJobs(link, io, query);
  },
});
