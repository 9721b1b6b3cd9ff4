/**
 * Saving an export where the person chose (Electron's save dialog stood in for by the function
 * that answers its path): written whole, cancel is no error, a refused write says why in both
 * languages and leaves nothing behind.
 */
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveExport, type AskSavePath } from '../../../core/export/export-file';
import { AppFailure, type AppError } from '../../../shared/domain/errors';
import { errorText } from '../../../shared/domain/error-text';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kikitori-export-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A dialog that answers `path`, remembering what it was offered. */
function dialog(path: string | undefined) {
  const offered: Array<Parameters<AskSavePath>[0]> = [];
  const ask: AskSavePath = async (suggestion) => {
    offered.push(suggestion);
    return path;
  };
  return { ask, offered };
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppFailure);
  return (error as AppFailure).error;
}

describe('saving an export', () => {
  it('offers the suggested name and format, then writes the text where the person chose', async () => {
    const target = join(dir, 'chosen name.tsv');
    const { ask, offered } = dialog(target);
    const text = '会議\tかいぎ\n';
    expect(await saveExport({ fileName: 'words.tsv', text, format: 'tsv' }, ask)).toEqual({
      saved: true,
      path: target,
    });
    expect(offered).toEqual([{ fileName: 'words.tsv', extension: 'tsv' }]);
    expect(await readFile(target, 'utf8')).toBe(text);
  });

  it('replaces an existing file whole and leaves no temporary file', async () => {
    const target = join(dir, 'again.txt');
    await writeFile(target, 'an older and much longer export of the same talk\n');
    await saveExport({ fileName: 'again.txt', text: 'new\n', format: 'csv' }, dialog(target).ask);
    expect(await readFile(target, 'utf8')).toBe('new\n');
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('treats a cancelled dialog as nothing saved, not as an error', async () => {
    const before = await readdir(dir);
    expect(
      await saveExport({ fileName: 'x.csv', text: 'a', format: 'csv' }, dialog(undefined).ask),
    ).toEqual({ saved: false });
    expect(await readdir(dir)).toEqual(before);
  });

  it('says in English and Japanese why a folder that cannot be written refused the file', async () => {
    // sysfs lets nobody, not even root, create a file in it.
    const path = join('/sys', 'talk.txt');
    const error = await failure(
      saveExport({ fileName: 'talk.txt', text: 'a', format: 'csv' }, dialog(path).ask),
    );
    expect(error).toMatchObject({ code: 'export-failed', params: { path, reason: 'denied' } });
    expect(error.detail).toMatch(/EACCES/);
    expect(errorText(error, 'en')).toBe(
      'Kikitori could not save /sys/talk.txt: you may not write in that folder. Choose another folder or name, then export again.',
    );
    expect(errorText(error, 'ja')).toBe(
      '/sys/talk.txt を保存できませんでした（そのフォルダーに書き込む権限がありません）。別のフォルダーか名前を選んで、もう一度書き出してください。',
    );
  });

  it('names a missing folder and a folder in the way as the reason', async () => {
    const missing = join(dir, 'no such folder', 'talk.txt');
    expect(
      await failure(
        saveExport({ fileName: 'talk.txt', text: 'a', format: 'csv' }, dialog(missing).ask),
      ),
    ).toMatchObject({ code: 'export-failed', params: { path: missing, reason: 'missing-folder' } });
    const folder = join(dir, 'a folder.tsv');
    await mkdir(folder);
    expect(
      await failure(
        saveExport({ fileName: 'words.tsv', text: 'a\tb\n', format: 'tsv' }, dialog(folder).ask),
      ),
    ).toMatchObject({ code: 'export-failed', params: { path: folder, reason: 'is-folder' } });
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});
