import { createServer as createHttpServer } from 'node:http';
import { connect, createServer, type Server } from 'node:net';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../core/api-client/api-client';
import { AppFailure } from '../../../shared/domain/errors';
import { errorText } from '../../../shared/domain/error-text';
import { DEFAULT_FIXTURES_DIR } from '../../fixtures/build';
import { useService } from '../../support/hooks';
import { until } from '../../support/until';

const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');
const service = useService();
let client: ApiClient;
beforeAll(() => {
  client = new ApiClient({ baseUrl: service.url, asyncUrl: service.url, key: service.key });
});

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppFailure) return error.error;
    throw error;
  }
  throw new Error('expected a failure');
}

function listen(server: Server | ReturnType<typeof createHttpServer>): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    }),
  );
}

describe('API client against the real local service', () => {
  it('recognises a file streamed from disk, with upload progress up to the whole body', async () => {
    const progress: Array<[number, number]> = [];
    const result = await client.recognize({
      filePath: CLIP,
      d: '-a-general-en',
      logging: false,
      onProgress: (sent, total) => progress.push([sent, total]),
    });
    expect(result.code).toBe('');
    expect(result.text).toMatch(/He might even have been made/);
    expect(result.sessionId).toMatch(/^[0-9a-f]{24}$/);
    const [lastSent, total] = progress.at(-1)!;
    expect(lastSent).toBe(total);
    expect(progress.map(([sent]) => sent)).toEqual(
      [...progress.map(([sent]) => sent)].sort((a, b) => a - b),
    );
  });

  it('creates an async job and follows it to completion', async () => {
    const { sessionid } = await client.createJob({
      filePath: CLIP,
      d: '-a-general-en',
      version: 2,
    });
    let status = await client.getJob(sessionid, 2);
    while (status.status !== 'completed' && status.status !== 'error') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = await client.getJob(sessionid, 2);
    }
    expect(status).toMatchObject({
      status: 'completed',
      text: expect.stringMatching(/He might even/),
    });
    expect(await failure(client.getJob('0123456789abcdef01234567', 2))).toMatchObject({
      code: 'not-found',
    });
  });

  it('names the word the service refuses in a profile, and why, in both languages', async () => {
    const words = [
      { written: 'Himself', spoken: 'himself' },
      { written: 'Tokyo', spoken: '東京' },
    ];
    const unknown = await failure(client.setWords('-a-general-en', 'client-rejected', words));
    expect(unknown).toMatchObject({
      code: 'word-rejected',
      params: { index: 1, written: 'Tokyo', reason: 'unknown-word', value: '東京' },
    });
    expect(errorText(unknown, 'en')).toBe(
      'The service did not accept the word “Tokyo”: the engine does not know “東京” in its reading. Correct that row of the table, then save again.',
    );
    expect(errorText(unknown, 'ja')).toContain('「Tokyo」');
    expect(
      await failure(client.setWords('-a-general-en', 'client-rejected', [{ written: 'kikitori' }])),
    ).toMatchObject({ code: 'word-rejected', params: { index: 0, reason: 'reading-missing' } });
    expect(
      await failure(
        client.setWords('-a-general-en', 'client-rejected', [
          { written: 'Himself', spoken: 'himself', classname: '名詞' },
        ]),
      ),
    ).toMatchObject({ code: 'word-rejected', params: { reason: 'class', value: '名詞' } });
  });

  it('reads and replaces dictionary words, lists profiles and class names, and issues keys', async () => {
    expect(
      await client.setWords('-a-general-en', 'client-test', [
        { written: 'Himself', spoken: 'himself' },
      ]),
    ).toEqual([{ written: 'Himself', spoken: 'himself' }]);
    expect(await client.getWords('-a-general-en', 'client-test')).toEqual([
      { written: 'Himself', spoken: 'himself' },
    ]);
    expect(await client.listProfiles('-a-general-en')).toContain('client-test');
    expect(await client.classnames('-a-general-en')).toContain('PERSON');
    expect(await client.engines()).toEqual([{ name: '-a-general-en', language: 'en' }]);
    const issued = await client.issueKey({ epi: '1h', ipa: '127.0.0.1' });
    const withIssued = new ApiClient({ baseUrl: service.url, asyncUrl: service.url, key: issued });
    expect(
      (await withIssued.recognize({ filePath: CLIP, d: '-a-general-en', logging: false })).code,
    ).toBe('');
    const bySid = await new ApiClient({
      baseUrl: service.url,
      asyncUrl: service.url,
      key: undefined,
    }).issueKey({ sid: service.sid, spw: service.spw, epi: '5m' });
    expect(bySid).toMatch(/^[A-Za-z0-9_-]{40}$/);
  });

  it('turns API failures into codes with messages in English and Japanese', async () => {
    const badKey = new ApiClient({ baseUrl: service.url, asyncUrl: service.url, key: 'wrong-key' });
    const auth = await failure(
      badKey.recognize({ filePath: CLIP, d: '-a-general-en', logging: false }),
    );
    expect(auth).toMatchObject({ code: 'auth', detail: 'received illegal service authorization' });
    expect(errorText(auth, 'en')).toMatch(/refused the API key/);
    expect(errorText(auth, 'ja')).toMatch(/API キーを受け付けませんでした/);
    expect(await failure(badKey.listProfiles('-a-general-en'))).toMatchObject({ code: 'auth' });
    expect(
      await failure(
        client.recognize({
          filePath: join(DEFAULT_FIXTURES_DIR, 'garbage/random.bin'),
          d: '-a-general-en',
          logging: false,
        }),
      ),
    ).toMatchObject({ code: 'unsupported-audio' });
    expect(
      await failure(client.recognize({ filePath: CLIP, d: '-a-general', logging: false })),
    ).toMatchObject({ code: 'server', detail: expect.stringMatching(/unknown engine/) });
    expect(
      await failure(
        client.recognize({ filePath: '/nonexistent/file.wav', d: '-a-general-en', logging: false }),
      ),
    ).toMatchObject({ code: 'file', params: { reason: 'missing' }, detail: /ENOENT/ });
    const noKey = new ApiClient({ baseUrl: service.url, asyncUrl: service.url, key: undefined });
    expect(
      await failure(noKey.recognize({ filePath: CLIP, d: '-a-general-en', logging: false })),
    ).toMatchObject({ code: 'no-key' });
  });
});

