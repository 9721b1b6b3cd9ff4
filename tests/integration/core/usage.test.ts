/**
 * Usage and cost (core/usage/): the real core sends real audio to the real local service, reached
 * as a cloud connection, and counts what went, per calendar month in the person's time zone
 * (a clock and zone of the test's: the last minutes of January in Tokyo, then the first of
 * February), logged and not logged apart, on the job too; the counts survive a restart. A live
 * session's streamed seconds are counted. A budget warns once at 80 %, and a send past it is
 * refused until the person says to send anyway.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../core/core';
import type { KeyStore } from '../../../core/key-store/key-store';
import { audioSeconds } from '../../../core/media/media-tools';
import type { Job } from '../../../shared/domain/job';
import type { EventPayload } from '../../../shared/ipc/contract';
import type { LiveEvent } from '../../../shared/ipc/live';
import { DEFAULT_FIXTURES_DIR } from '../../fixtures/build';
import { useService } from '../../support/hooks';
import { openLiveCore } from '../../support/live-core';
import { removeDir, tempDir } from '../../support/service-process';
import { until } from '../../support/until';
import { pcmOfWav } from '../../support/wav-header';

const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');
const service = useService();
/** The test's clock: 23:58 on 31 January in Tokyo (14:58 UTC). */
let now = Date.parse('2025-01-31T14:58:00Z');
const usageTime = { now: () => now, timeZone: () => 'Asia/Tokyo' };
let dataDir: string;
let core: Core;
let keys: KeyStore;
let clipSeconds: number;
const warnings: EventPayload<'usage:warning'>[] = [];

async function open(): Promise<Core> {
  const opened = await openLiveCore(dataDir, service, {
    usageTime,
    ...(keys ? { keyStore: keys } : {}),
  });
  opened.subscribe((event, payload) => {
    if (event === 'usage:warning') warnings.push(payload as EventPayload<'usage:warning'>);
  });
  return opened;
}

/** A connection to the test service, logged or not, with its key. */
async function addConnection(id: string, logging: boolean): Promise<void> {
  const direct = core.connections.get('direct')!;
  await core.connections.save({ ...direct, id, name: id, logging, keyRef: null });
  const added = await core.invoke('keys:add', { label: id, key: service.key, connection: id });
  if (!added.ok) throw new Error(added.error.code);
}

async function transcribe(
  connection: string,
  overBudget?: boolean,
  use?: { speakers: boolean },
): Promise<Job> {
  const sent = await core.invoke('transcribe:files', {
    paths: [CLIP],
    connection,
    ...(overBudget === undefined ? {} : { overBudget }),
    ...(use ? { use } : {}),
  });
  if (!sent.ok) throw Object.assign(new Error(sent.error.code), { appError: sent.error });
  const id = sent.data.jobs[0]!.id;
  return until(
    () => core.journal.get(id)!,
    (job) => job.status === 'completed' || job.status === 'failed',
  );
}

async function usageOf(connection: string, month?: string, months?: number) {
  const summary = await core.invoke('usage:summary', {
    ...(month ? { month } : {}),
    ...(months ? { months } : {}),
  });
  if (!summary.ok) throw new Error(summary.error.code);
  return {
    month: summary.data.month,
    usage: summary.data.connections.find((c) => c.connection === connection)!,
  };
}

beforeAll(async () => {
  dataDir = await tempDir('kikitori-usage-');
  core = await open();
  keys = core.keys;
  await addConnection('unlogged', false);
  await addConnection('budgeted', true);
  clipSeconds = (await audioSeconds(CLIP))!;
}, 60_000);

afterAll(async () => {
  await core?.stop();
  if (dataDir) await removeDir(dataDir);
});

