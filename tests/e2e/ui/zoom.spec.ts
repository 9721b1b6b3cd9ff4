import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { DEFAULT_FIXTURES_DIR } from '../../fixtures/build';
import { dropFiles } from './drop';
import { expect, test } from './fixtures';

const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');

// A 1024×700 window at 200% zoom: 512×350 CSS pixels, two device pixels each.
test.use({ viewport: { width: 512, height: 350 }, deviceScaleFactor: 2 });

/** Inside the viewport's width and not covered by another element at its centre. */
async function expectUsable(app: Page, control: Locator): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  await expect(control).toBeVisible();
  const box = (await control.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(512 + 0.5);
  const onTop = await control.evaluate((el) => {
    const r = (
      el as unknown as {
        getBoundingClientRect(): { x: number; y: number; width: number; height: number };
      }
    ).getBoundingClientRect();
    const doc = el.ownerDocument as unknown as { elementFromPoint(x: number, y: number): unknown };
    const hit = doc.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return hit === el || (el as unknown as { contains(n: unknown): boolean }).contains(hit);
  });
  expect(onTop, 'the control is not covered by another element').toBe(true);
}

/**
 * Every Jobs row holds its content: each cell lies inside its row, each row inside the slot the
 * list gave it, nothing scrolls inside a row, and the next row starts below it.
 */
async function expectRowsHoldContent(app: Page): Promise<void> {
  // (Page code, given as text: this file is type-checked without DOM types.)
  const problems = (await app.evaluate(`(() => {
    const out = [];
    const slots = [...document.querySelectorAll('.job-slot')];
    const boxes = slots.map((slot) => slot.getBoundingClientRect());
    slots.forEach((slot, i) => {
      const row = slot.querySelector('[data-testid="job-row"]');
      const name = row.querySelector('.file-name').textContent;
      const r = row.getBoundingClientRect();
      const s = boxes[i];
      if (r.top < s.top - 0.5 || r.bottom > s.bottom + 0.5)
        out.push(name + ': row ' + r.top + '-' + r.bottom + ' outside its slot ' + s.top + '-' + s.bottom);
      if (row.scrollHeight > row.clientHeight + 1 || row.scrollWidth > row.clientWidth + 1)
        out.push(name + ': content ' + row.scrollWidth + 'x' + row.scrollHeight + ' in a row of ' + row.clientWidth + 'x' + row.clientHeight);
      for (const cell of row.querySelectorAll('[role="cell"], [role="cell"] > *')) {
        const c = cell.getBoundingClientRect();
        if (c.height === 0) continue;
        if (c.top < r.top - 0.5 || c.bottom > r.bottom + 0.5 || c.left < r.left - 0.5 || c.right > r.right + 0.5)
          out.push(name + ': ' + cell.className + ' ' + c.top + '-' + c.bottom + ' outside its row ' + r.top + '-' + r.bottom);
      }
      // Each cell holds its own content, and no two cells share any space.
      const cells = [...row.querySelectorAll('[role="cell"]')].filter((c) => c.getBoundingClientRect().width > 0 || c.children.length > 0);
      for (const cell of cells) {
        const c = cell.getBoundingClientRect();
        for (const child of cell.children) {
          const k = child.getBoundingClientRect();
          if (k.width > 0 && (k.left < c.left - 0.5 || k.right > c.right + 0.5))
            out.push(name + ': ' + child.className + ' ' + k.left + '-' + k.right + ' outside its cell ' + cell.className + ' ' + c.left + '-' + c.right);
        }
      }
      cells.forEach((a, i) => cells.slice(i + 1).forEach((b) => {
        const x = a.getBoundingClientRect();
        const y = b.getBoundingClientRect();
        if (Math.min(x.right, y.right) - Math.max(x.left, y.left) > 0.5 && Math.min(x.bottom, y.bottom) - Math.max(x.top, y.top) > 0.5)
          out.push(name + ': ' + a.className + ' and ' + b.className + ' overlap');
      }));
      const next = boxes.find((b) => b.top > s.top);
      if (next && next.top < r.bottom - 0.5) out.push(name + ': the next row starts at ' + next.top + ', inside this one');
    });
    return out;
  })()`)) as string[];
  expect(problems, 'Jobs rows whose content spills out of them').toEqual([]);
}

