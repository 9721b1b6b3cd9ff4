import { mkdir } from 'node:fs/promises';
import { expect, test } from './fixtures';

const SIZES = [
  { width: 1024, height: 700 },
  { width: 1920, height: 1080 },
];

test('screenshots of every section in both languages and themes', async ({ app }) => {
  await mkdir('.test-results/screenshots', { recursive: true });
  await expect(app.getByTestId('service-status')).toContainText(/Running|稼働中/);
  for (const lang of ['en', 'ja'] as const) {
    await app.getByTestId('language').selectOption(lang);
    for (const theme of ['light', 'dark'] as const) {
      await app.getByTestId('theme').selectOption(theme);
      for (const size of SIZES) {
        await app.setViewportSize(size);
        for (const tab of [0, 1, 2, 3]) {
          await app.getByRole('tab').nth(tab).click();
          await app.screenshot({
            path: `.test-results/screenshots/${['transcribe', 'jobs', 'dictionary', 'settings'][tab]}-${lang}-${theme}-${size.width}x${size.height}.png`,
          });
        }
      }
    }
  }
});
