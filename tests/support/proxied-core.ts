/**
 * A Core (no bundled service, session key store) whose connections reach a real local service
 * through a FaultProxy, so that a test can cut, stall or watch every request the app sends.
 */
import { Core, type CoreOptions } from '../../core/core';
import { SessionKeyStore } from '../../core/key-store/key-store';
import type { Connection } from '../../shared/domain/connection';
import { appError } from '../../shared/domain/errors';
import { errorText } from '../../shared/domain/error-text';
import type { Job } from '../../shared/domain/job';
import { FaultProxy, type SeenRequest } from './fault-proxy';
import { removeDir, startService, type RunningService } from './service-process';
import { until } from './until';

/** The key store a test's Core uses where no keychain is wanted: keys held in memory only. */
export const sessionKeyStore = () =>
  new SessionKeyStore(appError('keychain-unavailable', {}, 'tests'));

export interface ProxiedCore {
  readonly service: RunningService;
  readonly proxy: FaultProxy;
  readonly core: Core;
}

interface ProxiedConnection extends Partial<Connection> {
  readonly id: string;
  readonly name: string;
  /** The label of the service's key saved for this connection (default "test"). */
  readonly keyLabel?: string;
}

/**
 * Starts the service and the proxy, opens the Core on `dataDir` and saves each connection (a copy
 * of the built-in local one pointed at the proxy, with the service's key). The first connection
 * becomes the active one when `activate` is set.
 */
export async function openProxiedCore(options: {
  readonly dataDir: string;
  readonly connections: readonly ProxiedConnection[];
  readonly activate?: boolean;
  readonly core?: Partial<Omit<CoreOptions, 'dataDir'>>;
  /** The service's own command-line options (`--workers 1`, …). */
  readonly serviceArgs?: readonly string[];
}): Promise<ProxiedCore> {
  let service: RunningService | undefined;
  let proxy: FaultProxy | undefined;
  let core: Core | undefined;
  try {
    service = await startService({ args: [...(options.serviceArgs ?? [])] });
    proxy = await FaultProxy.start(service.url);
    core = await Core.open({
      dataDir: options.dataDir,
      keyStore: sessionKeyStore(),
      localService: false,
      // A job's status asked every 100–400 ms, not the app's 2 s growing to 30 s: a test waits for
      // a job's end, not for the poll after it (after a 10 s decode, the app's next poll comes at
      // 16.3 s). A test of polling itself says its own.
      pollMinMs: 100,
      pollMaxMs: 400,
      ...options.core,
    });
    const local = core.connections.get('local')!;
    for (const { keyLabel = 'test', ...connection } of options.connections) {
      await core.connections.save({
        ...local,
        kind: 'cloud',
        baseUrl: proxy.url,
        asyncUrl: proxy.url,
        ...connection,
      });
      const added = await core.invoke('keys:add', {
        label: keyLabel,
        key: service.key,
        connection: connection.id,
      });
      if (!added.ok) throw new Error(`the test key was not added: ${added.error.code}`);
    }
    if (options.activate) await core.connections.setActive(options.connections[0]!.id);
    return { service, proxy, core };
  } catch (error) {
    await closeProxiedCore({ service, proxy, core });
    throw error;
  }
}

/** Stops what is running (the service as it is now: a test may have restarted it) and removes its data. */
export async function closeProxiedCore(parts: {
  readonly service?: RunningService | undefined;
  readonly proxy?: FaultProxy | undefined;
  readonly core?: Core | undefined;
}): Promise<void> {
  await parts.core?.stop();
  await parts.proxy?.close();
  await parts.service?.stop();
  if (parts.service) await removeDir(parts.service.dataDir);
}

/**
 * Sends one file on a connection through the Core and waits until `settled` holds for its job;
 * answers the job, the one POST the proxy saw for it, and the `d` that POST carried.
 */
export async function sendOne(
  { core, proxy }: Pick<ProxiedCore, 'core' | 'proxy'>,
  path: string,
  connection: string,
  settled: (job: Job) => boolean,
  timeoutMs?: number,
): Promise<{ job: Job; post: SeenRequest; d: string }> {
  const before = proxy.seen.length;
  const result = await core.invoke('transcribe:files', { paths: [path], connection });
  if (!result.ok) throw new Error(errorText(result.error, 'en'));
  const { id } = result.data.jobs[0]!;
  const job = await until(() => core.journal.get(id)!, settled, { timeoutMs });
  const posts = proxy.seen.slice(before).filter((r) => r.method === 'POST');
  if (posts.length !== 1) throw new Error(`${posts.length} POSTs for one file`);
  const d = /name="d"\r\n\r\n([^\r]*)\r\n/.exec(posts[0]!.head)?.[1];
  if (d === undefined) throw new Error(`no d in ${posts[0]!.head.slice(0, 300)}`);
  return { job, post: posts[0]!, d };
}
