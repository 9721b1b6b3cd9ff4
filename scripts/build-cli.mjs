// Builds the command line (cli/) into plain JavaScript, dist/cli/kikitori.mjs and its chunks: every
// package bundled but the native modules (better-sqlite3, keytar), so `kikitori` starts without
// compiling TypeScript. scripts/kikitori.mjs (package.json "bin") builds it when it is missing or
// older than its sources, then runs it; the packaged app runs it with its Electron binary as Node.
// `node scripts/build-cli.mjs [--out <dir>]` writes <dir>/cli instead of dist/cli.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
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
  const folder = dirname(cliBundle(outDir));
  // Chunks of an older build would stay beside the new ones.
  rmSync(folder, { recursive: true, force: true });
  await build({
    entryPoints: { kikitori: join(ROOT, 'cli', 'entry.ts') },
    outdir: folder,
    outExtension: { '.js': '.mjs' },
    // The core and the renderer in chunks of their own, loaded when a command needs them, so
    // --help and --version start at once.
    splitting: true,
    // Beside the entry, not in a subfolder: the core finds the local service from where it is.
    chunkNames: 'chunk-[hash]',
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
  const { out, quiet } = parseArgs({
    options: { out: { type: 'string' }, quiet: { type: 'boolean' } },
  }).values;
  await buildCli({ ...(out ? { outDir: resolve(out) } : {}), quiet: quiet === true });
}
