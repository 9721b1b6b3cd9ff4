/** `kikitori jobs [--status <state>]`: the jobs, newest first. */
import { JOB_STATES } from '../../shared/domain/job';
import { command } from '../command';
import { parseStatus } from '../options';

export default command({
  name: 'jobs',
  help: 'help.jobs',
  declare: (base, ctx) =>
    base.option(
      '--status <state>',
      ctx.t('help.status', { list: JOB_STATES.join(', ') }),
      ctx.checked((value) => parseStatus(ctx.lang, value)),
    ),
  needs: 'core',
  link: { service: false },
  async run({ options, io, link }) {
    const { listJobs } = await import('../jobs');
    return listJobs(link, io, options.status);
  },
});
