import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobStatusSchema, LIMITS } from '../../../shared/api';
import { decodeStream } from '../../../service/audio/decode';
import { multipart, rawRequest, removeDir, tempDir } from '../../support/service-process';
import { useService } from '../../support/hooks';
import { until } from '../../support/until';
import { peakRssMiB } from '../../support/raw-http';
import { wavHeader } from '../../support/wav-header';

const run = promisify(execFile);
let work: string;
/** Two hours of digital silence as FLAC: about a megabyte that decodes to 230 MB of PCM. */
let longFlac: string;

beforeAll(async () => {
  work = await tempDir('kikitori-limits-');
  longFlac = join(work, 'silence-2h.flac');
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'],
    ...['-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '7200', '-c:a', 'flac', longFlac],
  ]);
}, 180_000);
afterAll(async () => {
  await removeDir(work);
});

/** A source that counts what was taken from it. */
function counted(source: AsyncIterable<Uint8Array>) {
  const taken = { bytes: 0, chunks: 0 };
  return {
    taken,
    stream: (async function* () {
      for await (const chunk of source) {
        taken.bytes += chunk.length;
        taken.chunks++;
        yield chunk;
      }
    })(),
  };
}

/** Endless header-less audio, one second a chunk. */
async function* endless(bytesPerSecond: number, header?: Uint8Array) {
  if (header) yield header;
  for (;;) yield new Uint8Array(bytesPerSecond);
}

const peakRssBytes = async (pid: number) => (await peakRssMiB(pid)) * 1024 * 1024;

describe('the decoded length is bounded while decoding', () => {
  it.each([
    ['raw LSB16K', 'LSB16K', 32_000, undefined],
    ['raw LSB48K (resampled)', 'LSB48K', 96_000, undefined],
    ['WAV declaring 2 GB', undefined, 32_000, wavHeader(0x7fff_ffff)],
  ])('%s: refused with %% after the bound, never reading on', async (_name, c, rate, header) => {
    const source = counted(endless(rate, header));
    let sunk = 0;
    const result = await decodeStream(source.stream, c, (pcm) => void (sunk += pcm.length), {
      maxSeconds: 10,
      sync: true,
    });
    expect(result).toMatchObject({ ok: false, error: { code: '%', reason: 'too-long' } });
    if (!result.ok)
      expect(result.error.message).toBe(
        'received too large audio data (the audio is longer than the limit of 10 seconds for a sync request: send longer audio as an async job)',
      );
    expect(sunk).toBeLessThanOrEqual(10 * 16_000);
    expect(source.taken.chunks).toBeLessThanOrEqual(13);
  });

  it('takes audio up to the bound', async () => {
    async function* nine() {
      for (let i = 0; i < 9; i++) yield new Uint8Array(32_000);
    }
    const result = await decodeStream(nine(), 'LSB16K', () => {}, { maxSeconds: 10 });
    expect(result).toMatchObject({ ok: true, data: { samples: 9 * 16_000 } });
  });

  it('stops ffmpeg and its input at the bound: two hours of FLAC with a one-minute bound', async () => {
    const size = (await stat(longFlac)).size;
    const source = counted(createReadStream(longFlac, { highWaterMark: 16 * 1024 }));
    let sunk = 0;
    const result = await decodeStream(
      source.stream,
      undefined,
      (pcm) => void (sunk += pcm.length),
      {
        maxSeconds: 60,
      },
    );
    expect(result).toMatchObject({ ok: false, error: { code: '%', reason: 'too-long' } });
    expect(sunk).toBeLessThanOrEqual(60 * 16_000);
    expect(source.taken.bytes).toBeLessThan(size / 2);
  });
});

describe('the service refuses long audio', () => {
  const service = useService({ args: ['--workers', '1', '--max-job-hours', '1'] });

  const upload = async (path: string) => {
    const { body, contentType } = multipart([
      { name: 'u', value: service.key },
      { name: 'd', value: '-a-general-en' },
      { name: 'a', value: await readFile(longFlac), filename: 'silence.flac' },
    ]);
    return rawRequest(service.url, {
      path,
      headers: { 'Content-Type': contentType },
      body,
    });
  };

  it('a sync request of a small, long FLAC: 413 and %, with the memory of the service flat', async () => {
    const pid = service.process.pid!;
    const before = await peakRssBytes(pid);
    const res = await upload('/v1/nolog/recognize');
    expect(res.status).toBe(413);
    expect(res.json()).toMatchObject({
      code: '%',
      message: `received too large audio data (the audio is longer than the limit of ${LIMITS.syncAudioSeconds} seconds for a sync request: send longer audio as an async job)`,
    });
    const after = await peakRssBytes(pid);
    // Unbounded, the two hours took over 500 MiB; the bound keeps it to what 525 s take.
    expect(after - before).toBeLessThan(200 * 1024 * 1024);
    console.info(
      `sync 2 h FLAC: peak RSS ${(before / 2 ** 20).toFixed(0)} → ${(after / 2 ** 20).toFixed(0)} MiB`,
    );
  });

  it('a job longer than --max-job-hours ends in error, saying the limit', async () => {
    const created = await upload('/v2/recognitions');
    const { sessionid } = created.json<{ sessionid: string }>();
    const final = await until(
      async () =>
        jobStatusSchema.parse(
          (
            await rawRequest(service.url, {
              method: 'GET',
              path: `/v2/recognitions/${sessionid}`,
              headers: { Authorization: `Bearer ${service.key}` },
            })
          ).json(),
        ),
      (body) => body.status === 'completed' || body.status === 'error',
      { timeoutMs: 240_000, everyMs: 250 },
    );
    expect(final).toMatchObject({
      status: 'error',
      error_message:
        'ERROR: received too large audio data (the audio is longer than the limit of 3600 seconds)',
    });
  }, 300_000);
});
