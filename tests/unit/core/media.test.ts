/**
 * The player's media for the Electron host (app://kikitori/media/<job id>): the job's own file as
 * a web Response with HTTP Range, the same answer the web host gives over HTTP.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaResponse } from '../../../core/media/media';
import type { Job } from '../../../shared/domain/job';
import { wavHeader } from '../../support/wav-header';

let dir: string;
let job: Job;
// A WAV header and 56 bytes of samples: 100 bytes in all.
const bytes = Buffer.concat([wavHeader(56), Buffer.from(Array.from({ length: 56 }, (_, i) => i))]);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kikitori-media-'));
  const path = join(dir, 'talk.wav');
  await writeFile(path, bytes);
  job = { file: { path, name: 'talk.wav', size: bytes.length, container: 'wav' } } as Job;
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const get = (headers: Record<string, string> = {}, method = 'GET') =>
  new Request('app://kikitori/media/j1', { method, headers });

describe('media for the Electron host', () => {
  it('serves the whole file with its type and says ranges are accepted', async () => {
    const res = await mediaResponse(job, get());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/wav');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
  });

  it('serves a byte range as 206 with its Content-Range', async () => {
    const res = await mediaResponse(job, get({ Range: 'bytes=10-19' }));
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('bytes 10-19/100');
    expect(res.headers.get('content-length')).toBe('10');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes.subarray(10, 20));
  });

  it('answers 416 for a range past the end, 404 for an unknown job, and no body to HEAD', async () => {
    const past = await mediaResponse(job, get({ Range: 'bytes=200-' }));
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */100');
    expect((await mediaResponse(undefined, get())).status).toBe(404);
    const head = await mediaResponse(job, get({}, 'HEAD'));
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
  });
});
