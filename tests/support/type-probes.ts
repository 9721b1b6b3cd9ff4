/**
 * Compiles probe files with the type check's own compiler (TypeScript 7, scripts/typecheck.mjs)
 * under one of the tree's projects, and reads back each probe's errors. The probes are written in
 * `.test-results/`: no project, lint or format check reads it, so a check running meanwhile never
 * sees them, and node_modules resolves from there as from the tree.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { TSC } from '../../scripts/typecheck.mjs';

const ROOT = process.cwd();

/** One error: "line,column TSnnnn first line of the message". */
export type ProbeError = string;

/**
 * Each probe's errors (by file name), compiled together in one run of the compiler, in a project
 * that extends `project` (e.g. `tsconfig.renderer.json`) with only the probes and the window's
 * typed translation keys.
 */
export async function compileProbes(
  project: string,
  probes: Readonly<Record<string, string>>,
): Promise<Record<string, ProbeError[]>> {
  await mkdir(join(ROOT, '.test-results'), { recursive: true });
  const dir = await mkdtemp(join(ROOT, '.test-results', 'type-probes-'));
  try {
    for (const [file, body] of Object.entries(probes)) await writeFile(join(dir, file), body);
    const config = join(dir, 'tsconfig.json');
    await writeFile(
      config,
      JSON.stringify({
        extends: join(ROOT, project),
        // `files`, which no project's `exclude` (.test-results/ among them) takes away.
        files: [...Object.keys(probes), join(ROOT, 'renderer/src/i18n/i18next.d.ts')],
        include: [],
      }),
    );
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [TSC, '-p', config, '--pretty', 'false'],
      { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 },
    ).catch((error: { stdout?: string; message: string }) => {
      if (error.stdout === undefined) throw error;
      return { stdout: error.stdout };
    });
    const found: Record<string, ProbeError[]> = Object.fromEntries(
      Object.keys(probes).map((file) => [file, []]),
    );
    // Indented lines elaborate the message above them.
    for (const line of stdout.split('\n').filter((l) => l.trim() !== '' && !/^\s/.test(l))) {
      const at = /^(.*)\((\d+,\d+)\): error (TS\d+): (.*)$/.exec(line);
      const file = at && Object.keys(probes).find((name) => at[1]!.endsWith(name));
      if (!at || !file) throw new Error(`the compiler said, outside the probes: ${line}`);
      found[file]!.push(`${at[2]} ${at[3]} ${at[4]}`);
    }
    return found;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
