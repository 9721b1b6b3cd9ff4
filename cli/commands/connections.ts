/** `kikitori connections`: the connections, the one chosen in the window marked. */
import { command } from '../command';

export default command({
  name: 'connections',
  help: 'help.connections',
  needs: 'core',
  link: { service: false },
  async run({ io, link }) {
    const { listConnections } = await import('../connections');
    return listConnections(link, io);
  },
});
