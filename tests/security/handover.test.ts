/**
 * A second start hands over only to the instance itself: after a crash another
 * program may sit on the port named in `instance.json` and answer `/session/code` with any
 * address. Only `<instance url>/open?code=…` proven with an HMAC of the caller's nonce, keyed by
 * the launch token, is opened; a squatter is named and nothing is opened. Real HTTP servers on
 * loopback: the real web host, and squatters answering as an attacker would.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import {
  findRunningInstance,
  handoverProof,
  isOpenUrlOf,
  writeInstance,
} from '../../core/host/app-instance';
import { startWebHost } from '../../web-host/server';
import { useOfflineCore } from '../support/hooks';
import { removeDir, tempDir } from '../support/service-process';

const core = useOfflineCore('kikitori-handover-');
const servers: Server[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const server of servers) server.close();
  for (const dir of dirs) await removeDir(dir);
});

/** A program on a loopback port answering /session/code with `answer(nonce, base)`. */
async function squatter(answer: (nonce: string, base: string) => unknown): Promise<string> {
  let base = '';
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const nonce = (JSON.parse(body || '{}') as { nonce?: string }).nonce ?? '';
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ ok: true, data: answer(nonce, base) }));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return base;
}

async function instanceAt(url: string, token: string): Promise<string> {
  const dir = await tempDir('kikitori-handover-data-');
  dirs.push(dir);
  await writeInstance(dir, { pid: process.pid, url, token });
  return dir;
}

describe('hand-over to the running instance', () => {
  it('opens the one-time address of the real instance, which proves it holds the token', async () => {
    const token = 'the-launch-token-of-this-instance';
    const host = await startWebHost({ core, port: 0, token });
    try {
      const running = await findRunningInstance(await instanceAt(host.url, token), 5_000);
      expect(running).toMatchObject({ kind: 'browser' });
      expect(isOpenUrlOf(host.url, (running as { url: string }).url)).toBe(true);
      expect((await fetch((running as { url: string }).url, { redirect: 'manual' })).status).toBe(
        303,
      );
    } finally {
      await host.close();
    }
  });

  it.each([
    [
      'another site',
      (_nonce: string) => ({ url: 'https://evil.example/open?code=aaaaaaaaaaaaaaaaaaaa' }),
    ],
    [
      'its own address without a proof',
      (_nonce: string, base: string) => ({ url: `${base}/open?code=aaaaaaaaaaaaaaaaaaaa` }),
    ],
    [
      'a proof made with a guessed token',
      (nonce: string, base: string) => {
        const url = `${base}/open?code=aaaaaaaaaaaaaaaaaaaa`;
        return { url, proof: handoverProof('guessed', nonce, url) };
      },
    ],
    [
      'a proven address that is not /open (the token leaked, say)',
      (nonce: string, base: string) => {
        const url = `${base}/somewhere?code=aaaaaaaaaaaaaaaaaaaa`;
        return { url, proof: handoverProof('stale-token', nonce, url) };
      },
    ],
  ])('refuses a squatter answering with %s, naming it, and opens nothing', async (_, answer) => {
    const base = await squatter(answer);
    const running = await findRunningInstance(await instanceAt(base, 'stale-token'), 1_500);
    expect(running).toEqual({ kind: 'impostor', url: base });
  });

  it('takes only exact one-time addresses of the instance', () => {
    const base = 'http://127.0.0.1:8800';
    expect(isOpenUrlOf(base, `${base}/open?code=abcdefghijklmnopqrstu`)).toBe(true);
    for (const url of [
      'http://127.0.0.1:8801/open?code=abcdefghijklmnopqrstu',
      'http://localhost:8800/open?code=abcdefghijklmnopqrstu',
      `${base}/open?code=abcdefghijklmnopqrstu&next=https://evil.example`,
      `${base}/open?code=abcdefghijklmnopqrstu#x`,
      `${base}/open?code=short`,
      `${base}//evil.example/open?code=abcdefghijklmnopqrstu`,
      'javascript:alert(1)',
    ])
      expect(isOpenUrlOf(base, url), url).toBe(false);
  });
});
