/**
 * API keys live in the keychain only. A short real run through the web host (private GNOME
 * Keyring, local service, transcriptions through two connections, one of them logging, a key
 * issued and one saved for the cloud) and then every file of the app's data folder and every line
 * the host printed is searched for every key used: none may appear.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../shared/domain/job';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import { until } from '../support/until';
import { loggedConnection } from '../support/connections';
import { useWebHost } from '../support/hooks';

const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');
/** A cloud key saved for the cloud connection (never sent: nothing is transcribed through it). */
const CLOUD_KEY = 'cloudkey-7f3a9c1e5b2d4f6a8c0e1b3d5f7a9c2e';

const web = useWebHost('kikitori-keys-');
const host = web.host;
const keys: string[] = [CLOUD_KEY];

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

async function transcribe(connection: string): Promise<Job> {
  const { jobs } = await host.call<{ jobs: Job[] }>('transcribe:files', {
    paths: [CLIP],
    connection,
  });
  const done = await until(
    () => host.call<{ job: Job }>('jobs:get', { id: jobs[0]!.id }),
    (value) => value.job.status === 'completed' || value.job.status === 'failed',
  );
  return done.job;
}

beforeAll(async () => {
  const { connections } = await host.call<{
    connections: Array<{ id: string; keyRef: string | null }>;
  }>('connections:list');
  const localRef = connections.find((c) => c.id === 'local')!.keyRef!;
  keys.push((await host.call<{ key: string }>('keys:reveal', { id: localRef })).key);

  const status = await host.call<{ url: string }>('service:status');
  const { key: issued } = await host.call<{ key: string }>('keys:issue', { epi: '1h' });
  keys.push(issued);
  await host.call('connections:save', {
    connection: loggedConnection('logged', 'Local service, logged', status.url),
  });
  await host.call('keys:add', { label: 'issued', key: issued, connection: 'logged' });
  await host.call('keys:add', { label: 'cloud', key: CLOUD_KEY, connection: 'cloud' });
  for (const connection of ['local', 'logged'])
    expect((await transcribe(connection)).status).toBe('completed');
  expect(await host.stop()).toBe(0);
}, 240_000);

describe('API keys outside the keychain', () => {
  it('used three distinct keys, each long enough to be found if written anywhere', () => {
    expect(new Set(keys).size).toBe(3);
    for (const key of keys) expect(key.length).toBeGreaterThanOrEqual(16);
  });

  it('appear in no file of the data folder (databases, logs, jobs, the service’s data)', async () => {
    const files = await filesUnder(web.dataDir);
    expect(files.length).toBeGreaterThan(0);
    const found: string[] = [];
    for (const file of files) {
      const bytes = await readFile(file);
      for (const key of keys) {
        for (const encoding of ['utf8', 'utf16le'] as const)
          if (bytes.includes(Buffer.from(key, encoding)))
            found.push(`${file} holds …${key.slice(-4)} (${encoding})`);
      }
    }
    expect(found).toEqual([]);
  });

  it('appear in nothing the host printed', () => {
    const printed = host.lines.join('\n');
    expect(printed.length).toBeGreaterThan(0);
    for (const key of keys) expect(printed).not.toContain(key);
  });
});
