/**
 * A Core (no bundled service, session key store) whose connections reach a real local service
 * through a FaultProxy, so that a test can cut, stall or watch every request the app sends.
 */
import { Core, type CoreOptions } from '../../core/core';
import { SessionKeyStore } from '../../core/key-store/key-store';
import type { Connection } from '../../shared/domain/connection';
import { appError } from '../../shared/domain/errors';
import { FaultProxy } from './fault-proxy';
import { removeDir, startService, type RunningService } from './service-process';

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
}): Promise<ProxiedCore> {
  let service: RunningService | undefined;
  let proxy: FaultProxy | undefined;
  let core: Core | undefined;
  try {
    service = await startService();
    proxy = await FaultProxy.start(service.url);
    core = await Core.open({
      dataDir: options.dataDir,
      keyStore: sessionKeyStore(),
      localService: false,
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
      await core.invoke('keys:add', {
        label: keyLabel,
        key: service.key,
        connection: connection.id,
      });
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
