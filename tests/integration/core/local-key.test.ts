/**
 * The Local connection's key with the real local service: a lost key is replaced on the same
 * account (nothing set aside), a failing keychain is reported and retried, and work submitted
 * while the service (re)starts waits for it within a bound.
 */
import Database from 'better-sqlite3';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppFailure, appError } from '../../../shared/domain/errors';
import { Core, PROGRAM, type CoreOptions } from '../../../core/core';
import { SessionKeyStore, type KeyStore } from '../../../core/key-store/key-store';
import { childProcessLauncher } from '../../../core/supervisor/local-service';
import type { Job } from '../../../shared/domain/job';
import type { EventPayload } from '../../../shared/ipc/contract';
import { DEFAULT_FIXTURES_DIR } from '../../fixtures/build';
import { removeDir, tempDir } from '../../support/service-process';
import { until } from '../../support/until';

const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');
type Status = EventPayload<'service:status'>;

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function appDir(): Promise<string> {
  const dir = await tempDir('kikitori-app-');
  cleanup.push(() => removeDir(dir));
  return dir;
}

async function openCore(options: CoreOptions): Promise<Core> {
  const core = await Core.open(options);
  cleanup.push(() => core.stop());
  return core;
}

async function call<T>(core: Core, channel: string, input: unknown = {}): Promise<T> {
  const result = await core.dispatch(channel, input, PROGRAM);
  if (!result.ok) throw new AppFailure(result.error);
  return result.data as T;
}

async function transcribe(core: Core): Promise<Job> {
  const { jobs } = await call<{ jobs: Job[] }>(core, 'transcribe:files', { paths: [CLIP] });
  return until(
    () => core.journal.get(jobs[0]!.id)!,
    (j) => j.status === 'completed' || j.status === 'failed',
  );
}

/** The service's accounts and keys, read from its own database. */
function serviceAccounts(dataDir: string) {
  const db = new Database(join(dataDir, 'service', 'service.sqlite'), { readonly: true });
  try {
    return {
      sids: (db.prepare('SELECT sid FROM accounts').all() as Array<{ sid: string }>).map(
        (r) => r.sid,
      ),
      issuable: (
        db.prepare('SELECT COUNT(*) AS n FROM api_keys WHERE issuable = 1').get() as { n: number }
      ).n,
    };
  } finally {
    db.close();
  }
}

describe('the Local connection key', () => {
  it('gives the same account a new key when the key was deleted, keeping its jobs and dictionary', async () => {
    const dataDir = await appDir();
    const keys = new SessionKeyStore(appError('keychain-unavailable', {}, 'tests'));
    const first = await openCore({ dataDir, keyStore: keys });
    await first.start();
    const done = await transcribe(first);
    expect(done.status).toBe('completed');
    const words = [{ written: 'Marianne', spoken: 'mary ann' }];
    await call(first, 'dictionary:setWords', {
      engine: '-a-general-en',
      profileId: 'kept',
      words,
    });
    const before = serviceAccounts(dataDir);
    expect(before).toEqual({ sids: [expect.any(String)], issuable: 1 });
    const oldRef = first.connections.get('local')!.keyRef!;
    expect(await call(first, 'keys:remove', { id: oldRef })).toEqual({ removed: true });
    // Right away, while the app runs: the service restarts and the account gets a new key.
    const renewed = await until(
      () => first.connections.get('local')!,
      (c) => c.keyRef !== null && c.baseUrl !== '',
    );
    expect(renewed.keyRef).not.toBe(oldRef);
    expect(serviceAccounts(dataDir)).toEqual({ sids: before.sids, issuable: 2 });
    expect((await transcribe(first)).status).toBe('completed');
    // And again with the app closed: the next start gives it another one.
    expect(await call(first, 'keys:remove', { id: renewed.keyRef })).toEqual({ removed: true });
    await first.stop();

    const second = await openCore({ dataDir, keyStore: keys });
    await second.start();
    expect(second.supervisor!.current().state).toBe('running');
    const newRef = second.connections.get('local')!.keyRef;
    expect(newRef).toEqual(expect.any(String));
    expect(newRef).not.toBe(renewed.keyRef);
    // Same account, one more key; the dictionary and the old job are still there.
    expect(serviceAccounts(dataDir)).toEqual({ sids: before.sids, issuable: 3 });
    expect(
      await call(second, 'dictionary:getWords', { engine: '-a-general-en', profileId: 'kept' }),
    ).toEqual({ words });
    expect(await call(second, 'jobs:get', { id: done.id })).toMatchObject({
      job: { status: 'completed' },
      transcript: { text: expect.stringMatching(/He might even have been made/) },
    });
    expect((await transcribe(second)).status).toBe('completed');
    expect((await readdir(dataDir)).filter((name) => name.includes('without-key'))).toEqual([]);
  });

  it('reports a keychain that fails while the first key is filed, and files it once it works', async () => {
    const dataDir = await appDir();
    const session = new SessionKeyStore(appError('keychain-unavailable', {}, 'tests'));
    let failures = 2;
    const failing: KeyStore = {
      kind: 'keychain',
      notice: undefined,
      list: () => session.list(),
      remove: (id) => session.remove(id),
      reveal: (id) => session.reveal(id),
      find: (id) => session.find(id),
      bind: (id, service) => session.bind(id, service),
      add: async (input) => {
        if (failures-- > 0) throw new Error('no Secret Service answered');
        return session.add(input);
      },
    };
    const core = await openCore({
      dataDir,
      keyStore: failing,
      serviceTiming: { keyRetryBaseMs: 200 },
    });
    const statuses: Status[] = [];
    core.subscribe((event, payload) => {
      if (event === 'service:status') statuses.push(payload as Status);
    });
    // start() answers at the first report of the failing keychain, not only once it is stored.
    await core.start();
    expect(statuses.find((s) => s.problem)).toMatchObject({
      state: 'starting',
      problem: {
        code: 'local-service',
        params: { reason: 'key-not-stored' },
        detail: expect.stringMatching(/no Secret Service/),
      },
      retryInMs: expect.any(Number),
    });
    await until(
      () => core.supervisor!.current(),
      (s) => s.state === 'running',
    );
    expect(statuses.filter((s) => s.problem?.params.reason === 'key-not-stored')).toHaveLength(2);
    const keyRef = core.connections.get('local')!.keyRef!;
    expect((await session.list()).map((k) => k.id)).toEqual([keyRef]);
    expect(serviceAccounts(dataDir).issuable).toBe(1);
    expect((await transcribe(core)).status).toBe('completed');
  });
});

