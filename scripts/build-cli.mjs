// Builds the command line (cli/) into one plain-JavaScript file, dist/cli/kikitori.mjs: every
// package bundled but the native modules (better-sqlite3, keytar), so `kikitori` starts without
// compiling TypeScript. scripts/kikitori.mjs (package.json "bin") builds it when it is missing or
// older than its sources, then runs it; the packaged app runs it with its Electron binary as Node.
// `node scripts/build-cli.mjs [--out <dir>]` writes <dir>/cli instead of dist/cli.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { NATIVE_MODULES } from './build-app.mjs';
import { ROOT } from './setup.mjs';

export const cliBundle = (outDir = join(ROOT, 'dist')) => join(outDir, 'cli', 'kikitori.mjs');
/** What the bundle is made of: when any of it is newer, the bundle is built again. */
const INPUTS = ['cli', 'core', 'shared', 'package.json', 'package-lock.json'];

function newestChange(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestChange(join(path, name))),
    info.mtimeMs,
  );
}

export function cliIsStale(outDir) {
  const bundle = cliBundle(outDir);
  if (!existsSync(bundle)) return true;
  const built = statSync(bundle).mtimeMs;
  return INPUTS.some((input) => newestChange(join(ROOT, input)) > built);
}

export async function buildCli({ outDir = join(ROOT, 'dist'), quiet = false } = {}) {
  const { build } = await import('esbuild');
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  await build({
    entryPoints: [join(ROOT, 'cli', 'entry.ts')],
    outfile: cliBundle(outDir),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    external: NATIVE_MODULES,
    define: { KIKITORI_VERSION: JSON.stringify(version) },
    // CommonJS dependencies (cli-progress, docx's) call require() for Node's built-ins.
    banner: {
      js: "import { createRequire as __kikitoriRequire } from 'node:module'; const require = __kikitoriRequire(import.meta.url);",
    },
    logLevel: quiet ? 'error' : 'info',
  });
  return cliBundle(outDir);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { out } = parseArgs({ options: { out: { type: 'string' } } }).values;
  await buildCli(out ? { outDir: resolve(out) } : {});
}