async function check(app: Page, name: string, primary: Locator[]): Promise<void> {
  await app.screenshot({ path: `.test-results/screenshots/zoom200-${name}.png` });
  const overflow = await app.evaluate(() => {
    const root = (
      globalThis as unknown as {
        document: { documentElement: { scrollWidth: number; clientWidth: number } };
      }
    ).document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(overflow.scrollWidth, `${name}: no horizontal scroll of the page`).toBeLessThanOrEqual(
    overflow.clientWidth,
  );
  for (const tab of await app.getByRole('tablist').first().getByRole('tab').all())
    await expectUsable(app, tab);
  for (const control of primary) await expectUsable(app, control);
}

test('at 200% zoom of a 1024×700 window every screen fits its width and keeps its controls usable', async ({
  app,
}) => {
  await mkdir('.test-results/screenshots', { recursive: true });
  await app.getByTestId('language').selectOption('en');
  await expect(app.getByTestId('service-status')).toContainText('Running');
  await check(app, 'transcribe-empty', [app.getByRole('button', { name: 'Choose files…' })]);

  await dropFiles(app, [{ path: CLIP, name: 'a-rather-long-recording-name-from-the-archive.wav' }]);
  const fileRow = app.getByTestId('file-row');
  await expect(fileRow).toHaveAttribute('data-state', 'completed', { timeout: 120_000 });
  await check(app, 'transcribe', [
    app.getByRole('button', { name: 'Choose files…' }),
    fileRow.getByRole('button', { name: /^Open transcript of / }),
  ]);

  // A failed job too: its status cell holds an error note under the chip.
  await dropFiles(app, [
    { path: join(DEFAULT_FIXTURES_DIR, 'garbage/broken.m4a'), name: 'zoom-not-audio.wav' },
  ]);
  await app.getByRole('tab', { name: 'Jobs' }).click();
  const row = app.getByTestId('job-row').filter({ hasText: 'a-rather-long-recording-name' });
  await expect(
    app.getByTestId('job-row').filter({ hasText: 'zoom-not-audio.wav' }),
  ).toHaveAttribute('data-status', 'failed', { timeout: 120_000 });
  await expectRowsHoldContent(app);
  await check(app, 'jobs', [
    app.getByTestId('job-search'),
    row.getByRole('button', { name: /^Open: / }),
    row.getByRole('button', { name: /^Remove: / }),
  ]);

  await row.getByRole('button', { name: /^Open: / }).click();
  const viewer = app.getByTestId('viewer');
  await expect(app.getByTestId('utterances')).toContainText('have been made');
  await check(app, 'viewer', [
    app.getByRole('button', { name: /Back/ }),
    app.getByTestId('export'),
    viewer.getByRole('tab', { name: 'Words' }),
  ]);
  await app.getByRole('button', { name: /Back/ }).click();

  await app.getByRole('tab', { name: 'Dictionary' }).click();
  await expect(app.getByTestId('dict-engine')).toHaveValue('-a-general-en');
  await check(app, 'dictionary', [
    app.getByTestId('dict-profile'),
    app.getByRole('button', { name: 'New profile…' }),
  ]);

  await app.getByRole('tab', { name: 'Settings' }).click();
  await expect(app.getByTestId('keys-table')).toContainText('Local service');
  await check(app, 'settings', [
    app.getByRole('button', { name: 'Issue a key…' }),
    app.getByRole('button', { name: 'Add key…' }),
    app.getByRole('row', { name: /Local service/ }).getByRole('button', { name: /^Delete key / }),
    app.getByRole('button', { name: 'Save', exact: true }),
  ]);
});
