/**
 * `kikitori connections`: the connections the window has (Settings), each with its id, which
 * `--connection` takes, its kind, engine and dictionary profile, the active one marked; the ids
 * are what no other command shows (they live in the data folder's connections.json).
 */
import type { CoreLink } from '../core/programs/program-link';
import { AppFailure } from '../shared/domain/errors';
import type { Io } from './io';
import { say } from './text';

export async function listConnections(link: CoreLink, io: Io): Promise<number> {
  const listed = await link.invoke('connections:list', {});
  if (!listed.ok) throw new AppFailure(listed.error);
  const { connections, active } = listed.data;
  if (!io.json) {
    const width = Math.max(2, ...connections.map((c) => c.id.length));
    const engines = Math.max(6, ...connections.map((c) => c.engine.length));
    for (const c of connections)
      io.out(
        [
          c.id === active ? '*' : ' ',
          c.id.padEnd(width),
          c.kind.padEnd(5),
          c.engine.padEnd(engines),
          (c.profileId ?? '-').padEnd(8),
          c.name,
        ]
          .join('  ')
          .trimEnd(),
      );
    io.note(say(io.lang, 'connections.active', { id: active }));
  }
  io.emit({ type: 'result', ok: true, exitCode: 0, connections, active });
  return 0;
}
