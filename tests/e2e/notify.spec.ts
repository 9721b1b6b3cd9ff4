/**
 * "Notify me when a long job finishes" in the real window: with the permission given,
 * a job that finishes while the window is hidden raises one system notification, in the window's
 * language, with the transcript's first words; a short direct request does not. The page's
 * Notification is the browser's own, wrapped to record what it was asked to show, and the page
 * is told it is hidden (a headless window never is).
 */
import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import { removeDir, tempDir } from '../support/service-process';
import { dropFiles } from './drop';
import { expect, test } from './fixtures';

const run = promisify(execFile);
const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');

type Shown = { title: string; body: string; tag: string };
type Page = {
  shown: Shown[];
  setHidden(hidden: boolean): void;
};

let work: string;
let large: string;

test.beforeAll(async () => {
  work = await tempDir('kikitori-ui-notify-');
  large = join(work, 'long.wav');
  // Over 16 MB, so it runs as a job: the clip and silence at 48 kHz stereo.
  await run('sox', ['-R', CLIP, '-r', '48000', '-c', '2', large, 'pad', '0', '85']);
  expect((await stat(large)).size).toBeGreaterThan(16_777_215);
});

test.afterAll(async () => {
  await removeDir(work);
});

test('a long job finishing in a hidden window raises one notification; a short one does not', async ({
  app,
  host,
}) => {
  await app.context().grantPermissions(['notifications'], { origin: host.web.url });
  // (Page code, given as text: this file is type-checked without DOM types.)
  await app.addInitScript({
    content: `(() => {
      const Real = window.Notification;
      const shown = [];
      class Recorded extends Real {
        constructor(title, options = {}) {
          super(title, options);
          shown.push({ title, body: options.body ?? '', tag: options.tag ?? '' });
        }
        static get permission() { return Real.permission; }
        static requestPermission(...args) { return Real.requestPermission(...args); }
      }
      window.Notification = Recorded;
      let hidden = false;
      Object.defineProperty(document, 'visibilityState', { get: () => (hidden ? 'hidden' : 'visible') });
      window.__notify = { shown, setHidden: (h) => { hidden = h; } };
    })();`,
  });
  await app.reload();
  await expect(app.getByRole('tablist')).toBeVisible();
  await app.getByTestId('language').selectOption('en');
  await expect(app.getByTestId('service-status')).toContainText('Running');
  const shown = () =>
    app.evaluate(() => (globalThis as unknown as { __notify: Page }).__notify.shown);

  await app.getByTestId('notify').check();
  await expect(app.getByTestId('notify')).toBeChecked();
  await expect(app.getByTestId('notify-hint')).toContainText('A system notification');
  await app.evaluate(() => (globalThis as unknown as { __notify: Page }).__notify.setHidden(true));

  await dropFiles(app, [{ path: CLIP, name: 'short.wav' }]);
  const short = app.getByTestId('file-row').filter({ hasText: 'short.wav' });
  await expect(short).toHaveAttribute('data-state', 'completed', { timeout: 120_000 });

  await dropFiles(app, [{ path: large, name: 'long.wav' }]);
  const long = app.getByTestId('file-row').filter({ hasText: 'long.wav' });
  await expect(long).toHaveAttribute('data-state', 'completed', { timeout: 180_000 });
  await expect.poll(shown).toHaveLength(1);
  const [note] = await shown();
  expect(note!.title).toBe('Transcript ready: long.wav');
  expect(note!.body).toContain('He might even have been made');
});
