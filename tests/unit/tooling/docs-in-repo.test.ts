/**
 * The docs point only at what a clone has: every relative link in the repository's Markdown
 * resolves to a tracked file (or folder), and every `#anchor` to a heading of its page.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const markdown = execFileSync('git', ['ls-files', '-z', '*.md'], { encoding: 'utf8' })
  .split('\0')
  .filter((file) => file && existsSync(file));

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

const anchorsOf = (file: string) =>
  new Set([...readFileSync(file, 'utf8').matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1]!)));

describe('docs link only to what the repository has', () => {
  it('has Markdown to check', () => {
    expect(markdown).toContain('README.md');
  });

  it.each(markdown)('%s: every relative link resolves', (file) => {
    const broken: string[] = [];
    const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target!)) continue;
      const [path, anchor] = target!.split('#');
      const resolved = path ? normalize(join(dirname(file), path)) : file;
      if (!existsSync(resolved)) broken.push(`${target} (no ${resolved})`);
      else if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor))
        broken.push(`${target} (no heading #${anchor} in ${resolved})`);
    }
    expect(broken).toEqual([]);
  });
});

describe('the maps name every room of the window', () => {
  const docs = ['docs/architecture.md', 'renderer/README.md'].map(
    (file) => [file, readFileSync(file, 'utf8')] as const,
  );
  const tracked = (folder: string) =>
    execFileSync('git', ['ls-files', '-z', folder], { encoding: 'utf8' })
      .split('\0')
      .filter((file) => file && existsSync(file));
  const features = [
    ...new Set(tracked('renderer/src/features').map((file) => file.split('/')[3]!)),
  ].filter((name) => !name.includes('.'));
  const slices = tracked('renderer/src/store')
    .map((file) => /\/([a-z-]+)-slice\.ts$/.exec(file)?.[1])
    .filter((name): name is string => name !== undefined);

  it('finds the rooms to look for', () => {
    expect(features).toEqual(expect.arrayContaining(['transcribe', 'viewer', 'live']));
    expect(slices).toEqual(expect.arrayContaining(['jobs', 'search', 'live']));
  });

  it.each(docs)('%s names every feature folder', (_file, text) => {
    expect(features.filter((name) => !text.includes(`${name}/`))).toEqual([]);
  });

  it.each(docs)('%s names every store slice', (_file, text) => {
    const named = (name: string) =>
      new RegExp(`(\`${name}\`|\\b${name}-slice\\b|[(,] ?${name}[,)])`).test(text);
    expect(slices.filter((name) => !named(name))).toEqual([]);
  });
});

describe('the architecture’s layout holds the tree', () => {
  const page = readFileSync('docs/architecture.md', 'utf8');
  const start = page.indexOf('## 3. Layout');
  const layout = page.slice(start, page.indexOf('\n## ', start + 1));
  const tracked = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' })
    .split('\0')
    .filter((file) => file && existsSync(file));

  it('names every top-level folder of the repository at the start of its line', () => {
    const folders = [
      ...new Set(tracked.filter((f) => f.includes('/')).map((f) => f.split('/')[0]!)),
    ].filter((name) => !name.startsWith('.'));
    expect(folders).toEqual(expect.arrayContaining(['core', 'cli', 'scripts', 'docs']));
    expect(folders.filter((name) => !new RegExp(`^${name}/(\\s|$)`, 'm').test(layout))).toEqual([]);
  });

  it('gives every folder of the core a line of its own', () => {
    const folders = [
      ...new Set(
        tracked.filter((file) => /^core\/[^/]+\//.test(file)).map((file) => file.split('/')[1]!),
      ),
    ];
    expect(folders).toEqual(expect.arrayContaining(['host', 'programs', 'media', 'handlers']));
    expect(folders.filter((name) => !new RegExp(`^  ${name}/ `, 'm').test(layout))).toEqual([]);
  });

  it('names every handler file of the core in its list of handlers', () => {
    const list = /\n {2}handlers\/ +one file per domain: ((?:.|\n {19})*)/.exec(layout)?.[1] ?? '';
    const named = new Set(list.split(/[\s,]+/).filter(Boolean));
    const handlers = tracked
      .filter((file) => /^core\/handlers\/[a-z-]+\.ts$/.test(file))
      .map((file) => file.slice('core/handlers/'.length, -'.ts'.length))
      .filter((name) => name !== 'index' && name !== 'types');
    expect(handlers).toEqual(expect.arrayContaining(['jobs', 'live', 'watch']));
    expect(handlers.filter((name) => !named.has(name))).toEqual([]);
  });
  it('names every command file of the command line in its list of commands', () => {
    const list = /\n {2}commands\/ +one file per command: ((?:.|\n {19})*)/.exec(layout)?.[1] ?? '';
    const named = new Set(list.split(/[\s,]+/).filter(Boolean));
    const commands = tracked
      .filter((file) => /^cli\/commands\/[a-z-]+\.ts$/.test(file))
      .map((file) => file.slice('cli/commands/'.length, -'.ts'.length));
    expect(commands).toEqual(expect.arrayContaining(['transcribe', 'watch', 'mcp']));
    expect(commands.filter((name) => !named.has(name))).toEqual([]);
  });
});

describe('the window’s tests hold tests only', () => {
  it('keeps helpers in tests/support/window/, not among the tests of tests/unit/renderer/', () => {
    const files = execFileSync('git', ['ls-files', '-z', 'tests/unit/renderer'], {
      encoding: 'utf8',
    })
      .split('\0')
      .filter((file) => file && existsSync(file));
    expect(files.length).toBeGreaterThan(20);
    expect(files.filter((file) => !/\.test\.tsx?$/.test(file))).toEqual([]);
  });
});
