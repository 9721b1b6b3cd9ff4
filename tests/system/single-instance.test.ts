/**
 * Browser mode as a person starts it, with real processes: the browser is opened with a one-time
 * address (never the token), a second start on the same data folder hands over to the running
 * one, a lock left by SIGKILL never blocks, and a data folder that cannot be used is one sentence
 * and a non-zero exit.
 */
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
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
    const child = spawn(process.execPath, ['scripts/web-host.mjs', ...args], {
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

  it('opens the browser on a user-only page that carries the one-time address, never on the command line', async () => {
    const browser = await recordingBrowser('first');
    host = await startWebHostProcess(
      dataDir,
      { ...NO_KEYCHAIN, ...browser.env },
      ['scripts/web-host.mjs'],
      { open: true },
    );
    const args = (await readArgs(browser.file)).trim().split('\n').slice(1);
    const code = new URL(host.openUrl).searchParams.get('code')!;
    // The browser's command line (readable by every local user) holds a file's path only.
    expect(args).toHaveLength(1);
    expect(args[0]!.startsWith(`${join(dataDir, 'open')}/`)).toBe(true);
    expect(args[0]).toMatch(/\/[0-9a-f]{24}\.html$/);
    expect(args.join(' ')).not.toContain(code);
    expect(args.join(' ')).not.toContain(host.token);
    expect((await stat(args[0]!)).mode & 0o777).toBe(0o600);
    expect((await stat(join(dataDir, 'open'))).mode & 0o777).toBe(0o700);
    expect(await readFile(args[0]!, 'utf8')).toContain(`url=${host.openUrl}`);
    expect(host.lines.join('\n')).not.toContain(host.token);

    // /open hands the code on in the fragment (no request, no Referer carries it), sets no cookie.
    const first = await fetch(host.openUrl, { redirect: 'manual' });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe(`/#open=${code}`);
    expect(first.headers.get('set-cookie')).toBeNull();
    // The page spends it once for a session, which works as a header and nowhere else.
    const claim = (origin = host.url) =>
      fetch(`${host.url}/session/claim`, {
        method: 'POST',
        headers: { Origin: origin, 'Content-Type': 'application/json' },
        body: JSON.stringify({ code }),
      });
    expect((await claim('http://127.0.0.1:1')).status).toBe(403);
    const claimed = await claim();
    expect(claimed.headers.get('set-cookie')).toBeNull();
    const { session } = ((await claimed.json()) as { data: { session: string } }).data;
    expect((await claim()).status).toBe(403);
    // A used address is a page saying so, in the browser's language, not JSON.
    const used = await fetch(host.openUrl, {
      redirect: 'manual',
      headers: { 'Accept-Language': 'ja,en;q=0.8' },
    });
    expect(used.status).toBe(403);
    expect(used.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await used.text()).toContain('このアドレスは使用済みです');
    expect(await (await rpc(host, { 'X-Kikitori-Session': session })).json()).toMatchObject({
      ok: true,
      data: { jobs: [] },
    });
    for (const headers of [
      {} as Record<string, string>,
      { 'X-Kikitori-Session': `${session}x` },
      { Cookie: `kikitori-${new URL(host.url).port}=${session}`, 'Sec-Fetch-Site': 'same-origin' },
    ])
      expect((await rpc(host, headers)).status).toBe(401);
    // The event stream takes a ticket for /events only, never the session itself.
    expect((await fetch(`${host.url}/events?ticket=${session}`)).status).toBe(401);
    const ticket = (
      (await (
        await fetch(`${host.url}/session/ticket`, {
          method: 'POST',
          headers: { 'X-Kikitori-Session': session, 'Content-Type': 'application/json' },
          body: JSON.stringify({ path: '/events' }),
        })
      ).json()) as { data: { ticket: string } }
    ).data.ticket;
    expect((await fetch(`${host.url}/media/x?ticket=${ticket}`)).status).toBe(401);
    const events = await fetch(`${host.url}/events?ticket=${ticket}`);
    expect(events.status).toBe(200);
    await events.body!.cancel();
  });

  it('hands a second start over to the running instance', async () => {
    const browser = await recordingBrowser('second');
    const second = await runWebHost(['--data', dataDir], browser.env);
    expect(second.code).toBe(0);
    const address = second.stdout.trim().split('\n').at(-1)!;
    expect(second.stdout).toMatch(/already running for this data folder/);
    expect(second.stdout).toMatch(/It works once, and only for 10 minutes; after that, start/);
    expect(address).toMatch(new RegExp(`^${host.url}/open\\?code=[\\w-]+$`));
    const args = (await readArgs(browser.file)).trim().split('\n').slice(1);
    expect(args).toHaveLength(1);
    expect(args[0]).not.toContain('code=');
    expect(args.join(' ')).not.toContain(host.token);
    expect(await readFile(args[0]!, 'utf8')).toContain(`url=${address}`);
    expect((await fetch(address, { redirect: 'manual' })).status).toBe(303);
    // The first one still runs, alone: the same service, still answering.
    expect(host.process.exitCode).toBeNull();
    expect(await host.call('service:status')).toMatchObject({ state: 'running' });
  });

  it('starts again after the running one was killed with SIGKILL', async () => {
    const before = host;
    await host.kill();
    host = await startWebHostProcess(dataDir, NO_KEYCHAIN);
    // A new instance (its own token), on the port this data folder's tabs know.
    expect(host.token).not.toBe(before.token);
    expect(host.url).toBe(before.url);
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
