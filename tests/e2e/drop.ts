/**
 * Real drag-and-drop events: dragenter, dragover and drop carrying a DataTransfer that holds
 * Files built in the page from the fixtures' bytes, dispatched on an element of the window.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Locator, Page } from '@playwright/test';

export interface DropFile {
  readonly path: string;
  readonly name?: string;
  readonly type?: string;
}

export async function dropFiles(page: Page, files: readonly DropFile[], target?: Locator) {
  const payload = await Promise.all(
    files.map(async (file) => ({
      name: file.name ?? basename(file.path),
      type: file.type ?? (file.path.endsWith('.wav') ? 'audio/wav' : ''),
      data: (await readFile(file.path)).toString('base64'),
    })),
  );
  const dataTransfer = await page.evaluateHandle((list) => {
    // Runs in the page; the Node project that type-checks this file has no DOM types.
    const { DataTransfer } = globalThis as unknown as {
      DataTransfer: new () => { items: { add(file: File): void } };
    };
    const transfer = new DataTransfer();
    for (const file of list) {
      const bytes = Uint8Array.from(atob(file.data), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], file.name, { type: file.type }));
    }
    return transfer;
  }, payload);
  const on = target ?? page.getByRole('heading', { level: 1 }).first();
  await on.dispatchEvent('dragenter', { dataTransfer });
  await on.dispatchEvent('dragover', { dataTransfer });
  await on.dispatchEvent('drop', { dataTransfer });
}
