/**
 * The real core for live tests: no local service of its own, the one test service reached
 * directly as a cloud connection (`direct`, with its key, active), and a short reconnect backoff.
 */
import { Core, type CoreOptions } from '../../core/core';
import { sessionKeyStore } from './proxied-core';
import type { RunningService } from './service-process';

export async function openLiveCore(
  dataDir: string,
  service: RunningService,
  /** More of the core's options (calls noticed on a test's sound server, the usage clock…). */
  more: Partial<CoreOptions> = {},
): Promise<Core> {
  const core = await Core.open({
    ...more,
    dataDir,
    keyStore: sessionKeyStore(),
    localService: false,
    liveRecognizer: { backoffMs: [100] },
    ...more,
  });
  const local = core.connections.get('local')!;
  await core.connections.save({
    ...local,
    id: 'direct',
    name: 'Direct',
    kind: 'cloud',
    baseUrl: service.url,
    asyncUrl: service.url,
    logging: true,
  });
  const added = await core.invoke('keys:add', {
    label: 'test',
    key: service.key,
    connection: 'direct',
  });
  if (!added.ok) throw new Error(added.error.code);
  await core.connections.setActive('direct');
  return core;
}
