/**
 * Exporting from the viewer as a person does: the Export… dialog, exactly these formats ticked,
 * Export, and every file the browser downloads, by name.
 */
import { readFile } from 'node:fs/promises';
import { expect, type Download, type Page } from '@playwright/test';

export interface Downloaded {
  readonly name: string;
  readonly path: string;
  readonly text: string;
}

/** Ticks exactly `formats` in the open export dialog. */
export async function chooseFormats(app: Page, formats: readonly string[]): Promise<void> {
  const boxes = app.getByTestId('export-dialog').locator('[data-testid^="export-format-"]');
  for (const box of await boxes.all()) {
    const format = (await box.getAttribute('data-testid'))!.slice('export-format-'.length);
    await box.setChecked(formats.includes(format));
  }
}

/** Opens the dialog, exports `formats`, and answers the downloads once the dialog has closed. */
export async function exportAs(app: Page, formats: readonly string[]): Promise<Downloaded[]> {
  await app.getByTestId('export').click();
  const dialog = app.getByTestId('export-dialog');
  await expect(dialog).toBeVisible();
  await chooseFormats(app, formats);
  return submitExport(app, formats.length);
}

/** Presses Export in the open dialog and waits for `count` downloads. */
export async function submitExport(app: Page, count: number): Promise<Downloaded[]> {
  const downloads: Download[] = [];
  const take = (download: Download) => downloads.push(download);
  app.on('download', take);
  try {
    await app.getByTestId('export-submit').click();
    await expect.poll(() => downloads.length).toBe(count);
    await expect(app.getByTestId('export-dialog')).toBeHidden();
  } finally {
    app.off('download', take);
  }
  return Promise.all(
    downloads.map(async (download) => {
      const path = await download.path();
      return { name: download.suggestedFilename(), path, text: await readFile(path, 'utf8') };
    }),
  );
}
