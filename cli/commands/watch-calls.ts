/** `kikitori watch-calls`: the calls noticed on this computer, said as they start, until Ctrl+C. */
import { command } from '../command';

export default command({
  name: 'watch-calls',
  help: 'help.watchCalls',
  needs: 'core',
  link: { service: true, calls: true },
  runsOn: true,
  async run({ link, io, interrupted }) {
    const { watchCalls } = await import('../watch-calls');
    return watchCalls(link, io, interrupted);
  },
});
