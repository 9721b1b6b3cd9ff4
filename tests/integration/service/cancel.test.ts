/**
 * A recognition nobody waits for any more stops on the local service: a direct request whose
 * client goes away, and a job deleted (its DELETE, docs/api.md §4). Measured as the processor time
 * the service and its decoders spend after the cancel (read from /proc, so a busy machine slows
 * the test but does not change the measure): before, the whole file was decoded regardless (a
 * cancelled 10-minute job kept two decoders busy for 90 s).
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FIXTURES_DIR, loadFixtures } from '../../fixtures/build';
import { multipart, rawRequest, removeDir, tempDir } from '../../support/service-process';
import { useService } from '../../support/hooks';
import { treeCpuSeconds } from '../../support/cpu-reporter';
import { until } from '../../support/until';

const run = promisify(execFile);
const manifest = await loadFixtures();
const librivox = manifest.fixtures.filter((f) => f.kind === 'librivox');

const service = useService();
let work: string;
let audio: Buffer;
/** Processor seconds the service spends on the whole file (measured once, in the first test). */
let wholeCpu: number;

beforeAll(async () => {
  work = await tempDir('kikitori-cancel-');
  const silence = join(work, 'silence.wav');
  await run('sox', ['-n', '-r', '16000', '-c', '1', '-b', '16', silence, 'trim', '0', '0.7']);
  // The five clips (about 25 s of speech) twice over: 50 s in short pieces, enough that the
  // pieces already on the decoders when a cancel comes are a small part of the whole (on a fresh
  // machine, 1.7 s and 3.6 s of processor time after a cancel, against 21 s for three times over).
  const parts: string[] = [];
  for (let i = 0; i < 2; i++)
    for (const clip of librivox) parts.push(join(DEFAULT_FIXTURES_DIR, clip.path), silence);
  const path = join(work, 'long.wav');
  await run('sox', [...parts, path]);
  audio = await readFile(path);
});
afterAll(async () => {
  await removeDir(work);
});

/** utime + stime (seconds) of the service and every process under it (its decoders). */
const cpuSeconds = (root: number) => treeCpuSeconds(root, { reaped: false });

/** Waits until the service spends no processor time for a second, and says how much it spent. */
async function idleAfter(root: number, from: number): Promise<number> {
  let last = await cpuSeconds(root);
  let still = 0;
  await until(
    async () => {
      const now = await cpuSeconds(root);
      still = now - last < 0.02 ? still + 1 : 0;
      last = now;
      return still;
    },
    (quiet) => quiet >= 4,
    { timeoutMs: 300_000, everyMs: 250 },
  );
  return last - from;
}

function sendSync(): { done: Promise<number>; abort: () => void } {
  const { body, contentType } = multipart([
    { name: 'u', value: service.key },
    { name: 'd', value: '-a-general-en' },
    { name: 'a', value: audio, filename: 'long.wav', type: 'application/octet-stream' },
  ]);
  const url = new URL('/v1/nolog/recognize', service.url);
  const req = request(url, {
    method: 'POST',
    headers: { 'Content-Type': contentType, 'Content-Length': body.length },
  });
  const done = new Promise<number>((resolve, reject) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
  req.end(body);
  return { done, abort: () => req.destroy() };
}

describe('cancelling on the local service', () => {
  it('decodes a whole file, for the measure (and answers it)', async () => {
    const pid = service.process.pid!;
    const before = await cpuSeconds(pid);
    expect(await sendSync().done).toBe(200);
    wholeCpu = await idleAfter(pid, before);
    console.info(`the whole file: ${wholeCpu.toFixed(1)} s of processor time`);
    expect(wholeCpu).toBeGreaterThan(5);
  }, 360_000);

  it('stops decoding a direct request whose client has gone', async () => {
    const pid = service.process.pid!;
    const start = await cpuSeconds(pid);
    const sent = sendSync();
    sent.done.catch(() => undefined);
    // Once decoding is under way (a tenth of the whole file's work), the client goes.
    await until(
      () => cpuSeconds(pid),
      (spent) => spent - start > wholeCpu / 10,
      { timeoutMs: 300_000, everyMs: 100 },
    );
    sent.abort();
    const after = await idleAfter(pid, await cpuSeconds(pid));
    // The pieces on the decoders finish; the rest are never decoded (before, about nine tenths
    // of the whole file's work came after the cancel).
    console.info(`after the client went: ${after.toFixed(1)} s of processor time`);
    expect(after).toBeLessThan(wholeCpu / 2);
  }, 360_000);

  it('stops and deletes a job on DELETE of its own account; it is then unknown', async () => {
    const pid = service.process.pid!;
    const { body, contentType } = multipart([
      { name: 'u', value: service.key },
      { name: 'd', value: '-a-general-en' },
      { name: 'a', value: audio, filename: 'long.wav', type: 'application/octet-stream' },
    ]);
    const start = await cpuSeconds(pid);
    const created = await rawRequest(service.url, {
      method: 'POST',
      path: '/v2/recognitions',
      headers: { 'Content-Type': contentType },
      body,
    });
    const { sessionid } = JSON.parse(created.body) as { sessionid: string };
    const bearer = { Authorization: `Bearer ${service.key}` };
    await until(
      () => cpuSeconds(pid),
      (spent) => spent - start > wholeCpu / 10,
      { timeoutMs: 300_000, everyMs: 100 },
    );
    const path = `/v2/recognitions/${sessionid}`;
    // No key, or another account's: refused, and the job goes on.
    expect((await rawRequest(service.url, { method: 'DELETE', path })).status).toBe(401);
    const { AccountStore } = await import('../../../service/keys/accounts');
    const db = new Database(join(service.dataDir, 'service.sqlite'));
    const other = new AccountStore(db).createAccount();
    db.close();
    const foreign = await rawRequest(service.url, {
      method: 'DELETE',
      path,
      headers: { Authorization: `Bearer ${other.apiKey}` },
    });
    expect(foreign.status).toBe(404);
    const still = await rawRequest(service.url, { method: 'GET', path, headers: bearer });
    expect(JSON.parse(still.body)).toMatchObject({
      status: expect.stringMatching(/^(started|processing)$/),
    });
    const deleted = await rawRequest(service.url, { method: 'DELETE', path, headers: bearer });
    expect(deleted.status).toBe(204);
    const after = await idleAfter(pid, await cpuSeconds(pid));
    console.info(`after the job was deleted: ${after.toFixed(1)} s of processor time`);
    expect(after).toBeLessThan(wholeCpu / 2);
    const status = await rawRequest(service.url, { method: 'GET', path, headers: bearer });
    expect(status.status).toBe(404);
    // Another account's key, or a session nobody has: 404, as for its status.
    const unknown = await rawRequest(service.url, {
      method: 'DELETE',
      path: '/v2/recognitions/0123456789abcdef01234567',
      headers: bearer,
    });
    expect(unknown.status).toBe(404);
  }, 360_000);
});
