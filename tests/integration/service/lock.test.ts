import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { EXIT_CODES } from '../../../service/main';
import { DataDirLockedError, lockDataDir } from '../../../service/storage/lock';
import { removeDir, spawnService, startService, tempDir } from '../../support/service-process';

/** Starts a service and gathers its JSON lines; `outcome` settles on listening or on exit. */
function launch(args: readonly string[], env?: Record<string, string>) {
  const service = spawnService(['--workers', '1', ...args], env ? { env } : {});
  const events: Array<Record<string, unknown>> = [];
  const lines = createInterface({ input: service.child.stdout! });
  lines.on('line', (line) => events.push(JSON.parse(line) as Record<string, unknown>));
  const allRead = new Promise((resolve) => lines.once('close', resolve));
  const outcome = Promise.race([
    service.printed('"listening"').then(() => 'listening' as const),
    Promise.all([service.exited, allRead]).then(([code]) => code),
  ]);
  return { ...service, events, outcome };
}

/** A pid that belonged to a process which has ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

/** A model folder that is not there: the service starts without its engine, at once. */
const NO_ENGINE = { KIKITORI_PS_MODEL_DIR: '/nonexistent/model' };

describe('one service per data folder', () => {
  it('lets exactly one of three racing starts win, every time, even over a stale lock file', async () => {
    const dataDir = await tempDir();
    for (let trial = 0; trial < 6; trial++) {
      // What a service killed with SIGKILL leaves behind, in the old and the new format.
      const pid = await deadPid();
      await writeFile(
        join(dataDir, 'service.lock'),
        trial % 2 ? String(pid) : JSON.stringify({ pid, since: new Date(0).toISOString() }),
      );
      // Without the engine: the folder is locked before the engine starts, so the race is the
      // same, and each trial's winner does not load the model (six loads were most of the test's
      // processor time).
      const racers = [0, 1, 2].map(() => launch(['--data', dataDir], NO_ENGINE));
      const outcomes = await Promise.all(racers.map((r) => r.outcome));
      const winners = racers.filter((_, i) => outcomes[i] === 'listening');
      expect(
        outcomes.filter((o) => o === 'listening'),
        `trial ${trial}`,
      ).toHaveLength(1);
      expect(
        outcomes.filter((o) => o === EXIT_CODES.dataFolderLocked),
        `trial ${trial}`,
      ).toHaveLength(2);
      const winner = winners[0]!;
      for (const loser of racers.filter((r) => r !== winner)) {
        const refusal = loser.events.find((e) => e.event === 'data-folder-locked');
        expect(refusal).toMatchObject({
          dataDir,
          holder: { pid: winner.child.pid, since: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
          message: expect.stringMatching(
            new RegExp(`another Kikitori service \\(pid ${winner.child.pid}, running since `),
          ),
        });
        expect(loser.stderr()).not.toMatch(/usage:|\n\s+at /);
      }
      expect(await winner.stop()).toBe(0);
    }
    await removeDir(dataDir);
  }, 300_000);

  it('holds between two services of one process too, and comes free on release', async () => {
    const dataDir = await tempDir();
    const release = await lockDataDir(dataDir);
    const refusal = await lockDataDir(dataDir).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DataDirLockedError);
    expect((refusal as DataDirLockedError).holder).toMatchObject({ pid: process.pid });
    await release();
    await (
      await lockDataDir(dataDir)
    )();
    await removeDir(dataDir);
  });

  it('starts at once after the holder was killed with SIGKILL', async () => {
    const first = await startService({ args: ['--workers', '1'] });
    await first.kill();
    const second = await startService({
      dataDir: first.dataDir,
      key: first.key,
      args: ['--workers', '1'],
    });
    expect(second.events.map((e) => e.event)).toEqual(['starting', 'listening']);
    expect(await second.stop()).toBe(0);
    await removeDir(first.dataDir);
  });
});

describe('the port', () => {
  it('without --port takes a free one and names it in the listening line', async () => {
    const dataDir = await tempDir();
    const service = launch(['--data', dataDir]);
    expect(await service.outcome).toBe('listening');
    const listening = service.events.find((e) => e.event === 'listening');
    expect(String(listening?.url)).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*$/);
    expect(await service.stop()).toBe(0);
    await removeDir(dataDir);
  });

  it('refuses a busy --port in one sentence naming it, with its own exit code', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    const dataDir = await tempDir();
    const service = launch(['--data', dataDir, '--port', String(port)]);
    expect(await service.outcome).toBe(EXIT_CODES.portInUse);
    expect(service.events.at(-1)).toEqual({
      event: 'port-in-use',
      port,
      message: `port ${port} is already in use: choose another with --port, or leave --port out to take a free one`,
    });
    expect(service.stderr().trim().split('\n')).toEqual([
      `kikitori service: port ${port} is already in use: choose another with --port, or leave --port out to take a free one`,
    ]);
    await new Promise((resolve) => taken.close(resolve));
    // The folder was released with the refusal.
    const next = launch(['--data', dataDir]);
    expect(await next.outcome).toBe('listening');
    expect(await next.stop()).toBe(0);
    await removeDir(dataDir);
  });
});
