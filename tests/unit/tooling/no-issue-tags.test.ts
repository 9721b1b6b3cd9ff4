/**
 * Source comments say why in words, never by an issue's number: a reader of the code has no
 * tracker beside it, so a hash and a number tell them nothing, and the number belongs in the
 * commit message. Every comment of the sources and the tests (and every test's name) is read with
 * TypeScript's own parser, so a `//` inside a string or a template is never taken for a comment;
 * stylesheets' comments are read as CSS writes them.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const FOLDERS = [
  'core',
  'cli',
  'shared',
  'service',
  'electron',
  'web-host',
  'scripts',
  'renderer/src',
  'tests',
  'build',
  'eslint.config.js',
  'playwright.config.ts',
  'stylelint.config.mjs',
  'vite.config.ts',
  'vitest.config.ts',
];

const SCRIPT = /\.(ts|tsx|mts|mjs|js)$/;

const files = execFileSync(
  'git',
  ['ls-files', '-z', '--cached', '--others', '--exclude-standard', ...FOLDERS],
  { encoding: 'utf8' },
)
  .split('\0')
  .filter((file) => (SCRIPT.test(file) || file.endsWith('.css')) && existsSync(file));

/**
 * The issue tags in `text`: the word issue (or issues) followed by a number, with or without a
 * hash, and a hash followed by a number alone (the examples are in the tests below). Not a tag:
 * another project's issue named with its repository (electron/electron#34905), an HTML
 * character reference (&#8203;), a standard's number (UAX #11), a document's section
 * (docs/api.md §3) or a colour in a declaration (color: #555).
 */
function issueTags(text: string): string[] {
  return tagMatches(text).map((m) => m[0]);
}

function tagMatches(text: string): RegExpExecArray[] {
  const tag = /\bissues? ?#?\d+|(?<![\w/&#-]|:\s*)(UAX )?#\d{1,4}(?![\w-])/gi;
  return [...text.matchAll(tag)].filter((m) => m[1] === undefined);
}

/** A part of a file to read for tags, and where it starts. */
interface Part {
  pos: number;
  text: string;
}

/** A script's comments and, where it is a test, the names of its suites and cases. */
function scriptParts(file: string, text: string): Part[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kindOf(file));
  const comments = new Map<number, string>();
  const keep = (pos: number, end: number) => comments.set(pos, text.slice(pos, end));
  const names: Part[] = [];
  const visit = (node: ts.Node) => {
    ts.forEachLeadingCommentRange(text, node.getFullStart(), keep);
    ts.forEachTrailingCommentRange(text, node.getEnd(), keep);
    if (ts.isCallExpression(node) && isTestCall(node.expression)) {
      const [title] = node.arguments;
      if (title && (ts.isStringLiteral(title) || ts.isNoSubstitutionTemplateLiteral(title)))
        names.push({ pos: title.getStart(source), text: title.getText(source) });
    }
    // Tokens too (getChildren), so a comment before a closing brace or in JSX is not missed.
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...[...comments].map(([pos, text]) => ({ pos, text })), ...names];
}

function kindOf(file: string): ts.ScriptKind {
  if (file.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (/\.m?js$/.test(file)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

/** `describe(`, `it.each(...)(`, `test.skip(` and the like. */
function isTestCall(callee: ts.Expression): boolean {
  if (ts.isIdentifier(callee)) return ['describe', 'it', 'test'].includes(callee.text);
  if (ts.isPropertyAccessExpression(callee)) return isTestCall(callee.expression);
  if (ts.isCallExpression(callee)) return isTestCall(callee.expression);
  return false;
}

const cssComments = (text: string): Part[] =>
  [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((m) => ({ pos: m.index, text: m[0] }));

/** Every issue tag in a file's comments (and test names), each with its line. */
function tagsIn(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  // A tag in a comment is a tag in the text: a file holding none anywhere needs no parse (most).
  if (tagMatches(text).length === 0) return [];
  const parts = file.endsWith('.css') ? cssComments(text) : scriptParts(file, text);
  return parts.flatMap((part) =>
    tagMatches(part.text).map((m) => {
      const line = text.slice(0, part.pos + m.index).split('\n').length;
      return `${file}:${line}: ${m[0]}`;
    }),
  );
}

describe('what counts as an issue tag', () => {
  it.each([
    ['// Watched folders (issue #30 §4): kept in the data folder', ['issue #30']],
    ['/* The first screen (issue 15 §16, issue 32 §11) */', ['issue 15', 'issue 32']],
    ['// the window lane was done first (#32 §9).', ['#32']],
    ['// one more (#44)', ['#44']],
    ['// see Issue #8', ['Issue #8']],
  ])('finds the tag in %s', (comment, tags) => {
    expect(issueTags(comment)).toEqual(tags);
  });

  it.each([
    '// each chunk is copied (electron/electron#34905)',
    '/* Wide and Fullwidth characters (UAX #11) */',
    '// a zero-width space, &#8203;',
    '// the sync body (docs/api.md §3, §5)',
    '/* background: #000; color: #555; border: #1a1d24 */',
    '// the issued key, the issue form',
  ])('lets %s be', (comment) => {
    expect(issueTags(comment)).toEqual([]);
  });

  it('reads comments, test names and JSX comments, not strings', () => {
    const text = [
      "const url = 'http://x/#12 // not a comment';",
      'const t = `${url} // issue 3 in a template`;',
      'const view = <p>{/* a JSX comment, #21 */}</p>;',
      "describe('a suite (issue 15 §9)', () => {});",
      'const last = 1; // trailing, issue #7',
    ].join('\n');
    const tags = scriptParts('x.tsx', text)
      .flatMap((part) => issueTags(part.text))
      .sort();
    expect(tags).toEqual(['#21', 'issue #7', 'issue 15']);
  });
});

describe('source comments carry no issue tags', () => {
  it('reads the sources and tests', () => {
    expect(files.length).toBeGreaterThan(500);
    expect(files).toContain('core/core.ts');
    expect(files).toContain('renderer/src/features/viewer/viewer.css');
  });

  it('finds none', () => {
    expect(files.flatMap(tagsIn)).toEqual([]);
  });
});