/**
 * Against `server`, which counts what reaches it in `seen`: a status check is tried three times
 * (two retries) and fails as `error`; a job creation is tried once and fails with the same code.
 */
async function expectOnlyGetsRetried(
  server: Server | ReturnType<typeof createHttpServer>,
  seen: { count: number },
  error: { code: string } & Record<string, unknown>,
): Promise<void> {
  const url = await listen(server);
  const c = new ApiClient({ baseUrl: url, asyncUrl: url, key: 'k' }, { backoffMs: 10 });
  expect(await failure(c.getJob('abc', 2))).toMatchObject(error);
  expect(seen.count).toBe(3);
  seen.count = 0;
  expect(
    await failure(c.createJob({ filePath: CLIP, d: '-a-general-en', version: 2 })),
  ).toMatchObject({ code: error.code });
  expect(seen.count).toBe(1);
  server.close();
}

describe('API client when the service misbehaves', () => {
  it('retries an idempotent request whose connection is dropped, then reports a network error; a job creation is tried once', async () => {
    const connections = { count: 0 };
    const dropping = createServer((socket) => {
      connections.count++;
      socket.destroy();
    });
    await expectOnlyGetsRetried(dropping, connections, {
      code: 'network',
      params: { reason: 'reset' },
    });
  });

  it('reports a closed port as a network error: nothing answers there', async () => {
    const closed = createServer();
    const url = await listen(closed);
    closed.close();
    const c = new ApiClient({ baseUrl: url, asyncUrl: url, key: 'k' }, { backoffMs: 10 });
    const error = await failure(c.getJob('abc', 2));
    expect(error).toMatchObject({
      code: 'network',
      params: { reason: 'refused' },
      detail: 'ECONNREFUSED',
    });
    expect(errorText(error, 'en')).toMatch(
      /^Could not reach 127\.0\.0\.1:\d+: nothing answers at that address\./,
    );
  });

  it('gives up on a service that stalls, with a timeout error', async () => {
    const stalled = createServer((socket) => socket.on('data', () => {}));
    const url = await listen(stalled);
    const c = new ApiClient(
      { baseUrl: url, asyncUrl: url, key: 'k' },
      { idleTimeoutMs: 300, attempts: 1 },
    );
    expect(
      await failure(c.recognize({ filePath: CLIP, d: '-a-general-en', logging: false })),
    ).toMatchObject({ code: 'timeout' });
    stalled.close();
  });

  it('retries a GET answered with 500 and then reports a server error; never retries a job creation', async () => {
    const requests = { count: 0 };
    const failing = createHttpServer((req, res) => {
      requests.count++;
      req.resume();
      req.on('end', () => {
        res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify({ code: '?', message: 'unexpected exception occurred (disk full)' }),
        );
      });
    });
    await expectOnlyGetsRetried(failing, requests, {
      code: 'server',
      detail: 'unexpected exception occurred (disk full)',
    });
  });

  it('never creates a job twice when the answer to a creation is lost', async () => {
    // A proxy that delivers the request to the real service but drops its answer.
    const target = new URL(service.url);
    const proxy = createServer((clientSocket) => {
      const upstream = connect(Number(target.port), target.hostname);
      clientSocket.pipe(upstream);
      upstream.once('data', () => {
        clientSocket.destroy();
        upstream.destroy();
      });
      upstream.on('error', () => clientSocket.destroy());
      clientSocket.on('error', () => upstream.destroy());
    });
    const url = await listen(proxy);
    const countJobs = () => {
      const db = new Database(join(service.dataDir, 'service.sqlite'), { readonly: true });
      const { n } = db.prepare('SELECT count(*) AS n FROM jobs').get() as { n: number };
      db.close();
      return n;
    };
    const before = countJobs();
    const c = new ApiClient({ baseUrl: url, asyncUrl: url, key: service.key }, { backoffMs: 10 });
    expect(
      await failure(c.createJob({ filePath: CLIP, d: '-a-general-en', version: 2 })),
    ).toMatchObject({ code: 'network' });
    expect(countJobs()).toBe(before + 1);
    proxy.close();
  });
});

