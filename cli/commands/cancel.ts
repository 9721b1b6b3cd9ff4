/** `kikitori cancel <job>`: a queued or running job stopped on our side. */
import { command } from '../command';

export default command({
  name: 'cancel',
  help: 'help.cancel',
  declare: (base, ctx) => base.argument('<job>', ctx.t('help.jobId')),
  needs: 'core',
  link: { service: false },
  async run({ args: [id], io, link }) {
    const { cancelJob } = await import('../jobs');
    return cancelJob(link, io, id);
  },
});
