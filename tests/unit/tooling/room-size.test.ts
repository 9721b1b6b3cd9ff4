/**
 * Rooms of one concern: no source file over 400 lines and no function over 150, so that a
 * newcomer can hold a room in mind. A zustand slice's creator is the one exception: it is a list
 * of small actions, each read on its own. The files and functions not yet cut are listed here,
 * and the lists only shrink: a listed room that has been cut below its bound fails the test until
 * it leaves the list, so the list says what is left, never more. Functions are read with
 * TypeScript's own parser; a stylesheet is a source file too and counts by its lines.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 150;

const FOLDERS = ['core', 'shared', 'service', 'cli', 'web-host', 'electron', 'renderer/src'];

const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|css)$/;

/** Files over 400 lines, not yet cut. Remove a file from here once it is cut. */
const FILES_NOT_YET_CUT: string[] = [];

/** Functions over 150 lines, not yet cut, as `file › name`. Remove one once it is cut. */
const FUNCTIONS_NOT_YET_CUT: string[] = [];

const files = execFileSync(
  'git',
  ['ls-files', '-z', '--cached', '--others', '--exclude-standard', ...FOLDERS],
  { encoding: 'utf8' },
)
  .split('\0')
  .filter((file) => SOURCE.test(file) && existsSync(file));

/** Lines as `wc -l` counts them, and a last line without its newline as one more. */
const lineCount = (text: string) =>
  text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

interface Measured {
  name: string;
  lines: number;
}

/** Every function of a script longer than `over` lines, each named as a reader finds it. */
function longFunctions(file: string, text: string, over: number): Measured[] {
  const kind = /\.[jt]sx$/.test(file) ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const line = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;
  const long: Measured[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body && !isSliceCreator(node)) {
      const lines = line(node.getEnd()) - line(node.getStart(source)) + 1;
      if (lines > over) long.push({ name: nameOf(node, source), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return long;
}

/** What a function is called where it is written: its own name, or what it is assigned to. */
function nameOf(node: ts.Node, source: ts.SourceFile): string {
  const own = (node as { name?: ts.Node }).name;
  if (own) return own.getText(source);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent))
    return parent.name.getText(source);
  if (ts.isPropertyDeclaration(parent)) return parent.name.getText(source);
  for (let up: ts.Node | undefined = parent; up; up = up.parent)
    if (ts.isFunctionLike(up)) return `${nameOf(up, source)} (inner)`;
  return `(a function on line ${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1})`;
}

/**
 * A zustand slice's creator: a function declared to return a `StateCreator`, or the function
 * such a function returns (`(deps): StateCreator<…> => (set, get) => ({ … })`).
 */
function isSliceCreator(node: ts.SignatureDeclaration): boolean {
  const returnsCreator = (fn: ts.SignatureDeclaration) =>
    fn.type !== undefined && /\bStateCreator\b/.test(fn.type.getText());
  if (returnsCreator(node)) return true;
  const parent = node.parent;
  return ts.isArrowFunction(parent) && parent.body === node && returnsCreator(parent);
}

/** Every file over its bound and every function over its bound, in the tree today. */
function measure(): { files: string[]; functions: string[] } {
  const over = { files: [] as string[], functions: [] as string[] };
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    if (lineCount(text) > MAX_FILE_LINES) over.files.push(file);
    if (file.endsWith('.css')) continue;
    for (const fn of longFunctions(file, text, MAX_FUNCTION_LINES))
      over.functions.push(`${file} › ${fn.name}`);
  }
  return over;
}

describe('how a room is measured', () => {
  const lines = (n: number) => Array.from({ length: n }, (_, i) => `  const a${i} = ${i};`);
  const fn = (head: string, n: number) => [head, ...lines(n - 2), '}'].join('\n');

  it('counts a file’s lines as wc -l does', () => {
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\nb')).toBe(2);
    expect(lineCount('')).toBe(0);
  });

  it('finds a function, a method and an arrow over the bound, each by its name', () => {
    const text = [
      fn('export function long() {', 151),
      fn('function short() {', 150),
      'class Room {',
      fn('  method() {', 152),
      '}',
      fn('const arrow = () => {', 151),
      `const table = { ${fn('entry: () => {', 151)} };`,
    ].join('\n');
    expect(longFunctions('x.ts', text, MAX_FUNCTION_LINES)).toEqual([
      { name: 'long', lines: 151 },
      { name: 'method', lines: 152 },
      { name: 'arrow', lines: 151 },
      { name: 'entry', lines: 151 },
    ]);
  });

  it('reads JSX and names a component’s inner function by the component', () => {
    const text = [
      'export function View() {',
      fn('  const rows = items.map((item) => {', 160),
      '  );',
      '  return <div>{rows}</div>;',
      '}',
    ].join('\n');
    expect(longFunctions('x.tsx', text, MAX_FUNCTION_LINES)).toEqual([
      { name: 'View', lines: 164 },
      { name: 'View (inner)', lines: 160 },
    ]);
  });

  it('lets a zustand slice’s creator be long, and nothing else', () => {
    const creator = [
      'export const createSlice =',
      '  (deps: Deps): StateCreator<AppState, [], [], Slice> =>',
      '  (set, get) => ({',
      ...lines(200),
      '  });',
    ].join('\n');
    const other = fn('export const createOther = (deps: Deps): Other => {', 200);
    expect(longFunctions('x.ts', `${creator}\n${other}`, MAX_FUNCTION_LINES)).toEqual([
      { name: 'createOther', lines: 200 },
    ]);
  });
});

describe('rooms of one concern', () => {
  const over = measure();

  it('reads the sources', () => {
    expect(files.length).toBeGreaterThan(400);
    expect(files).toContain('core/core.ts');
    expect(files).toContain('renderer/src/main.tsx');
  });

  it(`has no file over ${MAX_FILE_LINES} lines but those not yet cut`, () => {
    expect(over.files.filter((file) => !FILES_NOT_YET_CUT.includes(file))).toEqual([]);
  });

  it(`has no function over ${MAX_FUNCTION_LINES} lines but those not yet cut`, () => {
    expect(over.functions.filter((fn) => !FUNCTIONS_NOT_YET_CUT.includes(fn))).toEqual([]);
  });

  it('lists only rooms still too long: one that has been cut leaves the list', () => {
    expect(FILES_NOT_YET_CUT.filter((file) => !over.files.includes(file))).toEqual([]);
    expect(FUNCTIONS_NOT_YET_CUT.filter((fn) => !over.functions.includes(fn))).toEqual([]);
  });
});