describe('what a server sends back is bounded and never repeated', () => {
  it('stops reading an answer past 16 MiB, and an endless one, with bad-response, never retried', async () => {
    const requests = { count: 0, closed: 0 };
    const flood = createHttpServer((req, res) => {
      requests.count++;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const piece = Buffer.alloc(1024 * 1024, 0x20);
      // Endless for /v1/engines; 17 MiB for the profile list.
      let left = req.url!.startsWith('/v1/engines') ? Infinity : 17;
      const pump = () => {
        while (left-- > 0) if (!res.write(piece)) return void res.once('drain', pump);
        res.end();
      };
      res.on('close', () => requests.closed++);
      pump();
    });
    const url = await listen(flood);
    const c = new ApiClient({ baseUrl: url, asyncUrl: url, key: 'k' }, { backoffMs: 10 });
    for (const call of [() => c.engines(), () => c.listProfiles('-a-general-en')]) {
      const error = await failure(call());
      expect(error).toMatchObject({ code: 'bad-response' });
      expect(error.detail).toMatch(/larger than 16777216 bytes/);
    }
    expect(requests.count).toBe(2);
    await until(
      () => requests.closed,
      (closed) => closed === 2,
    );
    flood.close();
  });

  it('carries no part of a page the server sent into the error', async () => {
    const page = '<html>intranet admin: root password is hunter2</html>';
    const server = createHttpServer((req, res) => {
      req.resume();
      const status = req.url!.startsWith('/v1/engines') ? 200 : 502;
      res.writeHead(status, { 'Content-Type': 'text/html' });
      res.end(page);
    });
    const url = await listen(server);
    const c = new ApiClient({ baseUrl: url, asyncUrl: url, key: 'k' }, { attempts: 1 });
    for (const call of [
      () => c.engines(),
      () => c.listProfiles('-a-general-en'),
      () => c.getJob('abc', 2),
      () => c.recognize({ filePath: CLIP, d: '-a-general-en', logging: false }),
    ]) {
      const error = await failure(call());
      expect(JSON.stringify(error)).not.toContain('hunter2');
      expect(errorText(error, 'en')).not.toContain('hunter2');
    }
    server.close();
  });
});
