/**
 * The documented way to run the command line, as a person follows it: the README sends the reader
 * to the guide's page on the command line (docs/guide/command-line.md), whose line names the
 * command (an alias onto the clone's scripts/kikitori.mjs, so a call starts in about 0.2 s rather
 * than npx's 1.5–2.8 s; the time itself is measured in `npm run bench -- --cli`, k1), put into a
 * new shell's start-up file, then `kikitori` typed in another folder; and every example of that
 * page's command table written the same way.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandEnv } from '../support/kikitori-run';
import { removeDir, tempDir } from '../support/service-process';

const GUIDE_PAGE = 'docs/guide/command-line.md';

let readme: string;
let section: string;
let home: string;
beforeAll(async () => {
  readme = await readFile('README.md', 'utf8');
  section = await readFile(GUIDE_PAGE, 'utf8');
  home = await tempDir('kikitori-readme-home-');
});
afterAll(async () => {
  await removeDir(home);
});

describe('the documented way to run kikitori', () => {
  it('is where the README sends the reader', () => {
    expect(readme).toContain(`](${GUIDE_PAGE})`);
  });

  it('names the command with one line of a shell block, which works from any folder', () => {
    const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
    const naming = blocks.flatMap((b) => b.split('\n')).filter((l) => /alias kikitori=/.test(l));
    expect(naming).toHaveLength(1);
    // Run as the page says: from the clone's folder, into the shell's start-up file.
    execFileSync('bash', ['-c', naming[0]!], {
      cwd: process.cwd(),
      env: commandEnv({ HOME: home }),
    });
    const version = execFileSync(
      'bash',
      // As a new terminal's shell reads it (an alias counts from the line after it).
      ['-c', 'shopt -s expand_aliases\nsource ~/.bashrc\nkikitori --version'],
      { cwd: home, env: commandEnv({ HOME: home }), encoding: 'utf8' },
    );
    const pkg = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(version.trim()).toBe(pkg.version);
  });

  it('writes every example as `kikitori …`, never through npx', () => {
    expect(section).not.toMatch(/`npx kikitori [a-z]/);
    const examples = [...section.matchAll(/\| `(kikitori [^`]+)` +\|/g)].map((m) => m[1]!);
    expect(examples.length).toBeGreaterThanOrEqual(7);
  });
});
