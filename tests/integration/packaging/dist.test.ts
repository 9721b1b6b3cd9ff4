/**
 * `npm run dist` where the Electron runtime cannot be had: it stops before building anything,
 * with one sentence that says why and what to do. Where the runtime is cached or a mirror
 * answers, its check lets the build go ahead.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ELECTRON_VERSION = (
  (await import('electron/package.json', { with: { type: 'json' } })) as {
    default: { version: string };
  }
).default.version;
const ARCHIVE = `electron-v${ELECTRON_VERSION}-${process.platform}-${process.arch}.zip`;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kikitori-dist-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A port nothing listens on: taken from the system, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function dist(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['scripts/dist.mjs', ...args],
      { env: { ...process.env, ...env }, timeout: 120_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function emptyCaches(name: string) {
  const electron = join(dir, name, 'electron');
  const builder = join(dir, name, 'electron-builder');
  await mkdir(electron, { recursive: true });
  await mkdir(builder, { recursive: true });
  return { ELECTRON_CACHE: electron, ELECTRON_BUILDER_CACHE: builder };
}

describe('npm run dist', () => {
  it('stops before building, with one sentence, when Electron is neither cached nor downloadable', async () => {
    const caches = await emptyCaches('none');
    const mirror = `http://127.0.0.1:${await closedPort()}/`;
    const result = await dist([], { ...caches, ELECTRON_MIRROR: mirror });
    expect(result.code).toBe(1);
    // Nothing was built (every build step prints), and no stack trace.
    expect(result.stdout).toBe('');
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(
      `npm run dist cannot build the installers here: it needs the Electron ${ELECTRON_VERSION} runtime ` +
        `(${ARCHIVE}), which is not in the download cache (${caches.ELECTRON_CACHE}) and cannot be ` +
        `downloaded from 127.0.0.1:${new URL(mirror).port}; run it on a machine with internet access, ` +
        `or put ${ARCHIVE} into ${caches.ELECTRON_CACHE}, or set ELECTRON_MIRROR to a mirror you can reach.`,
    );
  });

  it('goes ahead when the runtime is in the download cache', async () => {
    const caches = await emptyCaches('cached');
    // @electron/get files each download under a folder named by a hash of its URL.
    const hashed = join(caches.ELECTRON_CACHE, '0f3e1c2d');
    await mkdir(hashed);
    await writeFile(join(hashed, ARCHIVE), 'zip');
    const mirror = `http://127.0.0.1:${await closedPort()}/`;
    const result = await dist(['--check'], { ...caches, ELECTRON_MIRROR: mirror });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout.trim()).toBe(
      `npm run dist can build here (Electron ${ELECTRON_VERSION}).`,
    );
  });

  describe('with a mirror that answers', () => {
    let server: Server;
    const asked: string[] = [];
    beforeAll(async () => {
      server = createServer((req, res) => {
        asked.push(`${req.method} ${req.url}`);
        res.writeHead(req.url?.endsWith(ARCHIVE) ? 200 : 404).end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    });
    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve));
    });

    it('goes ahead, having asked the mirror for this platform’s archive', async () => {
      const caches = await emptyCaches('mirror');
      const { port } = server.address() as AddressInfo;
      const result = await dist(['--check'], {
        ...caches,
        ELECTRON_MIRROR: `http://127.0.0.1:${port}/`,
      });
      expect(result.code).toBe(0);
      expect(asked).toEqual([`HEAD /v${ELECTRON_VERSION}/${ARCHIVE}`]);
    });
  });
});
