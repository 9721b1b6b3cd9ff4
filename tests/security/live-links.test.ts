/**
 * What a local process holding a page's session (or the launch token) can make the web host's
 * `/live` hold (docs/architecture.md §4, "Limits against a hostile local process"): a
 * `/live` ticket opens one link, a link that says nothing is closed 10 s after it opened, audio
 * before `start` ends the link rather than being kept, and at most 3 links are open at once. The
 * real web host process and its core; its memory read from /proc.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { liveEventSchema, type LiveEvent } from '../../shared/ipc/live';
import { useWebHost } from '../support/hooks';
import { pageTicket as ticket } from '../support/page-ticket';
import { until } from '../support/until';

const web = useWebHost('kikitori-live-links-');
const host = web.host;

const pageTicket = (path: string) => ticket(host.url, host.token, path);

/** A field of /proc/<pid>/status, in MB (VmRSS: now; VmHWM: the most it has been). */
async function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return kb / 1024;
}

interface Link {
  readonly ws: WebSocket;
  readonly events: LiveEvent[];
  /** 'open', or the refusal's status. */
  readonly outcome: Promise<'open' | number>;
  readonly closed: Promise<number>;
}

function link(path: string, headers: Record<string, string>): Link {
  const ws = new WebSocket(`${host.url.replace('http', 'ws')}${path}`, { headers });
  const events: LiveEvent[] = [];
  ws.on('message', (data) =>
    events.push(liveEventSchema.parse(JSON.parse((data as Buffer).toString('utf8')))),
  );
  const outcome = new Promise<'open' | number>((resolve, reject) => {
    ws.once('open', () => resolve('open'));
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      res.resume();
      ws.terminate();
    });
    ws.once('error', reject);
  });
  const closed = new Promise<number>((resolve) => ws.once('close', () => resolve(Date.now())));
  return { ws, events, outcome, closed };
}

/** 30 s of LSB16K audio in 100 ms chunks (a low tone, so that nothing compresses it away). */
const THIRTY_SECONDS = Array.from({ length: 300 }, (_, n) => {
  const chunk = Buffer.alloc(3_200);
  for (let i = 0; i < 1_600; i++)
    chunk.writeInt16LE(
      Math.round(3_000 * Math.sin((2 * Math.PI * 220 * (n * 1_600 + i)) / 16_000)),
      i * 2,
    );
  return chunk;
});

/**
 * Sends the 30 s on an open link without `start`, and resolves once the host has read all of it
 * (its answer to a ping after the last chunk) or closed the link.
 */
async function flood(l: Link): Promise<void> {
  if ((await l.outcome) !== 'open') return;
  for (const chunk of THIRTY_SECONDS) {
    if (l.ws.readyState !== l.ws.OPEN) return;
    l.ws.send(chunk, { binary: true });
  }
  if (l.ws.readyState !== l.ws.OPEN) return;
  const pong = new Promise<void>((resolve) => l.ws.once('pong', () => resolve()));
  l.ws.ping();
  await Promise.race([pong, l.closed]);
}

const code = (l: Link) => l.events.flatMap((e) => (e.type === 'error' ? [e.error.code] : []));

describe('live links against a hostile local process', { timeout: 120_000 }, () => {
  it('100 links on one /live ticket: one opens, holds no audio before start, and the host stays within 64 MB', async () => {
    const pid = host.process.pid!;
    const ticket = await pageTicket('/live');
    const before = await memoryMb(pid, 'VmRSS');
    const links = Array.from({ length: 100 }, () =>
      link(`/live?ticket=${ticket}`, { Origin: host.url }),
    );
    await Promise.all(links.map(flood));
    const peak = await memoryMb(pid, 'VmHWM');
    const outcomes = await Promise.all(links.map((l) => l.outcome));
    const opened = links.filter((_, i) => outcomes[i] === 'open');
    console.log(
      `100 links on one /live ticket: ${opened.length} opened, ${outcomes.filter((o) => o === 403).length} refused; ` +
        `host RSS ${before.toFixed(1)} MB before, peak ${peak.toFixed(1)} MB (+${(peak - before).toFixed(1)} MB)`,
    );
    expect(opened).toHaveLength(1);
    expect(outcomes.filter((o) => o === 403)).toHaveLength(99);
    // The one that opened sent audio before start: the host ended it rather than keep the audio.
    await opened[0]!.closed;
    expect(code(opened[0]!)).toContain('live-protocol');
    expect(peak - before).toBeLessThanOrEqual(64);
  });

  it('at most 3 links at once, each closed 10 s after it opened without start', async () => {
    const headers = { Authorization: `Bearer ${host.token}` };
    const links = Array.from({ length: 10 }, () => link('/live', headers));
    await Promise.all(links.map((l) => l.outcome));
    const openedAt = Date.now();
    // Beyond three, a link is told another session holds the live link, and closed at once.
    const refused = await until(
      () => links.filter((l) => code(l).includes('live-running')),
      (r) => r.length === 7,
      { timeoutMs: 5_000 },
    );
    await Promise.all(refused.map((l) => l.closed));
    const waiting = links.filter((l) => !refused.includes(l));
    expect(waiting.every((l) => l.ws.readyState === l.ws.OPEN)).toBe(true);
    // The three that stay say nothing: each is closed about 10 s after it opened.
    const closedAt = await Promise.race([
      Promise.all(waiting.map((l) => l.closed)),
      new Promise<never>((_, reject) => {
        const timer = setTimeout(() => reject(new Error('still open 20 s later')), 20_000);
        timer.unref();
      }),
    ]);
    const after = closedAt.map((t) => (t - openedAt) / 1000);
    console.log(`links without start closed after ${after.map((s) => s.toFixed(1)).join(', ')} s`);
    for (const l of waiting) expect(code(l)).toEqual(['live-protocol']);
    for (const s of after) {
      expect(s).toBeGreaterThanOrEqual(9.5);
      expect(s).toBeLessThan(15);
    }
  });
});
