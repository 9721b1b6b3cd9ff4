/**
 * `kikitori dictionary import` and `list` as a person runs them (the package's bin, the real core,
 * the real local service it supervises, whose English engine hears readings of English words):
 * a Google Japanese Input export and a Microsoft IME word list (the fixture written as the IME
 * writes it) are read by their content, what cannot be a word for the engine is said line by line,
 * the limit is said before saving, the words are saved to the profile and listed back.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonLines, kikitori } from '../support/cli-run';
import { removeDir, tempDir } from '../support/service-process';

const MS_IME = 'tests/fixtures/ime/ms-ime.txt';
let work: string;
let dataDir: string;
let google: string;

beforeAll(async () => {
  work = await tempDir('kikitori-cli-dict-');
  dataDir = await tempDir('kikitori-cli-dict-data-');
  google = join(work, 'google-export.txt');
  // As Google Japanese Input exports: UTF-8, four columns, the comment often empty. Its readings
  // may be written in letters, which is what the English engine can use.
  await writeFile(
    google,
    [
      'minutes\t議事録\t名詞\t',
      'budget\t予算\t名詞\t会計',
      'london\tLondon\t地名\t',
      'ききとり\t聞き取り\t名詞\t',
      'otsu\tお疲れさまです\t短縮よみ\t',
      'minutes\t議事録\t名詞サ変\t',
      '',
    ].join('\n'),
  );
});
afterAll(async () => {
  await removeDir(work);
  await removeDir(dataDir);
});

describe('kikitori dictionary', { timeout: 180_000 }, () => {
  it('imports an input method’s export: what it read, left out and merged, the limit, then saves', async () => {
    const run = await kikitori([
      '--data',
      dataDir,
      'dictionary',
      'import',
      google,
      '--profile',
      'team',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('Read 3 words from a Google Japanese Input export.');
    expect(run.stderr).toContain('1 repeated entries were merged.');
    expect(run.stderr).toContain(
      // The line as the file has it, its tabs shown escaped (text from outside, on a terminal).
      'Line 4 left out: This engine hears English words: the reading “ききとり” cannot be one. Add the word with an English reading instead. (ききとり\\t聞き取り\\t名詞\\t)',
    );
    expect(run.stderr).toContain(
      'Line 5 left out: “短縮よみ” is a shortcut (a short reading for a longer text), not a word said aloud.',
    );
    expect(run.stderr).toContain(
      'The profile team will hold 3 words; a profile holds at most 100000.',
    );
    expect(run.stdout).toBe('team: 3 words added, 0 changed; 3 words in all.\n');
  });

  it('lists the profile’s words, for people and as JSON', async () => {
    const people = await kikitori(['--data', dataDir, 'dictionary', 'list', '--profile', 'team']);
    expect(people.code, people.stderr).toBe(0);
    expect(people.stdout).toBe('議事録\tminutes\t\n予算\tbudget\t\nLondon\tlondon\tPLACE\n');
    const json = await kikitori([
      '--data',
      dataDir,
      '--json',
      'dictionary',
      'list',
      '--profile',
      'team',
    ]);
    expect(jsonLines(json.stdout)).toEqual([
      {
        type: 'result',
        ok: true,
        exitCode: 0,
        profile: 'team',
        connection: 'local',
        engine: '-a-general-en',
        words: [
          { written: '議事録', spoken: 'minutes' },
          { written: '予算', spoken: 'budget' },
          { written: 'London', spoken: 'london', classname: 'PLACE' },
        ],
      },
    ]);
  });

  it('reads a Microsoft IME word list by its content, saying in Japanese why kana readings cannot go to this engine', async () => {
    const run = await kikitori(
      ['--data', dataDir, '--json', 'dictionary', 'import', MS_IME, '--profile', 'team'],
      { LANG: 'ja_JP.UTF-8' },
    );
    expect(run.code, run.stderr).toBe(0);
    const result = jsonLines(run.stdout).at(-1)!;
    expect(result).toMatchObject({ format: 'ms-ime', read: 0, added: 0, words: 3 });
    const rejected = result.rejected as { line: number; message: string }[];
    expect(rejected[0]).toMatchObject({
      line: 8,
      message:
        'このエンジンは英語の単語を聞き取ります。読み「ききとり」は使えません。英語の読みを付けて単語を追加してください。',
    });
    expect(rejected.find((r) => r.line === 13)?.message).toBe(
      '「短縮よみ」は短縮よみ（長い文を呼び出す短い読み）で、声に出して話す単語ではありません。',
    );
  });

  it('says so when the file cannot be read, and needs --profile', async () => {
    const missing = await kikitori([
      '--data',
      dataDir,
      'dictionary',
      'import',
      join(work, 'nothing.txt'),
      '--profile',
      'team',
    ]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('nothing.txt');
    const noProfile = await kikitori(['--data', dataDir, 'dictionary', 'list']);
    expect(noProfile.code).toBe(2);
  });
});
