/**
 * Browser mode as a person starts it, with real processes: the browser is opened with a one-time
 * address (never the token), a second start on the same data folder hands over to the running
 * one, a lock left by SIGKILL never blocks, and a data folder that cannot be used is one sentence
 * and a non-zero exit.
 */
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../support/service-process';
import { until } from '../support/until';
import { startWebHostProcess, type RunningWebHost } from '../support/web-host-process';

const NO_KEYCHAIN = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' };

let work: string;
beforeAll(async () => {
  work = await tempDir('kikitori-instance-');
});
afterAll(async () => {
  await removeDir(work);
});

/** A $BROWSER that writes the command line it was given to a file. */
async function recordingBrowser(name: string): Promise<{ env: { BROWSER: string }; file: string }> {
  const script = join(work, `${name}.sh`);
  const file = join(work, `${name}.args`);
  await writeFile(script, `#!/bin/sh\nprintf '%s\\n' "$0" "$@" > '${file}'\n`);
  await chmod(script, 0o755);
  return { env: { BROWSER: script }, file };
}

const readArgs = (file: string) =>
  until(
    () => readFile(file, 'utf8').catch(() => ''),
    (text) => text.length > 0,
  );

/** Runs the web host to its end: its exit code and output. */
function runWebHost(args: readonly string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'web-host/main.ts', ...args], {
      env: { ...process.env, ...NO_KEYCHAIN, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const rpc = (host: RunningWebHost, headers: Record<string, string>) =>
  fetch(`${host.url}/rpc/jobs:list`, { method: 'POST', headers, body: '{}' });

describe('one app per data folder, let in without the token on any command line', () => {
  let dataDir: string;
  let host: RunningWebHost;
  beforeAll(async () => {
    dataDir = await tempDir('kikitori-app-');
  });
  afterAll(async () => {
    await host?.stop();
    await removeDir(dataDir);
  });

  it('opens the browser with a one-time address that becomes a session cookie once', async () => {
    const browser = await recordingBrowser('first');
    host = await startWebHostProcess(
      dataDir,
      { ...NO_KEYCHAIN, ...browser.env },
      ['--import', 'tsx', 'web-host/main.ts'],
      { open: true },
    );
    const args = (await readArgs(browser.file)).trim().split('\n').slice(1);
    expect(args).toEqual([host.openUrl]);
    expect(args.join(' ')).not.toContain(host.token);
    expect(host.lines.join('\n')).not.toContain(host.token);

    const first = await fetch(host.openUrl, { redirect: 'manual' });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/');
    const setCookie = first.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^kikitori-\d+=[\w-]{40,}; HttpOnly; SameSite=Strict; Path=\/$/);
    expect(setCookie).not.toContain(host.token);
    const cookie = setCookie.split(';')[0]!;

    const again = await fetch(host.openUrl, { redirect: 'manual' });
    expect(again.status).toBe(403);
    expect(await again.json()).toMatchObject({ ok: false, error: { code: 'link-used' } });
    expect((await fetch(host.openUrl, { redirect: 'manual' })).headers.get('set-cookie')).toBe(
      null,
    );

    // The cookie works for the page's own requests, not for another site's.
    const own = await rpc(host, { Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' });
    expect(await own.json()).toMatchObject({ ok: true, data: { jobs: [] } });
    expect((await rpc(host, { Cookie: cookie, 'Sec-Fetch-Site': 'same-site' })).status).toBe(401);
    expect((await rpc(host, { Cookie: `${cookie}x` })).status).toBe(401);
    const events = await fetch(`${host.url}/events`, { headers: { Cookie: cookie } });
    expect(events.status).toBe(200);
    await events.body!.cancel();
  });

  it('lets a real browser in through the one-time address, with the cookie out of its reach', async () => {
    const made = await fetch(`${host.url}/session/code`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${host.token}` },
    });
    const { url: address } = ((await made.json()) as { data: { url: string } }).data;
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox'],
    });
    try {
      const page = await browser.newPage();
      await page.goto(address);
      expect(page.url()).toBe(`${host.url}/`);
      expect(
        await page.evaluate(() =>
          fetch('/rpc/jobs:list', { method: 'POST', body: '{}' }).then((r) => r.json()),
        ),
      ).toMatchObject({ ok: true, data: { jobs: [] } });
      const opened = await page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            const events = new EventSource('/events');
            events.onopen = () => resolve('open');
            events.onerror = () => resolve('refused');
          }),
      );
      expect(opened).toBe('open');
      expect(await page.evaluate('document.cookie')).toBe('');
      expect(await page.context().cookies()).toEqual([
        expect.objectContaining({ httpOnly: true, sameSite: 'Strict', path: '/' }),
      ]);
      // The spent address lets no other browser in.
      const other = await browser.newPage();
      const again = await other.goto(address);
      expect(again?.status()).toBe(403);
    } finally {
      await browser.close();
    }
  });

  it('hands a second start over to the running instance', async () => {
    const browser = await recordingBrowser('second');
    const second = await runWebHost(['--data', dataDir], browser.env);
    expect(second.code).toBe(0);
    const address = second.stdout.trim().split('\n').at(-1)!;
    expect(second.stdout).toMatch(/already running for this data folder/);
    expect(address).toMatch(new RegExp(`^${host.url}/open\\?code=[\\w-]+$`));
    const args = (await readArgs(browser.file)).trim().split('\n').slice(1);
    expect(args).toEqual([address]);
    expect(args.join(' ')).not.toContain(host.token);
    expect((await fetch(address, { redirect: 'manual' })).status).toBe(303);
    expect((await fetch(address, { redirect: 'manual' })).status).toBe(403);
    // The first one still runs, alone: the same service, still answering.
    expect(host.process.exitCode).toBeNull();
    expect(await host.call('service:status')).toMatchObject({ state: 'running' });
  });

  it('starts again after the running one was killed with SIGKILL', async () => {
    const before = host.url;
    await host.kill();
    host = await startWebHostProcess(dataDir, NO_KEYCHAIN);
    expect(host.url).not.toBe(before);
    expect(await host.call('service:status')).toMatchObject({ state: 'running' });
    const handedOver = await runWebHost(['--data', dataDir, '--no-open'], {});
    expect(handedOver.code).toBe(0);
    expect(handedOver.stdout).toContain(`${host.url}/open?code=`);
  });
});

describe('a data folder that cannot be used', () => {
  async function expectOneSentence(dataDir: string, pattern: RegExp): Promise<void> {
    const run = await runWebHost(['--data', dataDir, '--no-open'], {});
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(pattern);
  }

  it('says a torn connections.json is damaged', async () => {
    const dataDir = join(work, 'torn');
    await mkdir(dataDir, { recursive: true });
    await writeFile(join(dataDir, 'connections.json'), '{"schemaVersion": 1, "data": {"act');
    await expectOneSentence(dataDir, /^kikitori: .*connections\.json: the file is damaged\./);
    expect(await readFile(join(dataDir, 'connections.json'), 'utf8')).toContain('"act');
  });

  it('says a journal written by a newer version needs a newer Kikitori', async () => {
    const dataDir = join(work, 'newer');
    await mkdir(join(dataDir, 'jobs'), { recursive: true });
    await writeFile(join(dataDir, 'jobs', 'a.json'), '{"schemaVersion": 99, "data": {}}');
    await expectOneSentence(dataDir, /jobs\/a\.json was written by a newer version of Kikitori/);
  });

  it('says a read-only data folder cannot be written', async () => {
    const dataDir = join(work, 'read-only');
    await mkdir(dataDir, { recursive: true });
    // Permissions do not stop root, so as root the folder is a read-only mount instead.
    const root = process.getuid?.() === 0;
    if (root) execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro', 'tmpfs', dataDir]);
    else await chmod(dataDir, 0o500);
    try {
      await expectOneSentence(dataDir, /cannot write to its data folder .*read-only/);
    } finally {
      if (root) execFileSync('umount', [dataDir]);
      else await chmod(dataDir, 0o700);
    }
  });
});
