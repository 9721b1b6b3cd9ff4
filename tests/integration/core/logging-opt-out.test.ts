/**
 * What the app sends for a connection's logging choice, recorded by a loopback proxy in front of
 * the real local service: with logging off, sync goes to /v1/nolog/recognize and an async job
 * carries loggingOptOut=True in d; with logging on, neither.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FIXTURES_DIR } from '../../fixtures/build';
import type { SeenRequest } from '../../support/fault-proxy';
import { removeDir, tempDir } from '../../support/service-process';
import { useProxiedCore } from '../../support/hooks';
import { sendOne } from '../../support/proxied-core';

const run = promisify(execFile);
const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');

const { proxy, core } = useProxiedCore({
  connections: [false, true].map((logging) => {
    const id = logging ? 'logged' : 'unlogged';
    return { id, name: id, keyLabel: id, logging };
  }),
});
let work: string;
/** Silence at 16 kHz mono just over 16 MB, so that it goes as an async job. */
let large: string;

beforeAll(async () => {
  work = await tempDir('kikitori-logging-');
  large = join(work, 'silence.wav');
  await run('sox', ['-n', '-r', '16000', '-c', '1', '-b', '16', large, 'trim', '0', '540']);
}, 120_000);

afterAll(async () => {
  await removeDir(work);
});

/** Sends one file on a connection and returns the POST the proxy saw for it. */
async function sent(path: string, connection: string): Promise<SeenRequest & { d: string }> {
  const { job, post, d } = await sendOne(
    { core, proxy },
    path,
    connection,
    (j) => j.status === 'completed' || j.status === 'failed' || j.sessionid !== undefined,
  );
  expect(job.status).not.toBe('failed');
  return { ...post, d };
}

describe('logging choice on the wire', { timeout: 180_000 }, () => {
  it('logging off: sync to /v1/nolog/recognize, async with loggingOptOut=True in d', async () => {
    const sync = await sent(CLIP, 'unlogged');
    expect(sync.path).toBe('/v1/nolog/recognize');
    expect(sync.d).not.toMatch(/loggingOptOut/);
    const job = await sent(large, 'unlogged');
    expect(job.path).toBe('/v2/recognitions');
    expect(job.d.split(' ')).toContain('loggingOptOut=True');
  });

  it('logging on: sync to /v1/recognize, async without loggingOptOut', async () => {
    const sync = await sent(CLIP, 'logged');
    expect(sync.path).toBe('/v1/recognize');
    const job = await sent(large, 'logged');
    expect(job.path).toBe('/v2/recognitions');
    expect(job.d).not.toMatch(/loggingOptOut/);
  });
});
