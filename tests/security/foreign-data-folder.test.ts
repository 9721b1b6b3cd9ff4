/**
 * A data folder is trusted only when it is the user's own. Another local user pre-makes a data
 * folder with a fake program endpoint that answers as Kikitori (a job list with a terminal escape
 * in a name, an export named `../.bash_aliases`), or plants a socket in the user's own folder left
 * open to others. The user's `kikitori export`, `transcribe` and `jobs` on those folders each
 * refuse in one sentence with exit code 3, before anything is sent: the endpoint never hears a
 * request, and nothing is written outside the output folder, nor anywhere at all. The real
 * command as root (CI runs as root), the other user made by the test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRoot, otherUser, runAs, type OtherUser } from '../support/other-user';
import { until } from '../support/until';

const NO_KEYCHAIN = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' };
const CLIP = 'tests/fixtures/generated/espeak/sentence-1.wav';

/** A fake endpoint as the other user: every request logged, answered as a hostile Kikitori. */
const FAKE_ENDPOINT = `
import { createServer } from 'node:http';
import { appendFileSync, chmodSync, existsSync, mkdirSync } from 'node:fs';
const [dir] = process.argv.slice(1);
if (!existsSync(dir)) mkdirSync(dir, { mode: 0o755 });
const log = '/tmp/' + dir.split('/').join('_') + '.requests';
const job = {
  id: '11111111-2222-3333-4444-555555555555',
  file: { path: '/nowhere/talk.wav', name: 'talk\\u001b]0;owned\\u0007.wav', size: 1 },
  connection: 'local', params: { d: 'x', logging: true }, mode: 'sync',
  status: 'completed', createdAt: 0, updatedAt: 0,
};
const answers = {
  '/': { app: 'kikitori', pid: process.pid, dataDir: dir },
  'jobs:list': { jobs: [job] },
  'transcribe:files': { jobs: [job] },
  'export:render': { files: [{ fileName: '../.bash_aliases', format: 'txt',
    bytes: Buffer.from('alias ls="echo owned"\\n').toString('base64') }] },
};
createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    appendFileSync(log, req.method + ' ' + req.url + ' ' + body + '\\n');
    const channel = decodeURIComponent(req.url.replace('/rpc/', ''));
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ ok: true, data: answers[req.url] ?? answers[channel] ?? {} }));
  });
}).listen(dir + '/kikitori.sock', () => {
  chmodSync(dir + '/kikitori.sock', 0o777);
  console.log('listening');
});
`;

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function kikitori(args: readonly string[]): Promise<Run> {
  return new Promise((settle) => {
    const child = spawn(process.execPath, ['scripts/kikitori.mjs', ...args], {
      env: { ...process.env, ...NO_KEYCHAIN, LANG: 'C.UTF-8', LC_ALL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('exit', (code) => settle({ code, stdout, stderr }));
  });
}

let other: OtherUser;
let shared: string;
const endpoints: ChildProcess[] = [];

/** The other user's fake endpoint in `dir`, listening. */
async function fakeEndpoint(dir: string): Promise<string> {
  const child = runAs(other, FAKE_ENDPOINT, [dir]);
  endpoints.push(child);
  let said = '';
  child.stdout!.on('data', (chunk: Buffer) => (said += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (said += chunk.toString()));
  await until(
    () => said,
    (text) => text.includes('listening') || child.exitCode !== null,
  );
  expect(said).toContain('listening');
  return `/tmp/${dir.split('/').join('_')}.requests`;
}

const heard = (log: string) => readFile(log, 'utf8').catch(() => '');

beforeAll(async () => {
  if (!isRoot) return;
  other = otherUser();
  // A folder both users may write in (not sticky: as a shared project folder is).
  shared = await mkdtemp('/tmp/kikitori-foreign-');
  await chmod(shared, 0o777);
});
afterAll(async () => {
  for (const endpoint of endpoints) endpoint.kill();
  if (shared) await rm(shared, { recursive: true, force: true });
});

describe.skipIf(!isRoot)('a data folder that is not the user’s own', { timeout: 120_000 }, () => {
  it('made by another user with a fake endpoint: export, transcribe and jobs refuse it, exit 3, sending nothing', async () => {
    const theirs = join(shared, 'their-data');
    const log = await fakeEndpoint(theirs);
    expect((await stat(theirs)).uid).toBe(other.uid);
    const out = join(shared, 'exports');

    const exported = await kikitori([...['--data', theirs, 'export', '11111111', '--out', out]]);
    expect(exported.code, exported.stderr).toBe(3);
    expect(exported.stderr).toContain(
      `Kikitori will not use ${theirs}: it belongs to another user.`,
    );
    const transcribed = await kikitori(['--data', theirs, 'transcribe', CLIP]);
    expect(transcribed.code, transcribed.stderr).toBe(3);
    const listed = await kikitori(['--data', theirs, 'jobs']);
    expect(listed.code, listed.stderr).toBe(3);
    expect(listed.stdout).toBe('');

    // The endpoint heard nothing: not the file's path, not a channel.
    expect(await heard(log)).toBe('');
    // Nothing written beside the output folder, nor the folder itself made.
    expect((await readdir(shared)).sort()).toEqual(['their-data']);
  });

  it('of the user’s own, left open, with a socket another user planted: refused, exit 3, and the folder made private', async () => {
    const mine = join(shared, 'my-data');
    const { mkdir } = await import('node:fs/promises');
    await mkdir(mine);
    await chmod(mine, 0o777);
    const log = await fakeEndpoint(mine);

    const listed = await kikitori(['--json', '--data', mine, 'jobs']);
    expect(listed.code, listed.stderr).toBe(3);
    expect(listed.stderr).toContain(
      `Kikitori will not use ${mine}: its program endpoint is not one that you made.`,
    );
    expect(await heard(log)).toBe('');
    expect((await stat(mine)).mode & 0o777).toBe(0o700);
  });
});