describe('usage', { timeout: 180_000 }, () => {
  it('counts each file sent in its month, logged and not apart, across a restart and a month’s end', async () => {
    const job = await transcribe('direct');
    expect(job.status).toBe('completed');
    expect(job.billedSeconds).toBeCloseTo(clipSeconds, 2);
    const january = await usageOf('direct');
    expect(january.month).toBe('2025-01');
    expect(january.usage.months).toEqual([
      { month: '2025-01', secondsLogged: job.billedSeconds, secondsNotLogged: 0 },
    ]);

    // A restart, two minutes later: it is February in Tokyo (still January in UTC).
    await core.stop();
    now = Date.parse('2025-01-31T15:00:30Z');
    core = await open();
    const february = await usageOf('direct');
    expect(february.month).toBe('2025-02');
    expect(february.usage.months[0]).toMatchObject({ secondsLogged: 0, secondsNotLogged: 0 });
    const unlogged = await transcribe('unlogged');
    expect(unlogged.billedSeconds).toBeCloseTo(clipSeconds, 2);
    const both = await usageOf('unlogged', '2025-02', 2);
    expect(both.usage.months).toEqual([
      { month: '2025-02', secondsLogged: 0, secondsNotLogged: unlogged.billedSeconds },
      { month: '2025-01', secondsLogged: 0, secondsNotLogged: 0 },
    ]);
    expect((await usageOf('direct', '2025-01')).usage.months[0]!.secondsLogged).toBe(
      job.billedSeconds,
    );
  });

  it('counts an async job’s audio when the service takes it', async () => {
    const before = (await usageOf('unlogged')).usage.months[0]!.secondsNotLogged;
    // Speaker labels make it a job (routing.ts).
    const job = await transcribe('unlogged', undefined, { speakers: true });
    expect(job.mode).toBe('async');
    expect(job.billedSeconds).toBeCloseTo(clipSeconds, 2);
    const after = (await usageOf('unlogged')).usage.months[0]!.secondsNotLogged;
    expect(after - before).toBeCloseTo(clipSeconds, 2);
  });

  it('shows a cost only with the rates the months need', async () => {
    const set = await core.invoke('usage:setPlan', {
      connection: 'direct',
      plan: { currency: 'JPY', ratePerHourLogged: 90, askOverBudget: false },
    });
    expect(set.ok).toBe(true);
    const { usage } = await usageOf('direct', '2025-01');
    expect(usage.months[0]!.cost).toBeCloseTo((clipSeconds * 90) / 3600, 6);
    // Not-logged audio with no not-logged rate: no cost rather than too low a one.
    const unlogged = await usageOf('unlogged', '2025-02');
    expect(unlogged.usage.months[0]!.secondsNotLogged).toBeGreaterThan(0);
    expect(unlogged.usage.months[0]!.cost).toBeUndefined();
  });

  it('counts the seconds a live session streamed, on its job too', async () => {
    const pcm = pcmOfWav(await readFile(CLIP));
    const events: LiveEvent[] = [];
    const before = (await usageOf('direct')).usage.months[0]!.secondsLogged;
    const inbound = core.live.open({ send: (e) => events.push(e), close: () => undefined });
    inbound.text(JSON.stringify({ type: 'start', connection: 'direct' }));
    await until(() => events.some((e) => e.type === 'state' && e.state === 'listening'), Boolean);
    for (let at = 0; at < pcm.length; at += 3200) inbound.audio(pcm.subarray(at, at + 3200));
    inbound.text(JSON.stringify({ type: 'stop' }));
    const stopped = await until(
      () => events.find((e) => e.type === 'state' && e.state === 'stopped'),
      Boolean,
    );
    const job = stopped?.type === 'state' ? stopped.job : undefined;
    expect(job?.billedSeconds).toBeCloseTo(pcm.length / 32_000, 3);
    const after = (await usageOf('direct')).usage.months[0]!.secondsLogged;
    expect(after - before).toBeCloseTo(pcm.length / 32_000, 3);
  });

  it('warns once at 80 % of a budget, and asks before sending past it', async () => {
    // One clip is 90 % of the budget.
    const budgetHours = clipSeconds / 0.9 / 3600;
    const set = await core.invoke('usage:setPlan', {
      connection: 'budgeted',
      plan: { currency: 'JPY', budgetHours, askOverBudget: true },
    });
    expect(set.ok).toBe(true);
    warnings.length = 0;
    await transcribe('budgeted');
    await until(
      () => warnings.length,
      (n) => n > 0,
    );
    expect(warnings).toEqual([
      {
        connection: 'budgeted',
        month: '2025-02',
        secondsUsed: expect.closeTo(clipSeconds, 2),
        secondsBudget: expect.closeTo(budgetHours * 3600, 2),
      },
    ]);

    // The next clip would go past it: refused, and nothing journaled.
    const jobs = core.journal.list().length;
    const refused = await transcribe('budgeted').catch((error: { appError?: unknown }) => error);
    expect((refused as { appError?: unknown }).appError).toMatchObject({
      code: 'over-budget',
      params: { connection: 'budgeted', what: 'files' },
    });
    expect(core.journal.list()).toHaveLength(jobs);

    // Sent anyway when the person says so; the warning is not said again.
    const anyway = await transcribe('budgeted', true);
    expect(anyway.status).toBe('completed');
    expect(warnings).toHaveLength(1);

    // A live session is asked about once the budget is spent.
    const events: LiveEvent[] = [];
    const inbound = core.live.open({ send: (e) => events.push(e), close: () => undefined });
    inbound.text(JSON.stringify({ type: 'start', connection: 'budgeted' }));
    const error = await until(() => events.find((e) => e.type === 'error'), Boolean);
    expect(error).toMatchObject({
      fatal: true,
      error: { code: 'over-budget', params: { what: 'live' } },
    });
  });
});
