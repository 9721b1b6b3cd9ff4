/**
 * Requests that must neither kill nor bloat the service: bodies cut off inside a
 * part, stalled senders without a key, oversized parameters; and the sync body as the official
 * client libraries read it (CRLF-terminated lines).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FIXTURES_DIR } from '../../fixtures/build';
import { answersHealth, exchange, parseResponses, rssMiB, type Step } from '../../support/raw-http';
import { removeDir, startService, type RunningService } from '../../support/service-process';

const CLIP = 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav';
const CLIP_TEXT = /He might even have been made/;
const PARAMS_DEADLINE_MS = 1_500;

let service: RunningService;
beforeAll(async () => {
  service = await startService({
    env: { KIKITORI_SERVICE_PARAMS_DEADLINE_MS: String(PARAMS_DEADLINE_MS) },
  });
});
afterAll(async () => {
  await service.stop();
  await removeDir(service.dataDir);
});

const head = (path: string, extra: string) =>
  Buffer.from(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${extra}\r\n`);
const part = (name: string, value: string) =>
  `--zz\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

async function expectAlive(): Promise<void> {
  expect(service.process.exitCode, service.stderr()).toBeNull();
  expect(await answersHealth(service.port)).toBe(true);
}

function syncBody(bytes: Buffer): { status: number; code: string; message: string } {
  const [response] = parseResponses(bytes);
  const body = JSON.parse(response!.body.toString('utf8')) as { code: string; message: string };
  return { status: response!.status, ...body };
}

describe('bodies that end inside a part', () => {
  it('answers a keyless multipart body cut off inside the audio, and lives on', async () => {
    const body = `${part('d', '-a-general-en')}--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\nRIFF`;
    const request = Buffer.concat([
      head(
        '/v1/nolog/recognize',
        `Content-Type: multipart/form-data; boundary=zz\r\nContent-Length: ${body.length}\r\n`,
      ),
      Buffer.from(body),
    ]);
    const result = await exchange(service.port, [request], { timeoutMs: 30_000 });
    expect(syncBody(result.received)).toMatchObject({ status: 200, code: '-' });
    await expectAlive();
  });

  it('answers a body cut off inside the audio of an admitted request with code >', async () => {
    for (const path of ['/v1/nolog/recognize', '/v1/recognize', '/v2/recognitions']) {
      const body = `${part('d', `-a-general-en authorization=${encodeURIComponent(service.key)}`)}--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\nRIFF`;
      const result = await exchange(
        service.port,
        [
          head(
            path,
            `Content-Type: multipart/form-data; boundary=zz\r\nContent-Length: ${body.length}\r\n`,
          ),
          Buffer.from(body),
        ],
        { timeoutMs: 30_000 },
      );
      expect(syncBody(result.received), path).toMatchObject({ status: 400, code: '>' });
      await expectAlive();
    }
  });

  it('survives a chunked body whose sender gives up inside the audio', async () => {
    const body = `${part('u', service.key)}${part('d', '-a-general-en')}--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\nRIFF`;
    const result = await exchange(
      service.port,
      [
        head(
          '/v1/nolog/recognize',
          'Content-Type: multipart/form-data; boundary=zz\r\nTransfer-Encoding: chunked\r\n',
        ),
        Buffer.from(`${body.length.toString(16)}\r\n${body}\r\n`),
      ],
      { halfClose: true, timeoutMs: 30_000 },
    );
    expect(result.timedOut).toBe(false);
    // The answer, if any came before the close, is a well-formed refusal.
    if (result.received.length > 0)
      expect(syncBody(result.received)).toMatchObject({ status: 400, code: '>' });
    await expectAlive();
  });
});

describe('answers given before the whole body came', () => {
  it('reach a client that is still sending (the connection is not reset under it)', async () => {
    const audio = Buffer.alloc(4 * 1024 * 1024, 7);
    for (let i = 0; i < 5; i++) {
      const body = Buffer.concat([
        Buffer.from(
          `${part('u', 'not-a-key')}${part('d', '-a-general-en')}--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\n`,
        ),
        audio,
        Buffer.from('\r\n--zz--\r\n'),
      ]);
      const result = await exchange(
        service.port,
        [
          head(
            i % 2 ? '/v2/recognitions' : '/v1/nolog/recognize',
            `Content-Type: multipart/form-data; boundary=zz\r\nContent-Length: ${body.length}\r\n`,
          ),
          ...Array.from({ length: Math.ceil(body.length / 65536) }, (_, k) =>
            body.subarray(k * 65536, (k + 1) * 65536),
          ),
        ],
        { timeoutMs: 60_000 },
      );
      expect(syncBody(result.received)).toMatchObject({ status: 200, code: '-' });
    }
    await expectAlive();
  });
});

describe('what a sender without a key can make the service hold', () => {
  it('cuts off stalled keyless requests after the parameters deadline', async () => {
    const stalled = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        exchange(
          service.port,
          [
            head(
              i % 2 ? '/v2/recognitions' : '/v1/recognize',
              'Content-Type: multipart/form-data; boundary=zz\r\nContent-Length: 100000000\r\n',
            ),
            Buffer.from(`--zz\r\nContent-Disposition: form-data; name="d"\r\n\r\n-a-gen`),
          ],
          { timeoutMs: 90_000 },
        ),
      ),
    );
    for (const result of stalled) {
      expect(result.timedOut).toBe(false);
      expect(result.closedByServer).toBe(true);
      const answer = syncBody(result.received);
      expect(answer).toMatchObject({ status: 400, code: '>' });
      expect(answer.message).toMatch(/took longer than 1500 ms/);
    }
    await expectAlive();
  }, 150_000);

  it('cuts off a stalled keyless key-issuance body', async () => {
    const result = await exchange(
      service.port,
      [
        head(
          '/issue_service_authorization',
          'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 60000\r\n',
        ),
        Buffer.from('sid=x&spw='),
      ],
      { timeoutMs: 90_000 },
    );
    expect(result.timedOut).toBe(false);
    expect(result.closedByServer).toBe(true);
    await expectAlive();
  }, 150_000);

  it('refuses too many or too large parameters before the audio', async () => {
    const many = Array.from({ length: 20 }, (_, i) => part(`p${i}`, 'x')).join('');
    const big = part('d', `-a-general-en extension=${'x'.repeat(400 * 1024)}`);
    for (const body of [many, big]) {
      const result = await exchange(
        service.port,
        [
          head(
            '/v1/nolog/recognize',
            `Content-Type: multipart/form-data; boundary=zz\r\nContent-Length: ${body.length + 100}\r\n`,
          ),
          Buffer.from(body),
        ],
        { timeoutMs: 30_000 },
      );
      const answer = syncBody(result.received);
      expect(answer).toMatchObject({ status: 400, code: '>' });
      expect(answer.message).toMatch(/(more|larger) than/);
      expect(result.closedByServer).toBe(true);
    }
    await expectAlive();
  });

  it('keeps its memory bounded under keyless requests of 64 one-MiB fields each', async () => {
    const pid = service.process.pid!;
    const before = await rssMiB(pid);
    const field = Buffer.from(part('f', 'x'.repeat(1024 * 1024)));
    const steps: Step[] = [
      head(
        '/v1/recognize',
        `Content-Type: multipart/form-data; boundary=zz\r\nContent-Length: ${64 * field.length + 10}\r\n`,
      ),
      ...Array.from({ length: 64 }, () => field),
    ];
    const results = await Promise.all(
      Array.from({ length: 8 }, () => exchange(service.port, steps, { timeoutMs: 90_000 })),
    );
    const after = await rssMiB(pid);
    console.log(
      `service RSS before ${before.toFixed(0)} MiB, after 8 keyless requests of 64 x 1 MiB fields ${after.toFixed(0)} MiB`,
    );
    for (const result of results) {
      expect(result.timedOut).toBe(false);
      expect(syncBody(result.received)).toMatchObject({ status: 400, code: '>' });
    }
    // Before the caps these 8 requests took the service from 80 to over 600 MiB.
    expect(after - before).toBeLessThan(120);
    await expectAlive();
  }, 150_000);
});

describe('the sync body as the official client libraries read it', () => {
  it('gives a client that reads CRLF-terminated lines the transcript', async () => {
    const audio = await readFile(join(DEFAULT_FIXTURES_DIR, CLIP));
    // Like the official Hrp clients: HTTP/1.1, a fixed boundary, the key in d, no filenames,
    // the body sent chunked in 4 KB chunks.
    const boundary = '1234567890ABCDEFGHIJ';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="d"\r\n\r\n` +
          `grammarFileNames=-a-general-en authorization=${service.key}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n` +
          `Content-Type: application/octet-stream\r\n\r\n`,
      ),
      audio,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const steps: Step[] = [
      Buffer.from(
        `POST /v1/recognize HTTP/1.1\r\nHost: 127.0.0.1:${service.port}\r\n` +
          `User-Agent: Hrp/1.0\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
          `Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n`,
      ),
    ];
    for (let at = 0; at < body.length; at += 4096) {
      const chunk = body.subarray(at, at + 4096);
      steps.push(Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n'));
    }
    steps.push(Buffer.from('0\r\n\r\n'));
    const result = await exchange(service.port, steps, { timeoutMs: 60_000 });
    const [response] = parseResponses(result.received);
    expect(response!.status).toBe(200);
    // The clients split the body on CRLF and pass on only complete lines.
    const text = response!.body.toString('utf8');
    const lines = text.split('\r\n');
    lines.pop();
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!).text).toMatch(CLIP_TEXT);
  });

  it('ends sync failure bodies with CRLF too', async () => {
    const body = `${part('u', 'not-a-key')}${part('d', '-a-general-en')}--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\nRIFF\r\n--zz--\r\n`;
    const result = await exchange(
      service.port,
      [
        head(
          '/v1/nolog/recognize',
          `Content-Type: multipart/form-data; boundary=zz\r\nContent-Length: ${body.length}\r\nConnection: close\r\n`,
        ),
        Buffer.from(body),
      ],
      { timeoutMs: 30_000 },
    );
    const [response] = parseResponses(result.received);
    expect(response!.body.toString('utf8')).toMatch(/^\{.*"code":"-".*\}\r\n$/s);
  });
});
