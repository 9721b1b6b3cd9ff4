/**
 * The core's composition (core/core.ts) is the top of the core: what it assembles never imports
 * it back, and the programs that sit above it (cli/, core/programs/, the watched folders) reach
 * it through a link, not through the module that builds it. Every relative import of the core,
 * the command line and shared/ is read with TypeScript's own pre-processor (static, dynamic and
 * type-only alike), and no chain of them leads from core/core.ts back to itself.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();
const START = 'core/core.ts';

/** The file a relative specifier names, as the bundler finds it. */
function fileOf(from: string, specifier: string): string | undefined {
  const base = resolve(ROOT, dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')])
    if (existsSync(candidate) && candidate.match(/\.tsx?$/)) return relative(ROOT, candidate);
  return undefined;
}

/** The files `file` imports (relative imports only: packages cannot import the core back). */
function importsOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true);
  return info.importedFiles
    .map((imported) => imported.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => fileOf(file, name))
    .filter((name): name is string => name !== undefined);
}

/** The chains of imports from `start` that come back to it (each the files it passes through). */
function cyclesThrough(start: string): string[][] {
  const graph = new Map<string, string[]>();
  const edges = (file: string) => {
    if (!graph.has(file)) graph.set(file, importsOf(file));
    return graph.get(file)!;
  };
  // Which files lead back to `start`, found once per file (a depth-first walk with a memo).
  const leads = new Map<string, string[] | null>();
  const back = (file: string, path: Set<string>): string[] | null => {
    if (leads.has(file)) return leads.get(file)!;
    if (path.has(file)) return null;
    path.add(file);
    let found: string[] | null = null;
    for (const next of edges(file)) {
      if (next === start) {
        found = [file, start];
        break;
      }
      const rest = back(next, path);
      if (rest) {
        found = [file, ...rest];
        break;
      }
    }
    path.delete(file);
    leads.set(file, found);
    return found;
  };
  const cycles: string[][] = [];
  for (const next of edges(start)) {
    const rest = next === start ? [start] : back(next, new Set([start]));
    if (rest) cycles.push([start, ...rest]);
  }
  return cycles;
}

describe('no import cycle passes through core/core.ts', () => {
  it('finds a cycle where there is one (the walk can fail)', () => {
    // The API client and its replies' reader import each other.
    expect(cyclesThrough('core/api-client/api-client.ts')).toContainEqual([
      'core/api-client/api-client.ts',
      'core/api-client/replies.ts',
      'core/api-client/api-client.ts',
    ]);
  });

  it('no chain of imports leads from core.ts back to it', () => {
    expect(cyclesThrough(START)).toEqual([]);
  });

  it('the watched folders and the routine from a job to files never import core.ts', () => {
    for (const file of [
      'core/watch/folder-watcher.ts',
      'core/watch/watched-folders.ts',
      'core/programs/job-files.ts',
      'core/programs/program-link.ts',
    ])
      expect(importsOf(file)).not.toContain(START);
  });
});
