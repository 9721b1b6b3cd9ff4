/**
 * What "fits the window" means for the layout specs (zoom, narrow windows): no sideways scroll,
 * tabs on one line each, controls inside the window and not covered, Jobs rows holding their
 * content, and (in the stacked layout) each row's cells one under another.
 *
 * Each is judged once the layout has settled: a row that just grew (a failed job's note) is
 * measured again by the list a frame or two later, so a check polls until it holds (the expect
 * timeout); a layout that never fits still fails, with what was wrong at the end.
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** How long a layout may take to settle before a check of it fails. */
const SETTLE_MS = 15_000;

/** The page never scrolls sideways. */
export async function expectNoSidewaysScroll(app: Page, name: string): Promise<void> {
  const overflow = () =>
    app.evaluate(() => {
      const root = (
        globalThis as unknown as {
          document: { documentElement: { scrollWidth: number; clientWidth: number } };
        }
      ).document.documentElement;
      return root.scrollWidth - root.clientWidth;
    });
  await expect
    .poll(overflow, { message: `${name}: pixels of horizontal scroll of the page` })
    .toBeLessThanOrEqual(0);
}

/** Every tab of the window's tab bar shows its name on one line (no word broken). */
export async function expectTabsOnOneLine(app: Page, name: string): Promise<void> {
  const broken = async () =>
    (
      await app.evaluate<string[]>(`(() =>
        [...document.querySelector('.tabs').querySelectorAll('[role="tab"]')].map((tab) => {
          const range = document.createRange();
          range.selectNodeContents(tab);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          return tab.textContent + ':' + tops.size;
        })
      )()`)
    ).filter((l) => !l.endsWith(':1'));
  await expect.poll(broken, { message: `${name}: tabs whose name breaks` }).toEqual([]);
}

/** Inside the viewport's width and, brought into view, not covered by another element at its centre. */
export async function expectUsable(app: Page, control: Locator): Promise<void> {
  // Scrolled to the middle of the window, as a person brings a control into view: one near an
  // edge may sit under the status bar or the viewer's dock until then.
  await control.evaluate((el) =>
    (el as unknown as { scrollIntoView(o: object): void }).scrollIntoView({ block: 'center' }),
  );
  await expect(control).toBeVisible();
  await expect(async () => {
    const box = (await control.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(app.viewportSize()!.width + 0.5);
    expect(await coveredBy(control), 'the control is not covered by another element').toBe('');
  }).toPass({ timeout: SETTLE_MS });
}

/** What covers `control` at its centre ('' when nothing does). */
function coveredBy(control: Locator): Promise<string> {
  return control.evaluate((el) => {
    const r = (
      el as unknown as {
        getBoundingClientRect(): { x: number; y: number; width: number; height: number };
      }
    ).getBoundingClientRect();
    const doc = el.ownerDocument as unknown as { elementFromPoint(x: number, y: number): unknown };
    const hit = doc.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) as {
      outerHTML?: string;
    } | null;
    const ok = hit === el || (el as unknown as { contains(n: unknown): boolean }).contains(hit);
    return ok
      ? ''
      : `${(el as unknown as { outerHTML: string }).outerHTML.slice(0, 120)} under ${hit?.outerHTML?.slice(0, 120) ?? 'nothing'}`;
  });
}

/**
 * Every Jobs row holds its content: each cell lies inside its row, each row inside the slot the
 * list gave it, nothing scrolls inside a row, and the next row starts below it.
 */
export async function expectRowsHoldContent(app: Page): Promise<void> {
  // (Page code, given as text: this file is type-checked without DOM types.)
  const problems = () =>
    app.evaluate<string[]>(`(() => {
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
  })()`);
  await expect
    .poll(problems, { message: 'Jobs rows whose content spills out of them' })
    .toEqual([]);
}

/** The stacked Jobs layout: in each row the status lies below the file, not beside it. */
export async function expectStackedRows(app: Page): Promise<void> {
  for (const row of await app.getByTestId('job-row').all()) {
    await expect(async () => {
      const file = (await row.locator('.job-file').boundingBox())!;
      const status = (await row.locator('.job-status').boundingBox())!;
      expect(status.y, 'the status sits under the file').toBeGreaterThanOrEqual(
        file.y + file.height - 0.5,
      );
    }).toPass({ timeout: SETTLE_MS });
  }
}
