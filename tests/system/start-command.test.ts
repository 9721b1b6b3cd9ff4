/**
 * The README's start command as a person runs it: `npm start` (scripts/start.mjs) on a machine
 * without the Electron runtime says so in one sentence, opens the web host with the local service
 * as the active connection, and stops everything on SIGTERM.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../support/service-process';
import { rssMiB } from '../support/raw-http';
import { startWebHostProcess } from '../support/web-host-process';

describe('npm start', () => {
  it('without Electron: one plain sentence, then the app in browser mode with the local service', async () => {
    const dataDir = await tempDir('kikitori-start-');
    // No Electron runtime in this (empty) package folder, and no Secret Service on this bus
    // address: keys stay in the session, as the app says.
    const host = await startWebHostProcess(
      dataDir,
      { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus', KIKITORI_ELECTRON_DIR: dataDir },
      ['scripts/start.mjs'],
    );
    try {
      expect(host.lines[0]).toMatch(
        /^The Electron runtime is not installed \(.*\), so Kikitori opens in your browser instead\.$/,
      );
      expect(host.lines.filter((l) => /Electron/.test(l))).toHaveLength(1);
      // The line above the one-time address says what it is good for, and what to do after.
      const at = host.lines.findIndex((l) => l === host.openUrl);
      expect(host.lines[at - 1]).toMatch(
        /Open this address\. It works once, and only for 10 minutes; after that, start Kikitori again as you did \(npm start\), which prints a new address for this same Kikitori\./,
      );
      expect(host.lines).toContainEqual(
        expect.stringMatching(/keys are kept for this session only/),
      );
      const status = await host.call<{ state: string; url: string }>('service:status');
      expect(status.state).toBe('running');
      const { connections, active } = await host.call<{
        connections: Array<{ id: string; baseUrl: string; keyRef: string | null }>;
        active: string;
      }>('connections:list');
      expect(active).toBe('local');
      expect(connections.find((c) => c.id === 'local')).toMatchObject({
        baseUrl: status.url,
        keyRef: expect.any(String),
      });
      const page = await fetch(`${host.url}/`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    } finally {
      expect(await host.stop()).toBe(0);
      await removeDir(dataDir);
    }
  });
});

describe('npm start on a port that is taken', () => {
  it('says so in one sentence, with what to do, and exits 4 (as the service does)', async () => {
    const dataDir = await tempDir('kikitori-start-busy-');
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', () => resolve()));
    const { port } = squatter.address() as AddressInfo;
    try {
      const run = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(
          process.execPath,
          ['scripts/start.mjs', '--port', String(port), '--no-open', '--data', dataDir],
          {
            env: {
              ...process.env,
              KIKITORI_ELECTRON_DIR: dataDir,
              DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus',
              LANG: 'C.UTF-8',
            },
            stdio: ['ignore', 'ignore', 'pipe'],
          },
        );
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('exit', (code) => resolve({ code, stderr }));
      });
      expect(run.code).toBe(4);
      expect(run.stderr.trim().split('\n')).toEqual([
        `kikitori: Port ${port} is already used by another program. Start Kikitori with another --port, or without --port to use a free one.`,
      ]);
    } finally {
      squatter.close();
      await removeDir(dataDir);
    }
  });
});

describe('npm start that built the window', () => {
  it("leaves the launcher, which stays for the app's whole life, at the size of a bare Node", async () => {
    const dataDir = await tempDir('kikitori-start-built-');
    // An empty folder for the window: this start builds it (Vite and Rolldown, as a first start
    // does after its set-up), which kept the launcher at 350 MB while the app ran.
    const rendererDir = await tempDir('kikitori-start-built-window-');
    const host = await startWebHostProcess(
      dataDir,
      {
        DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus',
        KIKITORI_ELECTRON_DIR: dataDir,
        KIKITORI_RENDERER_DIR: rendererDir,
      },
      ['scripts/start.mjs'],
    );
    try {
      expect(existsSync(join(rendererDir, 'index.html'))).toBe(true);
      const launcher = await rssMiB(host.process.pid!);
      // A bare Node is about 45 MiB here; the build alone is several times that.
      expect(launcher).toBeLessThan(100);
    } finally {
      expect(await host.stop()).toBe(0);
      await removeDir(dataDir);
      await removeDir(rendererDir);
    }
  }, 240_000);
});

describe('npm run start:web', () => {
  it('builds the window when it is not built yet, instead of serving the placeholder', async () => {
    const dataDir = await tempDir('kikitori-start-web-');
    // An empty folder for the window: nothing built there yet (the shared dist/ is untouched).
    const rendererDir = await tempDir('kikitori-start-web-window-');
    const host = await startWebHostProcess(
      dataDir,
      {
        DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus',
        KIKITORI_RENDERER_DIR: rendererDir,
      },
      ['scripts/start-web.mjs'],
    );
    try {
      const page = await (await fetch(`${host.url}/`)).text();
      expect(page).not.toContain('has not been built yet');
      expect(page).toMatch(/<script type="module" crossorigin src="\.\/assets\/[^"]+\.js">/);
      expect(existsSync(join(rendererDir, 'index.html'))).toBe(true);
    } finally {
      expect(await host.stop()).toBe(0);
      await removeDir(dataDir);
      await removeDir(rendererDir);
    }
  }, 240_000);
});

describe('npm start with everything installed', () => {
  it('goes straight to the work: setup says one line, or nothing with --quiet', () => {
    const setup = (...args: string[]) =>
      spawnSync(process.execPath, ['scripts/setup.mjs', ...args], { encoding: 'utf8' });
    const plain = setup();
    expect([plain.status, plain.stdout, plain.stderr]).toEqual([
      0,
      'setup: everything is installed\n',
      '',
    ]);
    const quiet = setup('--quiet');
    expect([quiet.status, quiet.stdout, quiet.stderr]).toEqual([0, '', '']);
  });
});