describe('work submitted while the local service is not up', () => {
  it('waits, visibly, for a restarting service instead of failing with a network error', async () => {
    const dataDir = await appDir();
    const core = await openCore({
      dataDir,
      keyStore: new SessionKeyStore(appError('keychain-unavailable', {}, 'tests')),
      serviceTiming: { restartBaseMs: 2_000 },
    });
    const changes: Job[] = [];
    core.subscribe((event, payload) => {
      if (event === 'jobs:changed') changes.push((payload as { job: Job }).job);
    });
    await core.start();
    process.kill(core.supervisor!.pid()!, 'SIGKILL');
    await until(
      () => core.supervisor!.current(),
      (s) => s.state === 'restarting',
    );
    const done = await transcribe(core);
    expect(done.status).toBe('completed');
    expect(done.pollProblem).toBeUndefined();
    expect(changes.filter((j) => j.id === done.id).map((j) => j.pollProblem?.code)).toContain(
      'service-starting',
    );
  });

  it('a file sent while the service first starts waits for it in the core, visibly, and completes', async () => {
    // The window sends a dropped file at once (renderer/src/store/transcribe-slice.ts): the
    // core's job is the one thing that waits for the local service.
    const dataDir = await appDir();
    const core = await openCore({
      dataDir,
      keyStore: new SessionKeyStore(appError('keychain-unavailable', {}, 'tests')),
    });
    const changes: Job[] = [];
    core.subscribe((event, payload) => {
      if (event === 'jobs:changed') changes.push((payload as { job: Job }).job);
    });
    // Sent before the service is started at all: the job says it waits, then the service starts.
    const submitted = transcribe(core);
    await until(
      () => changes.some((j) => j.pollProblem?.code === 'service-starting'),
      (waiting) => waiting,
    );
    await core.start();
    const done = await submitted;
    expect(done.status).toBe('completed');
    expect(done.pollProblem).toBeUndefined();
    expect(changes.filter((j) => j.id === done.id).map((j) => j.pollProblem?.code)).toContain(
      'service-starting',
    );
  });

  it('fails with a clear error when the service does not come up within the bound', async () => {
    const dataDir = await appDir();
    const silent = join(dataDir, 'silent-service.mjs');
    await writeFile(silent, 'setInterval(() => {}, 1000);\n');
    const core = await openCore({
      dataDir,
      keyStore: new SessionKeyStore(appError('keychain-unavailable', {}, 'tests')),
      serviceLauncher: childProcessLauncher({ file: process.execPath, args: [silent] }),
      serviceWaitMs: 1_500,
    });
    void core.start();
    const failed = await transcribe(core);
    expect(failed).toMatchObject({
      status: 'failed',
      error: { code: 'service-not-started', params: { seconds: 2 } },
    });
    expect(failed.pollProblem).toBeUndefined();
  });
});
