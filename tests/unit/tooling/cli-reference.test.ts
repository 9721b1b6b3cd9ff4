/**
 * The command line's reference (docs/guide/command-line-reference.md) is what
 * scripts/cli-reference.ts writes from the command line's own definitions: a command, argument or
 * option added, renamed or described anew without the page written again fails here. The page is
 * also checked to name what the definitions hold, so a generator that wrote nothing could not pass.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { cliReference, REFERENCE_PATH } from '../../../scripts/cli-reference';

describe('the command line’s reference', () => {
  it('is committed exactly as the generator writes it (run npx tsx scripts/cli-reference.ts)', async () => {
    const [committed, written] = await Promise.all([
      readFile(REFERENCE_PATH, 'utf8'),
      cliReference(),
    ]);
    expect(committed).toBe(written);
  }, 30_000);

  it('holds every command, its arguments and options, and the exit codes, in English', async () => {
    const page = await cliReference();
    for (const command of [
      'transcribe',
      'convert',
      'watch',
      'export',
      'jobs',
      'connections',
      'search',
      'cancel',
      'watch-calls',
      'usage',
      'dictionary import',
      'program-key new',
      'serve',
      'mcp',
    ])
      expect(page).toContain(`\n## kikitori ${command}\n`);
    expect(page).toContain('kikitori transcribe [options] <files...>');
    expect(page).toContain('kikitori dictionary import [options] <file>');
    expect(page).toMatch(/\| `--speech-only` +\| send only where people speak/);
    expect(page).toMatch(/\| `--max-line <n>` +\| subtitles: a line’s width \(\d+–\d+\)/);
    expect(page).toContain('Exit codes: 0 all done;');
    // What each command's file says it needs, under its heading.
    const section = (name: string) =>
      page.slice(page.indexOf(`\n## kikitori ${name}\n`)).split('\n## ')[1];
    expect(section('convert')).toContain('It needs nothing else: no data folder');
    expect(section('dictionary list')).toContain('It works on the data folder’s core');
    expect(page).not.toMatch(/[\u3040-\u30ff]{3}/);
  }, 30_000);
});
