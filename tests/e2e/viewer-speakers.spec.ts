/**
 * Speaker labels in the real window. The local service labels no one (docs/api.md), so a real
 * clip is transcribed and its stored result is then replaced with a documented cloud result with
 * labels (tests/support/diarized.ts), written through the app's own job journal.
 */
import { join } from 'node:path';
import { JobJournal } from '../../core/jobs/job-journal';
import type { Job } from '../../shared/domain/job';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import { DIARIZED } from '../support/diarized';
import { dropFiles } from './drop';
import { exportAs } from './export';
import { expect, test } from './fixtures';
import { screenshotAtSizes, seriousViolations } from './look';

const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');

test('a result with speaker labels: a block per speaker turn, named in both languages; VTT voices; no axe violation', async ({
  app,
  host,
}) => {
  await app.getByTestId('language').selectOption('en');
  await expect(app.getByTestId('service-status')).toContainText('Running');
  await dropFiles(app, [{ path: CLIP, name: 'meeting.wav' }]);
  const row = app.getByTestId('file-row').filter({ hasText: 'meeting.wav' });
  await expect(row).toHaveAttribute('data-state', 'completed', { timeout: 120_000 });
  const { jobs } = await host.web.call<{ jobs: Job[] }>('jobs:list', {});
  const id = jobs.find((j) => j.file.name === 'meeting.wav')!.id;
  const journal = await JobJournal.open(host.dataDir);
  await journal.saveResult(id, DIARIZED);

  await row.getByRole('button', { name: 'Open transcript of meeting.wav' }).click();
  const utterances = app.getByTestId('utterances');
  await expect(utterances.getByRole('listitem')).toHaveCount(4);
  await expect(utterances.getByTestId('speaker')).toHaveText([
    'Speaker 1',
    'Speaker 2',
    'Speaker 1',
  ]);
  await expect(utterances.getByRole('listitem').nth(1)).toContainText('Hi there.');
  expect(await seriousViolations(app, '[data-testid="viewer"]')).toEqual([]);
  await screenshotAtSizes(app, 'viewer-speakers-en');

  const [vtt] = await exportAs(app, ['vtt']);
  // Two short turns share a cue, each its own voice and a dash (shared/format/subtitles.ts).
  expect(vtt!.text).toContain(
    '00:00:00.570 --> 00:00:02.300\n<v Speaker 1>- Good morning.</v>\n<v Speaker 2>- Hi there.</v>\n',
  );

  await app.getByTestId('language').selectOption('ja');
  await expect(utterances.getByTestId('speaker')).toHaveText(['話者 1', '話者 2', '話者 1']);
  await app.getByTestId('viewer').getByRole('tab', { name: '単語' }).click();
  await expect(app.getByTestId('word-list').locator('.speaker')).toHaveText([
    '話者 1',
    '話者 2',
    '話者 1',
  ]);
  expect(await seriousViolations(app, '[data-testid="viewer"]')).toEqual([]);
  await screenshotAtSizes(app, 'viewer-speakers-words-ja');
});
