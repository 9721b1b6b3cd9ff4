// Builds the command line (cli/) into plain JavaScript, dist/cli/kikitori.mjs and its chunks: every
// package bundled but the native modules (better-sqlite3, keytar), so `kikitori` starts without
// compiling TypeScript. scripts/kikitori.mjs (package.json "bin") builds it when it is missing or
// older than its sources, then runs it; the packaged app runs it with its Electron binary as Node.
// `node scripts/build-cli.mjs [--out <dir>]` writes <dir>/cli instead of dist/cli.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { NATIVE_MODULES, NODE_ESM, bundleIsStale, writeInputs } from './node-bundle.mjs';
import { ROOT } from './setup.mjs';

export const cliBundle = (outDir = join(ROOT, 'dist')) => join(outDir, 'cli', 'kikitori.mjs');
/**
 * What the bundle and its chunks were made of (scripts/node-bundle.mjs): in checkout/, beside the
 * other bundles' lists, since dist/cli/ is packaged whole.
 */
const inputsFile = (outDir = join(ROOT, 'dist')) => join(outDir, 'checkout', 'cli.inputs.json');

/**
 * Whether the command line is missing or older than a file it was made from (package.json among
 * them, for its version).
 */
export const cliIsStale = (outDir) => bundleIsStale(cliBundle(outDir), inputsFile(outDir));

export async function buildCli({ outDir = join(ROOT, 'dist'), quiet = false } = {}) {
  const { build } = await import('esbuild');
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const folder = dirname(cliBundle(outDir));
  // Chunks of an older build would stay beside the new ones.
  rmSync(folder, { recursive: true, force: true });
  const result = await build({
    ...NODE_ESM,
    entryPoints: { kikitori: join(ROOT, 'cli', 'entry.ts') },
    outdir: folder,
    outExtension: { '.js': '.mjs' },
    // The core and the renderer in chunks of their own, loaded when a command needs them, so
    // --help and --version start at once.
    splitting: true,
    // Beside the entry, not in a subfolder: the core finds the local service from where it is.
    chunkNames: 'chunk-[hash]',
    external: NATIVE_MODULES,
    define: { KIKITORI_VERSION: JSON.stringify(version) },
    absWorkingDir: ROOT,
    metafile: true,
    logLevel: quiet ? 'error' : 'info',
  });
  // After the bundle this time (esbuild writes it): a start between the two builds it again.
  mkdirSync(dirname(inputsFile(outDir)), { recursive: true });
  writeInputs(inputsFile(outDir), result.metafile, ['package.json']);
  return cliBundle(outDir);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { out, quiet } = parseArgs({
    options: { out: { type: 'string' }, quiet: { type: 'boolean' } },
  }).values;
  await buildCli({ ...(out ? { outDir: resolve(out) } : {}), quiet: quiet === true });
}
