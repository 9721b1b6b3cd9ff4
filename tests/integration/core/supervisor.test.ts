/**
 * The supervisor with the real local service: restarted with backoff when it dies or stops
 * answering, keeping its data and key, and reporting each step as `service:status`.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Core } from '../../../core/core';
import { SessionKeyStore } from '../../../core/key-store/key-store';
import { appError } from '../../../shared/domain/errors';
import { errorText } from '../../../shared/domain/error-text';
import type { EventPayload } from '../../../shared/ipc/contract';
import { DEFAULT_FIXTURES_DIR } from '../../fixtures/build';
import { removeDir, tempDir } from '../../support/service-process';
import { until } from '../../support/until';

const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');
type Status = EventPayload<'service:status'>;

/**
 * A core on a data folder of its own, opened before the tests of the block this is called in and
 * stopped after, its `service:status` events kept in `into`; `opened` is given it. A health check
 * that times out (`healthTimeoutMs`) kills the service and adds statuses the tests do not
 * expect; on a loaded machine a live service can take seconds to answer.
 */
function useCore(healthTimeoutMs: number, into: Status[], opened: (core: Core) => void): void {
  let dataDir: string;
  let held: Core | undefined;
  beforeAll(async () => {
    dataDir = await tempDir('kikitori-app-');
    held = await Core.open({
      dataDir,
      keyStore: new SessionKeyStore(appError('keychain-unavailable', {}, 'tests')),
      serviceTiming: { healthIntervalMs: 500, healthTimeoutMs, restartBaseMs: 250 },
    });
    held.subscribe((event, payload) => {
      if (event === 'service:status') into.push(payload as Status);
    });
    await held.start();
    opened(held);
  });
  afterAll(async () => {
    await held?.stop();
    await removeDir(dataDir);
  });
}

let core: Core;
const statuses: Status[] = [];
// Only a stopped service (SIGSTOP, below, on a core of its own) may miss this deadline.
useCore(20_000, statuses, (opened) => (core = opened));

const status = (of = core) => of.supervisor!.current();

async function transcribes(on = core): Promise<void> {
  const result = await on.invoke('transcribe:files', { paths: [CLIP] });
  if (!result.ok) throw new Error(errorText(result.error, 'en'));
  const { id } = result.data.jobs[0]!;
  const job = await until(
    () => on.journal.get(id)!,
    (j) => j.status === 'completed' || j.status === 'failed',
  );
  expect(job.status).toBe('completed');
}

describe('local service supervisor', () => {
  it('restarts the service when it is killed, on a new port, with the same key', async () => {
    const first = status();
    expect(first.state).toBe('running');
    const keyRef = core.connections.get('local')!.keyRef;
    const pid = core.supervisor!.pid()!;
    statuses.length = 0;
    process.kill(pid, 'SIGKILL');
    const back = await until(status, (s) => s.state === 'running' && s.url !== first.url);
    expect(core.supervisor!.pid()).not.toBe(pid);
    expect(statuses[0]).toMatchObject({
      state: 'restarting',
      problem: { code: 'local-service', params: { reason: 'exited' }, detail: 'SIGKILL' },
      retryInMs: 250,
    });
    expect(statuses.map((s) => s.state)).toEqual(['restarting', 'restarting', 'running']);
    expect(core.connections.get('local')).toMatchObject({ baseUrl: back.url, keyRef });
    await transcribes();
  });

  it('backs off when the service keeps dying right after it starts', async () => {
    statuses.length = 0;
    for (let i = 0; i < 3; i++) {
      const before = status();
      const pid = core.supervisor!.pid()!;
      process.kill(pid, 'SIGKILL');
      await until(status, (s) => s.state === 'running' && s.url !== before.url);
    }
    const delays = statuses
      .filter((s) => s.state === 'restarting' && s.retryInMs !== undefined)
      .map((s) => s.retryInMs);
    expect(delays).toEqual([expect.any(Number), expect.any(Number), expect.any(Number)]);
    // Each death soon after a start doubles the wait.
    expect(delays[1]).toBe(delays[0]! * 2);
    expect(delays[2]).toBe(delays[1]! * 2);
  });
});

describe('a service that stops answering', () => {
  // The product's own health-check deadline (5 s), on a core of its own: the 20 s above, waited
  // out here, made this the slowest case of the file.
  let stalling: Core;
  const seen: Status[] = [];
  useCore(5_000, seen, (opened) => (stalling = opened));

  it('restarts a service that stops answering its health check', async () => {
    const before = status(stalling);
    const pid = stalling.supervisor!.pid()!;
    seen.length = 0;
    process.kill(pid, 'SIGSTOP');
    const back = await until(
      () => status(stalling),
      (s) => s.state === 'running' && s.url !== before.url,
    );
    expect(seen[0]).toMatchObject({
      state: 'restarting',
      problem: { code: 'local-service', params: { reason: 'stopped-answering' } },
      retryInMs: expect.any(Number),
    });
    expect(back.url).not.toBe(before.url);
    await transcribes(stalling);
  });
});
