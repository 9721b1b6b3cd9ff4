/**
 * Vitest hooks that start what a whole test file uses before its tests and stop it after them.
 * Each returns a stand-in the file can keep in a `const` (see ./live).
 */
import { afterAll, beforeAll } from 'vitest';
import { live } from './live';
import { Core, type CoreOptions } from '../../core/core';
import {
  closeProxiedCore,
  openProxiedCore,
  sessionKeyStore,
  type ProxiedCore,
} from './proxied-core';
import { removeDir, startService, tempDir, type RunningService } from './service-process';
import { openWebHost, type WebHostSession } from './web-host-session';

type ServiceOptions = Parameters<typeof startService>[0];

/**
 * The real local service, stopped and its data folder removed after the file's (or the describe
 * block's) tests. `options` may be worked out when it starts, in a function.
 */
export function useService(
  options: ServiceOptions | (() => Promise<ServiceOptions>) = {},
): RunningService {
  let service: RunningService | undefined;
  beforeAll(async () => {
    service = await startService(typeof options === 'function' ? await options() : options);
  });
  afterAll(async () => {
    await service?.stop();
    if (service) await removeDir(service.dataDir);
  });
  return live(() => service, 'the local service');
}

/**
 * A web host session opened before this file's tests and closed after them. Its `host` stays the
 * same object across restarts, so a file can keep it in a `const`.
 */
export function useWebHost(
  prefix: string,
  beforeStart?: (dataDir: string) => Promise<unknown>,
): WebHostSession {
  let session: WebHostSession | undefined;
  beforeAll(async () => {
    session = await openWebHost(prefix, beforeStart);
  });
  afterAll(async () => {
    await session?.close();
  });
  const host = live(() => session?.host, 'the web host');
  return new Proxy(
    live(() => session, 'the web host session'),
    {
      get: (target, name) => (name === 'host' ? host : Reflect.get(target, name)),
    },
  );
}

type ProxiedCoreOptions = Omit<Parameters<typeof openProxiedCore>[0], 'dataDir'> & {
  /** The app's data folder (default: a temporary one, removed after the tests). */
  readonly dataDir?: string;
};

/**
 * A Core reaching the real local service through a FaultProxy (see ./proxied-core), opened before
 * the file's tests and closed after them. `options` may be worked out when it opens, in a function.
 */
export function useProxiedCore(
  options: ProxiedCoreOptions | (() => Promise<ProxiedCoreOptions>),
): ProxiedCore & {
  /** The app's data folder the Core runs on. */
  readonly dataDir: string;
  /** Starts the service again on its data folder with its key (after a test killed it), behind the same proxy. */
  restartService(): Promise<void>;
} {
  let parts: { -readonly [P in keyof ProxiedCore]: ProxiedCore[P] } | undefined;
  let dataDir: string | undefined;
  let ownDir: string | undefined;
  beforeAll(async () => {
    const resolved = typeof options === 'function' ? await options() : options;
    dataDir = resolved.dataDir ?? (ownDir = await tempDir('kikitori-app-'));
    parts = await openProxiedCore({ ...resolved, dataDir });
  });
  afterAll(async () => {
    if (parts) await closeProxiedCore(parts);
    if (ownDir) await removeDir(ownDir);
  });
  return {
    service: live(() => parts?.service, 'the local service'),
    proxy: live(() => parts?.proxy, 'the fault proxy'),
    core: live(() => parts?.core, 'the core'),
    get dataDir() {
      if (dataDir === undefined) throw new Error('the core is not open (read it inside a test)');
      return dataDir;
    },
    async restartService() {
      const { dataDir, key } = parts!.service;
      parts!.service = await startService({ dataDir, key });
      parts!.proxy.target = parts!.service.url;
    },
  };
}

/**
 * A Core on a fresh data folder (named `prefix`…) with keys in memory and no local service, for
 * tests of its handlers and of a host in front of it.
 */
export function useOfflineCore(
  prefix: string,
  options: Partial<Omit<CoreOptions, 'dataDir'>> = {},
): Core {
  let dataDir: string | undefined;
  let core: Core | undefined;
  beforeAll(async () => {
    dataDir = await tempDir(prefix);
    core = await Core.open({
      dataDir,
      keyStore: sessionKeyStore(),
      localService: false,
      ...options,
    });
  });
  afterAll(async () => {
    await core?.stop();
    if (dataDir) await removeDir(dataDir);
  });
  return live(() => core, 'the core');
}
