/**
 * The data folder belongs to one core at a time: Core.open takes its lock (core/storage/app-lock.ts), so
 * no host — window, browser mode, or a future command line — can write the journal beside a
 * running app. Stopping the core releases it.
 */
import { afterAll, expect, it } from 'vitest';
import { Core } from '../../../core/core';
import { SessionKeyStore } from '../../../core/key-store/key-store';
import { AppFailure, appError } from '../../../shared/domain/errors';
import { removeDir, tempDir } from '../../support/service-process';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await removeDir(dir);
});

const open = (dataDir: string) =>
  Core.open({
    dataDir,
    keyStore: new SessionKeyStore(appError('keychain-unavailable', {}, 'tests')),
    localService: false,
  });

it('refuses a second core on a folder a live one holds, and opens once the first has stopped', async () => {
  const dataDir = await tempDir('kikitori-lock-');
  dirs.push(dataDir);
  const first = await open(dataDir);
  const refused = await open(dataDir).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(refused).toBeInstanceOf(AppFailure);
  expect((refused as AppFailure).error).toMatchObject({
    code: 'app-running',
    params: { path: dataDir },
  });
  await first.stop();
  const second = await open(dataDir);
  expect(second.journal.list()).toEqual([]);
  await second.stop();
});
