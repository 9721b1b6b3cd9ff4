/**
 * Speaker labels on a direct (sync) request against the cloud's answer as recorded
 * (tests/support/diarized.ts), served by an HTTP test server shaped like docs/api.md §3: a cloud
 * connection with "Label who speaks" on sends `segmenterProperties=useDiarizer=1` in its `d`
 * (sync, not as a job), and the result keeps each word's speaker.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiClient } from '../../../core/api-client/api-client';
import { dOf } from '../../../core/jobs/request-d';
import { DIARIZED_SYNC_BODY, labellingCloud } from '../../support/diarized';
import { removeDir, tempDir } from '../../support/service-process';
import { wavOf } from '../../support/wav-header';

let server: Server;
let base: string;
let work: string;
const requests: Array<{ url: string; body: string }> = [];

beforeAll(async () => {
  work = await tempDir('kikitori-sync-diarized-');
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({ url: req.url ?? '', body: Buffer.concat(chunks).toString('latin1') });
      res.writeHead(200, {
        'content-type': 'application/json; charset=UTF-8',
        'x-session-id': '017c25ec12c00a304474a999',
      });
      res.end(DIARIZED_SYNC_BODY);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await removeDir(work);
});

it('a direct request with "Label who speaks" asks for labels, and its words keep their speakers', async () => {
  const connection = labellingCloud(base);
  const file = join(work, 'meeting.wav');
  await writeFile(file, wavOf(Buffer.alloc(32_000)));
  const client = new ApiClient({ baseUrl: base, asyncUrl: base, key: 'KEY' });
  const result = await client.recognize({
    filePath: file,
    d: dOf(connection, 'sync'),
    logging: true,
  });
  expect(requests).toHaveLength(1);
  expect(requests[0]!.url).toBe('/v1/recognize');
  expect(requests[0]!.body).toMatch(/segmenterProperties=(%22|")?useDiarizer(%3D|=)1/);
  expect(result.sessionId).toBe('017c25ec12c00a304474a999');
  expect(result.results.map((u) => [...new Set(u.tokens.map((t) => t.label))])).toEqual([
    ['speaker0'],
    ['speaker1', 'speaker0'],
    ['speaker0'],
  ]);
});
