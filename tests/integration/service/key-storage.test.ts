/**
 * No API key is ever written to the service's data folder: not by a logged sync
 * request, not by async jobs (v1, v2) whose `d` holds `authorization` (as the official client
 * libraries send it), not by a `u` part. Every file is scanned, the SQLite database and its WAL
 * included, while the service runs and after it stopped.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jobStatusSchema } from '../../../shared/api';
import { DEFAULT_FIXTURES_DIR } from '../../fixtures/build';
import { multipart, rawRequest } from '../../support/service-process';
import { useService } from '../../support/hooks';
import { until } from '../../support/until';
import { pcmOfWav, wavOf } from '../../support/wav-header';

const CLIP = 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav';

const service = useService();

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** The files that hold any of the needles (as bytes, in any of the forms given). */
async function filesHolding(dir: string, needles: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of await filesUnder(dir)) {
    const bytes = await readFile(path);
    if (needles.some((needle) => bytes.includes(Buffer.from(needle)))) found.push(path);
  }
  return found;
}

async function send(path: string, parts: Parameters<typeof multipart>[0]) {
  const { body, contentType } = multipart(parts);
  return rawRequest(service.url, { path, headers: { 'Content-Type': contentType }, body });
}

async function finished(version: 1 | 2, sessionId: string, key: string) {
  return until(
    async () =>
      jobStatusSchema.parse(
        (
          await rawRequest(service.url, {
            method: 'GET',
            path: `/v${version}/recognitions/${sessionId}`,
            headers: { Authorization: `Bearer ${key}` },
          })
        ).json(),
      ),
    (job) => job.status === 'completed' || job.status === 'error',
  );
}

describe('API keys in the data folder', () => {
  it('are never stored, whichever way the key came', async () => {
    // A clip's first second: what is looked at is where the key goes, not the words (the 20
    // recognitions of the whole clip took 9 s of the tier's run).
    const audio = wavOf(
      pcmOfWav(await readFile(join(DEFAULT_FIXTURES_DIR, CLIP))).subarray(0, 32_000),
    );
    // A second key, issued through the API, so the key in d and the key in u differ.
    const issued = await rawRequest(service.url, {
      path: '/issue_service_authorization',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: Buffer.from(
        `sid=${encodeURIComponent(service.sid)}&spw=${encodeURIComponent(service.spw)}&epi=1d`,
      ),
    });
    expect(issued.status).toBe(200);
    const keys = [service.key, issued.body];
    const inD = (key: string) => `-a-general-en authorization=${encodeURIComponent(key)}`;
    const a = { name: 'a', value: audio, filename: 'clip.wav' };

    for (const key of keys) {
      const viaD = await send('/v1/recognize', [{ name: 'd', value: inD(key) }, a]);
      expect(viaD.json<{ code: string }>().code).toBe('');
      const viaU = await send('/v1/recognize', [
        { name: 'u', value: key },
        { name: 'd', value: '-a-general-en' },
        a,
      ]);
      expect(viaU.json<{ code: string }>().code).toBe('');
    }
    const jobs: Array<{ version: 1 | 2; sessionId: string; key: string }> = [];
    for (const version of [1, 2] as const) {
      for (const key of keys) {
        for (const parts of [
          [{ name: 'd', value: inD(key) }, a],
          [{ name: 'd', value: `${inD(key)} contentId=x compatibleWithSync=True` }, a],
          [{ name: 'u', value: key }, { name: 'd', value: '-a-general-en' }, a],
          // Both ways at once, with the key in d quoted rather than encoded.
          [
            { name: 'u', value: key },
            { name: 'd', value: `-a-general-en authorization="${key}"` },
            a,
          ],
        ]) {
          const created = await send(`/v${version}/recognitions`, parts);
          const { sessionid } = created.json<{ sessionid: string }>();
          expect(sessionid, created.body).toMatch(/^[0-9a-f]{24}$/);
          jobs.push({ version, sessionId: sessionid, key });
        }
      }
    }
    for (const job of jobs) {
      const final = await finished(job.version, job.sessionId, job.key);
      expect(final.status).toBe('completed');
    }

    // The logs and jobs hold the requests (so the scan has something to look at)...
    const files = await filesUnder(service.dataDir);
    expect(files.some((f) => f.includes(`${join('logs', '')}`))).toBe(true);
    expect(files.some((f) => f.endsWith('-wal'))).toBe(true);
    // ...and no key, in any form, while the service runs and after it checkpointed and stopped.
    const needles = keys.flatMap((key) => [key, encodeURIComponent(key)]);
    expect(await filesHolding(service.dataDir, needles)).toEqual([]);
    expect(await service.stop()).toBe(0);
    expect(await filesHolding(service.dataDir, needles)).toEqual([]);
  }, 300_000);
});
