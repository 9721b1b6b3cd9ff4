/**
 * `kikitori usage` and the budget on the command line, as a person runs them (the package's
 * bin, the real core, the real local service it supervises, real audio): what a file sent is
 * counted and printed, for people and as one JSON object per connection with its cost when rates
 * are set; a month that is not one is refused (2); a send past a budget the person asked to be
 * asked about is refused with what to do, and goes with --over-budget.
 */
import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Core } from '../../core/core';
import { audioSeconds } from '../../core/media/media-tools';
import { monthOf, type UsagePlan } from '../../shared/domain/usage';
import { jsonLines, kikitori } from '../support/cli-run';
import { removeDir, tempDir } from '../support/service-process';

const FIXTURES = 'tests/fixtures/generated';
let work: string;
let dataDir: string;
let clip: string;
let seconds: number;

/** A plan set as Settings sets it, on the data folder while no command holds it. */
async function setPlan(connection: string, plan: UsagePlan): Promise<void> {
  const core = await Core.open({ dataDir, localService: false, watchFolders: false });
  try {
    const set = await core.invoke('usage:setPlan', { connection, plan });
    expect(set.ok).toBe(true);
  } finally {
    await core.stop();
  }
}

beforeAll(async () => {
  work = await tempDir('kikitori-cli-usage-');
  dataDir = await tempDir('kikitori-cli-usage-data-');
  clip = join(work, 'sentence-1.wav');
  await copyFile(join(FIXTURES, 'espeak', 'sentence-1.wav'), clip);
  seconds = (await audioSeconds(clip))!;
});
afterAll(async () => {
  await removeDir(work);
  await removeDir(dataDir);
});

describe('kikitori usage', { timeout: 180_000 }, () => {
  it('prints what each connection sent this month, and its cost at the rates set', async () => {
    const sent = await kikitori(['--data', dataDir, 'transcribe', clip, '--out', work]);
    expect(sent.code, sent.stderr).toBe(0);
    await setPlan('local', { currency: 'JPY', ratePerHourNotLogged: 3600, askOverBudget: false });

    const json = await kikitori(['--data', dataDir, '--json', 'usage']);
    expect(json.code, json.stderr).toBe(0);
    const month = monthOf(Date.now(), Intl.DateTimeFormat().resolvedOptions().timeZone);
    const lines = jsonLines(json.stdout);
    expect(lines.map((l) => l.connection)).toEqual(['local', 'cloud']);
    expect(lines[0]).toEqual({
      connection: 'local',
      month,
      secondsLogged: 0,
      secondsNotLogged: expect.closeTo(seconds, 2),
      // 3,600 yen an hour: a yen a second.
      cost: expect.closeTo(seconds, 2),
    });
    // No rates, no cost.
    expect(lines[1]).toEqual({ connection: 'cloud', month, secondsLogged: 0, secondsNotLogged: 0 });

    const people = await kikitori(['--data', dataDir, 'usage']);
    expect(people.code, people.stderr).toBe(0);
    const whole = Math.round(seconds);
    expect(people.stdout).toContain(
      `Local (offline) (local), ${month}: logged 0:00:00, not logged 0:00:${String(whole).padStart(2, '0')}; about ¥${whole}`,
    );
    const ja = await kikitori(['--data', dataDir, 'usage'], { LANG: 'ja_JP.UTF-8' });
    expect(ja.stdout).toContain(
      `ログ保存なし 0:00:${String(whole).padStart(2, '0')}、約 ￥${whole}`,
    );
  });

  it('gives another month, and refuses what is not a month', async () => {
    const old = await kikitori(['--data', dataDir, '--json', 'usage', '--month', '2001-02']);
    expect(old.code, old.stderr).toBe(0);
    expect(jsonLines(old.stdout)[0]).toMatchObject({
      connection: 'local',
      month: '2001-02',
      secondsNotLogged: 0,
    });
    const bad = await kikitori(['--data', dataDir, 'usage', '--month', '2025-13']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('“2025-13” is not a month. Give it as YYYY-MM, such as 2025-02.');
  });

  it('refuses a send past the budget unless --over-budget is given', async () => {
    // Spent already: the next file would go past it.
    await setPlan('local', {
      currency: 'JPY',
      budgetHours: seconds / 3600,
      askOverBudget: true,
    });
    const refused = await kikitori(['--data', dataDir, 'transcribe', clip, '--out', work]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /Local \(offline\) has sent 0:00:0\d of its monthly budget of 0:00:0\d, and these files would add 0:00:0\d, past the budget you set\..*To send anyway, run the command again with --over-budget\./,
    );
    const anyway = await kikitori([
      '--data',
      dataDir,
      'transcribe',
      clip,
      '--out',
      work,
      '--over-budget',
    ]);
    expect(anyway.code, anyway.stderr).toBe(0);
    const after = jsonLines((await kikitori(['--data', dataDir, '--json', 'usage'])).stdout);
    expect(after[0]!.secondsNotLogged).toBeCloseTo(seconds * 2, 2);
  });
});
