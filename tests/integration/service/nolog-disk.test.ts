/**
 * `/v1/nolog/recognize` writes nothing at all: the service's data folder and its
 * temporary folder are watched during the request, so even a file written and deleted before
 * the reply is caught, for a WAV and for formats decoded through ffmpeg. The same watch is shown
 * to catch the log of `/v1/recognize` and the short-lived upload file of a refused async job.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_FIXTURES_DIR } from '../../fixtures/build';
import { exchange, parseResponses } from '../../support/raw-http';
import { multipart, rawRequest, removeDir, tempDir } from '../../support/service-process';
import { useService } from '../../support/hooks';
import { listing, TreeWatcher } from '../../support/tree-watch';

let serviceTmp: string;
const service = useService(async () => {
  serviceTmp = await tempDir('kikitori-service-tmp-');
  return { env: { TMPDIR: serviceTmp } };
});
afterAll(async () => {
  await removeDir(serviceTmp);
});

/** What happened on disk, in the data folder and the service's temporary folder, during `act`. */
async function diskActivity<T>(act: () => Promise<T>) {
  const roots = [service.dataDir, serviceTmp];
  const before = await Promise.all(roots.map(listing));
  const watcher = await TreeWatcher.start(roots);
  try {
    const result = await act();
    const events = await watcher.settle();
    const after = await Promise.all(roots.map(listing));
    return { result, events, before, after };
  } finally {
    watcher.close();
  }
}

const recognizeFile = async (path: string, fixture: string) => {
  const { body, contentType } = multipart([
    { name: 'u', value: service.key },
    { name: 'd', value: '-a-general-en' },
    { name: 'a', value: await readFile(join(DEFAULT_FIXTURES_DIR, fixture)), filename: 'audio' },
  ]);
  return rawRequest(service.url, { path, headers: { 'Content-Type': contentType }, body });
};

describe('what a recognition request writes to disk', () => {
  it.each([
    'librivox/sense_and_sensibility_01_austen_64kb-0930.wav',
    'formats/flac-16k.flac',
    'formats/mp3-16k.mp3',
  ])('/v1/nolog/recognize with %s writes nothing, not even for a moment', async (fixture) => {
    const { result, events, before, after } = await diskActivity(() =>
      recognizeFile('/v1/nolog/recognize', fixture),
    );
    const answer = result.json<{ code: string; text: string }>();
    expect(answer.code).toBe('');
    expect(answer.text).not.toBe('');
    expect(events).toEqual([]);
    expect(after).toEqual(before);
  });

  it('the same watch catches the log that /v1/recognize writes', async () => {
    const { result, events } = await diskActivity(() =>
      recognizeFile('/v1/recognize', 'formats/flac-16k.flac'),
    );
    const sessionId = String(result.headers['x-session-id']);
    expect(events.some((e) => e.includes(`logs/${sessionId}.audio`))).toBe(true);
  });

  it('the same watch catches a file written and deleted before the reply', async () => {
    // An async upload cut off inside its audio: the upload file is created, then removed before
    // the refusal is sent, so the listings before and after are the same.
    const d = `-a-general-en authorization=${encodeURIComponent(service.key)}`;
    const body = `--zz\r\nContent-Disposition: form-data; name="d"\r\n\r\n${d}\r\n--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\nRIFF`;
    const { result, events, before, after } = await diskActivity(() =>
      exchange(service.port, [
        Buffer.from(
          `POST /v2/recognitions HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: multipart/form-data; boundary=zz\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
        ),
      ]),
    );
    expect(parseResponses(result.received)[0]!.status).toBe(400);
    const files = (list: string[][]) => list.map((l) => l.filter((e) => !/ dir /.test(e)));
    expect(files(after)).toEqual(files(before));
    expect(events.some((e) => /jobs\/[0-9a-f]{24}\.audio /.test(e))).toBe(true);
  });

  it('a refused async upload (no key) touches no disk at all', async () => {
    const { body, contentType } = multipart([
      { name: 'd', value: '-a-general-en' },
      { name: 'a', value: Buffer.alloc(200_000, 1), filename: 'audio' },
    ]);
    const { result, events, before, after } = await diskActivity(() =>
      rawRequest(service.url, {
        path: '/v2/recognitions',
        headers: { 'Content-Type': contentType },
        body,
      }),
    );
    expect(result.json<{ code: string }>().code).toBe('-');
    expect(events).toEqual([]);
    expect(after).toEqual(before);
  });
});
