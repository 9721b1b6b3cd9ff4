import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT_CODES } from '../../../service/main';
import { DEFAULT_FIXTURES_DIR } from '../../fixtures/build';
import {
  multipart,
  rawRequest,
  removeDir,
  startService,
  tempDir,
  spawnService,
} from '../../support/service-process';
import { until } from '../../support/until';

describe('service start and stop', () => {
  it('creates the account once, with secure random credentials, then only says it is listening', async () => {
    const dataDir = await tempDir();
    const first = await startService({ dataDir });
    expect(first.events.map((e) => e.event)).toEqual(['starting', 'account-created', 'listening']);
    expect(first.events[0]).toEqual({ event: 'starting', pid: first.process.pid });
    expect(first.events[1]).toMatchObject({
      sid: expect.stringMatching(/^kikitori-/),
      spw: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/),
      apiKey: expect.stringMatching(/^[A-Za-z0-9_-]{40}$/),
    });
    expect(first.events[2]).toEqual({ event: 'listening', url: first.url });
    expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await first.stop()).toBe(0);
    const second = await startService({ dataDir });
    expect(second.events.map((e) => e.event)).toEqual(['starting', 'listening']);
    await second.stop();
    const other = await startService();
    expect(other.key).not.toBe(first.key);
    await other.stop();
    await removeDir(dataDir);
    await removeDir(other.dataDir);
  });

  it('takes the first key from --init-key or KIKITORI_INIT_KEY', async () => {
    const byFlag = await startService({ args: ['--init-key', 'flag-key-0123456789'] });
    expect(byFlag.events[1]).toMatchObject({
      event: 'account-created',
      apiKey: 'flag-key-0123456789',
    });
    const engines = await rawRequest(byFlag.url, { method: 'GET', path: '/v1/engines' });
    expect(engines.status).toBe(200);
    await byFlag.stop();
    const byEnv = await startService({ env: { KIKITORI_INIT_KEY: 'env-key-0123456789' } });
    expect(byEnv.events[1]).toMatchObject({ apiKey: 'env-key-0123456789' });
    await byEnv.stop();
    await removeDir(byFlag.dataDir);
    await removeDir(byEnv.dataDir);
  });

  it('on SIGTERM finishes the request in flight, then exits 0', async () => {
    const service = await startService();
    const audio = await readFile(
      join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0870.wav'),
    );
    const { body, contentType } = multipart([
      { name: 'u', value: service.key },
      { name: 'd', value: '-a-general-en' },
      { name: 'a', value: audio, filename: 'a.wav' },
    ]);
    // Eight uploads of one key, each short of its last bytes: admitted and in flight. The
    // service shows when all eight are admitted by refusing a ninth request with 429, so the
    // SIGTERM comes while they are certainly in flight, with no guess at how long that takes.
    const uploads = Array.from({ length: 8 }, () => {
      const req = request(`${service.url}/v1/nolog/recognize`, {
        method: 'POST',
        headers: { 'Content-Type': contentType, 'Content-Length': body.length },
      });
      const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
        req.on('response', (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        });
        req.on('error', reject);
      });
      req.write(body.subarray(0, body.length - 100));
      return { req, answer };
    });
    const probe = async () =>
      (
        await rawRequest(service.url, {
          path: `/v1/nolog/recognize?u=${encodeURIComponent(service.key)}&d=-a-general-en`,
        })
      ).status;
    await until(probe, (status) => status === 429, { timeoutMs: 60_000 });
    const exit = service.stop();
    // The first upload is finished after the SIGTERM; the others are cut off.
    const [kept, ...dropped] = uploads;
    kept!.req.end(body.subarray(body.length - 100));
    for (const upload of dropped) {
      upload.answer.catch(() => {});
      upload.req.destroy();
    }
    const res = await kept!.answer;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toMatchObject({ code: '', text: expect.stringMatching(/john/) });
    expect(await exit).toBe(0);
    await removeDir(service.dataDir);
  }, 180_000);

  it('on SIGTERM does not wait for the rest of a refused upload: its refusal is sent, and it exits 0', async () => {
    // A drain deadline no test would wait out: the service must not wait for it at all.
    const service = await startService({ env: { KIKITORI_SERVICE_DRAIN_DEADLINE_MS: '3600000' } });
    // A chunked upload over the audio limit, refused (413) once 16 MB have come: the client stays
    // connected and sends nothing more, so its rest would be read away until the deadline.
    const socket = connect(service.port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => {});
    socket.write(
      `POST /v1/nolog/recognize?u=${encodeURIComponent(service.key)}&d=-a-general-en&c=LSB16K HTTP/1.1\r\nHost: 127.0.0.1:${service.port}\r\nTransfer-Encoding: chunked\r\n\r\n`,
    );
    const MiB = 1024 * 1024;
    for (let i = 0; i < 17; i++)
      socket.write(
        Buffer.concat([
          Buffer.from(`${MiB.toString(16)}\r\n`),
          Buffer.alloc(MiB),
          Buffer.from('\r\n'),
        ]),
      );
    await until(
      () => received,
      (text) => /\r\n\r\n[\s\S]*"code":"%"/.test(text),
      { timeoutMs: 60_000 },
    );
    expect(received).toMatch(/^HTTP\/1\.1 413/);
    // Before the change, the service waited for this connection until the drain deadline.
    expect(await service.stop()).toBe(0);
    await closed;
    await removeDir(service.dataDir);
  }, 120_000);

  // From its first line ("starting") on, through loading, opening the database and starting the
  // engine, a SIGTERM must end the service cleanly. (Before that line Node itself is still
  // booting and the default action applies; the first line comes within Node's start-up time.)
  it('exits 0 on SIGTERM at any point after it says it is starting, and right after it says it is listening', async () => {
    const dataDir = await tempDir();
    for (const delay of [0, 20, 80, 200, 400]) {
      const service = spawnService(['--port', '0', '--data', dataDir]);
      await service.printed('"starting"');
      await new Promise((resolve) => setTimeout(resolve, delay));
      expect(await service.stop(), `SIGTERM ${delay} ms after "starting"`).toBe(0);
    }
    const listening = spawnService(['--port', '0', '--data', dataDir]);
    await listening.printed('"listening"');
    expect(await listening.stop()).toBe(0);
    await removeDir(dataDir);
  });

  it('starts without the engine and answers code ! saying what to install', async () => {
    const service = await startService({ env: { KIKITORI_PS_MODEL_DIR: '/nonexistent/model' } });
    expect(service.events.find((e) => e.event === 'engine-unavailable')).toMatchObject({
      message: expect.stringMatching(/apt-get install pocketsphinx-en-us libpocketsphinx-dev/),
    });
    const res = await rawRequest(service.url, {
      path: `/v1/nolog/recognize?u=${encodeURIComponent(service.key)}&d=-a-general-en&c=LSB16K`,
      body: Buffer.alloc(3200),
    });
    expect(res.json()).toMatchObject({
      code: '!',
      message: expect.stringMatching(/^failed to connect to recognizer server \(.*install/),
    });
    await service.stop();
    await removeDir(service.dataDir);
  });

  it('refuses a second service on the same data folder, and takes over the lock of a killed one', async () => {
    const first = await startService();
    const second = spawnService(['--port', '0', '--data', first.dataDir]);
    expect(await second.exited).toBe(EXIT_CODES.dataFolderLocked);
    expect(second.stderr()).toMatch(
      new RegExp(
        `another Kikitori service \\(pid ${first.process.pid}, running since [^)]+\\) is using`,
      ),
    );
    await first.kill();
    const third = await startService({ dataDir: first.dataDir, key: first.key });
    expect(third.events.map((e) => e.event)).toEqual(['starting', 'listening']);
    await third.stop();
    await removeDir(first.dataDir);
  });

  it('with --exit-with-stdin stops when its parent goes away', async () => {
    const dataDir = await tempDir();
    const service = spawnService(['--port', '0', '--data', dataDir, '--exit-with-stdin'], {
      stdin: 'pipe',
    });
    await service.printed('"listening"');
    service.child.stdin!.end();
    expect(await service.exited).toBe(0);
    await removeDir(dataDir);
  });

  it('refuses bad arguments with exit 2 and the usage', async () => {
    for (const args of [['--port', 'abc'], ['--bogus'], ['--port', '70000'], ['--workers', '0']]) {
      const service = spawnService(args);
      expect(await service.exited, args.join(' ')).toBe(2);
      expect(service.stderr()).toMatch(/usage: npm run service/);
    }
  });
});
