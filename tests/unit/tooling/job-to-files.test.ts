/**
 * "Job to files" is written once (core/programs/job-files.ts): `kikitori transcribe`, `kikitori
 * export` and the watched folders each go through `jobToFiles`, and none of the command line or
 * the watched folders sends a file or renders a job itself. Read from the sources with
 * TypeScript's own parser, so a comment or a string that names a channel is not taken for a call.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROUTINE = 'core/programs/job-files.ts';

/** The channels `file` invokes (`….invoke('channel', …)`), and the functions it calls by name. */
function callsOf(file: string): { channels: string[]; names: string[] } {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const channels: string[] = [];
  const names: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const [first] = node.arguments;
      if (
        ts.isPropertyAccessExpression(callee) &&
        callee.name.text === 'invoke' &&
        first &&
        ts.isStringLiteral(first)
      )
        channels.push(first.text);
      if (ts.isIdentifier(callee)) names.push(callee.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { channels, names };
}

const sources = (...folders: string[]) =>
  execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard', ...folders],
    {
      encoding: 'utf8',
    },
  )
    .split('\0')
    .filter((file) => file.endsWith('.ts'));

describe('one routine from a job to files', () => {
  it('is what transcribe, export and the watched folders call', () => {
    for (const file of [
      'cli/transcribe.ts',
      'cli/jobs.ts',
      'core/watch/watch-outcome.ts',
      'core/programs/mcp/mcp-server.ts',
    ])
      expect(callsOf(file).names, file).toContain('jobToFiles');
  });

  it('sends files and renders jobs for the command line and the watched folders: they never do', () => {
    const programs = sources('cli', 'core/watch');
    expect(programs.length).toBeGreaterThan(20);
    const own = programs.flatMap((file) =>
      callsOf(file)
        .channels.filter((channel) => channel === 'transcribe:files' || channel === 'export:render')
        .map((channel) => `${file}: ${channel}`),
    );
    expect(own).toEqual([]);
    // The reader finds such calls where they are.
    expect(callsOf(ROUTINE).channels).toEqual(
      expect.arrayContaining(['transcribe:files', 'jobs:get', 'export:render']),
    );
  });
});
