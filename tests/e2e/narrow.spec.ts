/**
 * From the window's minimum width (720 px, electron/main/security.ts) to 1920 px, in both
 * languages: every screen fits its width (no sideways scroll), the tabs keep their names whole,
 * the primary controls are inside the window and not covered, and Jobs rows hold their content.
 * Screenshots at the minimum width go with the others (.test-results/screenshots/).
 */
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import { dropFiles } from './drop';
import {
  expectNoSidewaysScroll,
  expectRowsHoldContent,
  expectTabsOnOneLine,
  expectUsable,
} from './fit';
import { expect, test } from './fixtures';
import { SCREENSHOTS } from './look';

const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');
const NAME = 'interview-with-the-archivist-recorded-on-the-second-floor-2026-11-24.wav';
const SIZES = [
  { width: 720, height: 600 },
  { width: 860, height: 640 },
  { width: 1024, height: 700 },
  { width: 1920, height: 1080 },
];

interface Screen {
  readonly name: string;
  /** Opens the screen and gives its primary controls. */
  open(app: Page): Promise<Locator[]>;
}
/** A section's tab by its name in either language. */
const TAB_NAMES = {
  transcribe: /^(Transcribe|文字起こし)$/,
  live: /^(Live|ライブ)$/,
  jobs: /^(Jobs|ジョブ)$/,
  dictionary: /^(Dictionary|辞書)$/,
  settings: /^(Settings|設定)$/,
} as const;
const tab = (app: Page, name: keyof typeof TAB_NAMES) =>
  app.getByRole('tablist').first().getByRole('tab', { name: TAB_NAMES[name] });
const ourRow = (app: Page) => app.getByTestId('job-row').filter({ hasText: NAME.slice(-12) });

const SCREENS: Screen[] = [
  {
    name: 'transcribe',
    async open(app) {
      await tab(app, 'transcribe').click();
      return [app.getByRole('button', { name: /^(Choose files…|ファイルを選択…)$/ })];
    },
  },
  {
    name: 'live',
    async open(app) {
      await tab(app, 'live').click();
      await expect(
        app.getByRole('heading', { name: /^(Live transcription|ライブ文字起こし)$/ }),
      ).toBeVisible();
      return [app.getByTestId('live-start'), app.getByTestId('live-connection')];
    },
  },
  {
    name: 'jobs',
    async open(app) {
      await tab(app, 'jobs').click();
      await expect(ourRow(app)).toBeVisible();
      await expectRowsHoldContent(app);
      return [
        app.getByTestId('job-search'),
        ourRow(app).getByRole('button', { name: /^(Open|開く): / }),
        ourRow(app).getByRole('button', { name: /^(Remove|削除): / }),
      ];
    },
  },
  {
    name: 'viewer',
    async open(app) {
      await tab(app, 'jobs').click();
      await ourRow(app)
        .getByRole('button', { name: /^(Open|開く): / })
        .click();
      await expect(app.getByTestId('utterances')).toBeVisible();
      // The viewer's Back, whole (the player's "5秒戻る" skips back).
      return [
        app.getByRole('button', { name: /^← (Back|戻る)$/ }),
        app.getByTestId('skip-back'),
        app.getByTestId('find'),
        app.getByTestId('export'),
        app.getByTestId('show-original'),
      ];
    },
  },
  {
    name: 'dictionary',
    async open(app) {
      await tab(app, 'dictionary').click();
      await expect(app.getByTestId('dict-engine')).toHaveValue('-a-general-en');
      return [app.getByTestId('dict-profile')];
    },
  },
  {
    name: 'settings',
    async open(app) {
      await tab(app, 'settings').click();
      await expect(app.getByTestId('keys-table')).toBeVisible();
      return [app.getByRole('button', { name: /^(Add connection|接続を追加)$/ })];
    },
  },
];

test('every screen fits from the minimum width to 1920 px, in both languages', async ({ app }) => {
  test.setTimeout(300_000);
  await expect(app.getByTestId('service-status')).toContainText(/Running|稼働中/);
  await dropFiles(app, [
    { path: CLIP, name: NAME },
    { path: join(DEFAULT_FIXTURES_DIR, 'garbage/broken.m4a'), name: 'narrow-not-audio.wav' },
  ]);
  await expect(app.getByTestId('file-row').filter({ hasText: 'narrow-not-audio' })).toHaveAttribute(
    'data-state',
    'failed',
    { timeout: 120_000 },
  );
  await expect(app.getByTestId('file-row').filter({ hasText: NAME.slice(-12) })).toHaveAttribute(
    'data-state',
    'completed',
    { timeout: 120_000 },
  );
  for (const lang of ['en', 'ja'] as const) {
    await app.getByTestId('language').selectOption(lang);
    for (const size of SIZES) {
      await app.setViewportSize(size);
      for (const screen of SCREENS) {
        const where = `${screen.name} ${lang} ${size.width}×${size.height}`;
        const controls = await screen.open(app);
        await expectNoSidewaysScroll(app, where);
        await expectTabsOnOneLine(app, where);
        for (const tabControl of await app.getByRole('tablist').first().getByRole('tab').all())
          await expectUsable(app, tabControl);
        for (const control of controls) await expectUsable(app, control);
        if (size.width === SIZES[0]!.width)
          await app.screenshot({
            path: `${SCREENSHOTS}/${screen.name}-${lang}-${size.width}x${size.height}.png`,
          });
        // The viewer closes again, so the next screen starts from its tab.
        if (screen.name === 'viewer') await tab(app, 'jobs').click();
      }
    }
  }
});
