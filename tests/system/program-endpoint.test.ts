/**
 * One way for a program to reach a running app, with real processes: the web host
 * serves the program endpoint, a 0600 Unix socket in the data folder, on no TCP address; a
 * program lists jobs, transcribes a fixture with the real local service and gets its events
 * through it, and the job is the window's too; a page in Debian's Chromium has no way to it; a
 * host killed with SIGKILL leaves a socket that connectProgram calls stale and the next start
 * replaces; a clean stop removes it.
 */
import { readFile, readdir, readlink, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { afterAll, describe, expect, it } from 'vitest';
import { connectProgram } from '../../core/programs/program-client';
import type { CoreLink } from '../../core/programs/program-link';
import type { Job } from '../../shared/domain/job';
import type { EventName, EventPayload } from '../../shared/ipc/contract';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { useWebHost } from '../support/hooks';
import { until } from '../support/until';

const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');

const web = useWebHost('kikitori-program-');
const links: CoreLink[] = [];
afterAll(async () => {
  for (const link of links) await link.close();
});

const endpointOf = () => join(web.dataDir, 'kikitori.sock');

async function linkTo(dataDir: string, pid: number | undefined): Promise<CoreLink> {
  const connection = await connectProgram(dataDir);
  if (connection.kind !== 'connected') throw new Error(JSON.stringify(connection));
  expect(connection.pid).toBe(pid);
  links.push(connection.link);
  return connection.link;
}

/** The TCP ports a process listens on (IPv4 and IPv6), from /proc. */
async function listeningPorts(pid: number): Promise<number[]> {
  const inodes = new Set<string>();
  for (const fd of await readdir(`/proc/${pid}/fd`)) {
    const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
    const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
    if (inode) inodes.add(inode);
  }
  const ports: number[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const rows = (await readFile(table, 'utf8')).trim().split('\n').slice(1);
    for (const row of rows) {
      const cols = row.trim().split(/\s+/);
      // local address, state 0A = LISTEN, inode in column 10
      if (cols[3] === '0A' && inodes.has(cols[9]!))
        ports.push(parseInt(cols[1]!.split(':')[1]!, 16));
    }
  }
  return ports;
}

describe('the program endpoint of browser mode', () => {
  it('is a 0600 socket in the data folder, named in instance.json, and the host listens on no other TCP port', async () => {
    const host = web.host;
    const socket = await stat(endpointOf());
    expect(socket.isSocket()).toBe(true);
    expect(socket.mode & 0o777).toBe(0o600);
    const instance = JSON.parse(await readFile(join(web.dataDir, 'instance.json'), 'utf8')) as {
      data: Record<string, unknown>;
    };
    expect(instance.data).toMatchObject({
      pid: host.process.pid,
      host: 'browser',
      url: host.url,
      endpoint: endpointOf(),
    });
    // The endpoint has no address a page could name: the host's TCP ports are the window's and
    // the OpenAI-compatible endpoint's (which takes only programs' keys, core/programs/openai/).
    const openai = Number(new URL(String(instance.data.openaiBaseUrl)).port);
    expect((await listeningPorts(host.process.pid!)).sort()).toEqual(
      [Number(new URL(host.url).port), openai].sort(),
    );
  });

  it('lets a program list jobs, transcribe a fixture and follow it by its events; the window sees the job', async () => {
    const host = web.host;
    const app = await linkTo(web.dataDir, host.process.pid);
    expect(await app.invoke('jobs:list', {})).toMatchObject({ ok: true, data: { jobs: [] } });
    const seen: Job[] = [];
    app.subscribe(<E extends EventName>(event: E, payload: EventPayload<E>) => {
      if (event === 'jobs:changed') seen.push((payload as EventPayload<'jobs:changed'>).job);
    });
    const started = await app.invoke('transcribe:files', { paths: [CLIP] });
    if (!started.ok) throw new Error(JSON.stringify(started.error));
    const id = started.data.jobs[0]!.id;
    await until(
      () => seen.filter((job) => job.id === id).map((job) => job.status),
      (statuses) => statuses.includes('completed') || statuses.includes('failed'),
    );
    const statuses = seen.filter((job) => job.id === id).map((job) => job.status);
    expect(statuses.at(-1)).toBe('completed');
    // The same job in the same journal: the window (the web host's /rpc) has it, with its text.
    const { transcript } = await host.call<{ transcript?: { text: string } }>('jobs:get', { id });
    expect(transcript?.text).toMatch(/He might even have been made/);
    const listed = await app.invoke('jobs:list', {});
    expect(listed.ok && listed.data.jobs.map((job) => job.id)).toEqual([id]);
  });

  it('cannot be reached from a page in Chromium', async () => {
    const host = web.host;
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS],
    });
    try {
      const page = await browser.newPage();
      await page.goto(`${host.url}/`);
      const socket = endpointOf();
      expect((await stat(socket)).isSocket()).toBe(true);
      // Every way a page could name a local server: none leads to the socket, and the one TCP
      // server there is (the web host) lets no page in without its session.
      const reached = await page.evaluate(async (socket) => {
        const attempt = (url: string) =>
          fetch(url, { method: 'POST', body: '{}' }).then(
            (res) => res.status,
            () => 'failed',
          );
        return {
          file: await attempt(`file://${socket}`),
          unixHost: await attempt(`http://unix:${socket}:/rpc/jobs:list`),
          webHost: await attempt('/rpc/jobs:list'),
        };
      }, socket);
      expect(reached).toEqual({ file: 'failed', unixHost: 'failed', webHost: 401 });
    } finally {
      await browser.close();
    }
  });

  it('after a SIGKILL: the socket left is stale, the next start replaces it, and a clean stop removes it', async () => {
    const killed = web.host;
    await killed.kill();
    // The dead host's socket is still there; nobody answers on it.
    expect((await stat(endpointOf())).isSocket()).toBe(true);
    const stale = await connectProgram(web.dataDir);
    expect(stale).toMatchObject({
      kind: 'unreachable',
      reason: 'stale',
      error: { code: 'program-unreachable', params: { path: web.dataDir, reason: 'stale' } },
    });

    const again = await web.restart();
    const app = await linkTo(web.dataDir, again.process.pid);
    const listed = await app.invoke('jobs:list', {});
    expect(listed.ok && listed.data.jobs).toHaveLength(1);
    expect((await stat(endpointOf())).mode & 0o777).toBe(0o600);

    expect(await again.stop()).toBe(0);
    await expect(stat(endpointOf())).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(stat(join(web.dataDir, 'instance.json'))).rejects.toMatchObject({
      code: 'ENOENT',
    });
    expect(await connectProgram(web.dataDir)).toEqual({ kind: 'absent', endpoint: endpointOf() });
    expect(await app.invoke('jobs:list', {})).toMatchObject({
      ok: false,
      error: { code: 'program-unreachable', params: { reason: 'gone' } },
    });
  });
});
