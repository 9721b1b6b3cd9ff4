/**
 * Settings → Watched folders in browser mode, opened as a person opens it (the one-time address,
 * a page session: never the launch token a program holds): a typed path is checked by the core
 * (said in the window's language), a folder added is watched, a file copied in becomes a job
 * marked "Watched folder" whose outputs appear next to it in the formats chosen; the page cannot
 * name an output folder (none is offered, and one asked for anyway is refused), an output folder a
 * program set shows and may be set back to next to each file; the section is clean for axe in
 * both languages and themes, with screenshots narrow and wide. The worker's host is shared with
 * other specs, so the folders here have names of their own.
 */
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import { expect, test, type Host } from './fixtures';
import { eachLanguageAndTheme, SCREENSHOTS, seriousViolations } from './look';

const CLIP = join(DEFAULT_FIXTURES_DIR, 'espeak', 'sentence-1.wav');

let work: string;
test.beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'kikitori-e2e-watched-'));
});
test.afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** The window opened as a person opens it: a fresh one-time address, as a second start gets. */
async function asPerson(app: Page, host: Host): Promise<void> {
  const answer = await fetch(`${host.web.url}/session/code`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${host.web.token}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  const { data } = (await answer.json()) as { data: { url: string } };
  // The fixture's page kept the token in its tab: this tab forgets it first.
  await app.evaluate('sessionStorage.clear()');
  await app.goto(data.url);
  expect(await app.evaluate("sessionStorage.getItem('kikitori.token')")).toBeNull();
  await expect(app.getByRole('tablist')).toBeVisible();
  // The launch token is not in the page: what it may do is a page session's.
  expect(app.url()).not.toContain(host.web.token);
}

async function openWatchedFolders(app: Page, lang: 'en' | 'ja' = 'en'): Promise<void> {
  await app.getByTestId('language').selectOption(lang);
  await app.getByRole('tab', { name: lang === 'en' ? 'Settings' : '設定' }).click();
  await expect(
    app.getByRole('heading', { name: lang === 'en' ? 'Watched folders' : '監視フォルダー' }),
  ).toBeVisible();
}

const section = (app: Page) => app.getByRole('region', { name: /Watched folders|監視フォルダー/ });

test('a typed folder is checked, watched, and a file copied in is transcribed into the formats chosen, marked in Jobs', async ({
  app,
  host,
}) => {
  await asPerson(app, host);
  await expect(app.getByTestId('service-status')).toContainText('Running');
  await openWatchedFolders(app);
  const panel = section(app);
  const path = panel.getByLabel('Folder to watch (its full path)');

  await path.fill('recordings/today');
  await panel.getByRole('button', { name: 'Watch this folder' }).click();
  await expect(panel.getByRole('alert')).toHaveText(
    'Kikitori cannot watch recordings/today: it is not a full path (one that starts at the top of the disk, like /home/you/Recordings). Choose a folder that is there and that Kikitori may read.',
  );
  await expect(path).toHaveAttribute('aria-invalid', 'true');

  const missing = join(work, 'not-there');
  await path.fill(missing);
  await panel.getByRole('button', { name: 'Watch this folder' }).click();
  await expect(panel.getByRole('alert')).toContainText(
    `Kikitori cannot watch ${missing}: there is no such folder.`,
  );

  // In Japanese, the whole sentence is Japanese.
  await app.getByTestId('language').selectOption('ja');
  await section(app).getByRole('button', { name: 'このフォルダーを監視' }).click();
  await expect(section(app).getByRole('alert')).toHaveText(
    `${missing} は監視できません（そのフォルダーはありません）。存在していて Kikitori が読み取れるフォルダーを選んでください。`,
  );
  await app.getByTestId('language').selectOption('en');

  const folder = await mkdtemp(join(work, 'meetings-'));
  await path.fill(folder);
  await panel.getByRole('button', { name: 'Watch this folder' }).click();
  await expect(path).toHaveValue('');
  const item = panel
    .getByTestId('watch-item')
    .filter({ has: app.getByRole('heading', { name: folder }) });
  await expect(item.getByTestId('watch-state')).toHaveText('Watching');
  await expect(item.getByRole('checkbox', { name: 'Text (TXT)' })).toBeChecked();
  // The last format cannot be unchecked.
  await expect(item.getByRole('checkbox', { name: 'Text (TXT)' })).toBeDisabled();
  // Saved by the core, then shown checked.
  await item.getByRole('checkbox', { name: 'Subtitles (SRT)' }).click();
  await expect(item.getByRole('checkbox', { name: 'Text (TXT)' })).toBeEnabled();
  await expect(item.getByRole('checkbox', { name: 'Subtitles (SRT)' })).toBeChecked();

  // Keyboard: the switch goes off and on with Space.
  const enabled = item.getByRole('switch', { name: 'Watch this folder' });
  await enabled.focus();
  await app.keyboard.press('Space');
  await expect(item.getByTestId('watch-state')).toHaveText('Off');
  await expect(enabled).not.toBeChecked();
  await expect(enabled).toBeFocused();
  await app.keyboard.press('Space');
  await expect(enabled).toBeChecked();
  await expect(item.getByTestId('watch-state')).toHaveText('Watching');

  await copyFile(CLIP, join(folder, 'standup.wav'));
  await expect
    .poll(async () => (await readdir(folder)).sort(), { timeout: 120_000 })
    .toEqual(['standup.srt', 'standup.txt', 'standup.wav']);

  await app.getByRole('tab', { name: 'Jobs' }).click();
  const row = app.getByTestId('job-row').filter({ hasText: 'standup.wav' });
  await expect(row).toHaveAttribute('data-status', 'completed');
  const label = row.getByTestId('watched');
  await expect(label.getByText('Watched folder', { exact: true })).toBeVisible();
  await expect(row.getByText(`From the watched folder ${folder}`)).toBeAttached();

  // Removed, it is no longer listed, and a file copied in stays as it is.
  await openWatchedFolders(app);
  await item
    .getByRole('button', { name: `Stop watching ${folder} and remove it from this list` })
    .click();
  await expect(item).toHaveCount(0);
});

test('Watched folders: a page names no output folder; axe clean, screenshots in both languages and themes, narrow and wide', async ({
  app,
  host,
}) => {
  await asPerson(app, host);
  const folder = await mkdtemp(join(work, 'look-'));
  const out = await mkdtemp(join(work, 'look-out-'));
  await openWatchedFolders(app);
  const panel = section(app);
  await panel.getByLabel('Folder to watch (its full path)').fill(folder);
  await panel.getByRole('button', { name: 'Watch this folder' }).click();
  const item = panel
    .getByTestId('watch-item')
    .filter({ has: app.getByRole('heading', { name: folder }) });
  // Nothing to type an output folder into, and the page's own request for one is refused.
  await expect(item.getByRole('textbox', { name: 'Output folder' })).toHaveCount(0);
  await expect(item.getByTestId('watch-out')).toHaveText('Next to each file');
  await expect(
    item.getByText('In the browser, transcripts are written next to each file.'),
  ).toBeVisible();
  const asProgram = async (channel: string, input: unknown) => {
    const answer = await fetch(`${host.web.url}/rpc/${channel}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${host.web.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(input),
    });
    return (await answer.json()) as { ok: boolean; data?: unknown };
  };
  const listed = (await asProgram('watch:list', {})) as {
    data: { folders: { id: string; path: string }[] };
  };
  const id = listed.data.folders.find((f) => f.path === folder)!.id;
  // The page's own request, with its session (page code, given as text: this file is
  // type-checked without DOM types).
  const refused: unknown = await app.evaluate(`
    fetch('/rpc/watch:update', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Kikitori-Session': sessionStorage.getItem('kikitori.session') || '',
      },
      body: ${JSON.stringify(JSON.stringify({ id, out }))},
    }).then((answer) => answer.json())`);
  expect(refused).toMatchObject({ ok: false, error: { code: 'watch-output-page' } });
  // One a program set shows, and the page may set it back to next to each file.
  expect((await asProgram('watch:update', { id, out })).ok).toBe(true);
  await expect(item.getByTestId('watch-out')).toHaveText(out);
  await item
    .getByRole('button', { name: `Write the transcripts of ${folder} next to each file` })
    .click();
  await expect(item.getByTestId('watch-out')).toHaveText('Next to each file');
  expect((await asProgram('watch:update', { id, out })).ok).toBe(true);
  await expect(item.getByTestId('watch-out')).toHaveText(out);
  await item.getByRole('checkbox', { name: 'Include subfolders' }).click();
  await expect(item.getByRole('checkbox', { name: 'Include subfolders' })).toBeChecked();

  await eachLanguageAndTheme(app, async (lang, theme) => {
    await expect(section(app).getByTestId('watch-state').first()).toHaveText(
      lang === 'en' ? 'Watching' : '監視中',
    );
    expect(await seriousViolations(app)).toEqual([]);
    await section(app).scrollIntoViewIfNeeded();
    for (const size of [
      { width: 720, height: 900 },
      { width: 1920, height: 1080 },
    ]) {
      await app.setViewportSize(size);
      await section(app).screenshot({
        path: `${SCREENSHOTS}/watched-folders-${lang}-${theme}-${size.width}x${size.height}.png`,
      });
    }
    await app.setViewportSize({ width: 1280, height: 800 });
  });
  await app.getByTestId('language').selectOption('en');
  await item
    .getByRole('button', { name: `Stop watching ${folder} and remove it from this list` })
    .click();
  await expect(item).toHaveCount(0);
});
