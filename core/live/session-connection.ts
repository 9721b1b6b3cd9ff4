/**
 * The connection a live session records with, and where its recognizer connects each time: a
 * call's session uses the connection and profile chosen for calls; the key is asked for again on
 * every connect (it may have been replaced meanwhile). A spent budget the person wants to be
 * asked about stops the session before it opens.
 */
import type { Connection } from '../../shared/domain/connection';
import type { ClientProvider } from '../clients';
import type { UsageMeter } from '../usage/usage-meter';
import type { RealtimeTarget } from './live-recognizer';
import { realtimeUrlOf, startLineOf } from './realtime-target';

export async function sessionConnection(
  deps: {
    readonly clients: Pick<ClientProvider, 'resolve'>;
    readonly usage?: Pick<UsageMeter, 'checkBudget'> | undefined;
  },
  asked: {
    /** The connection `start` named; the active one when absent. */
    readonly connection: string | undefined;
    /** What the call watcher chose for the call this session records. */
    readonly forCall: { connection?: string; profileId?: string } | undefined;
    readonly overBudget: boolean;
  },
): Promise<{ connection: Connection; target: () => Promise<RealtimeTarget> }> {
  const { forCall } = asked;
  const profiled = <C extends { profileId: string | null }>(connection: C): C =>
    forCall?.profileId ? { ...connection, profileId: forCall.profileId } : connection;
  const connection = profiled(
    (await deps.clients.resolve(forCall?.connection ?? asked.connection)).connection,
  );
  deps.usage?.checkBudget(connection.id, undefined, asked.overBudget);
  const url = realtimeUrlOf(connection);
  const target = () =>
    deps.clients.resolve(connection.id).then((now) => ({
      url: realtimeUrlOf(now.connection),
      startLine: startLineOf(profiled(now.connection), now.key),
      host: new URL(url).host,
    }));
  return { connection, target };
}
