// Builds what the Electron runtime loads: the main process (dist/app/main.mjs, ESM, every package
// bundled but the native modules, which are all a packaged app's node_modules holds) and the
// preload (dist/app/preload.cjs: one CommonJS file that requires only `electron`, as a sandboxed
// preload must be). The renderer is built by Vite into dist/renderer.
// `node scripts/build-app.mjs [--out <dir>]` writes <dir>/app instead of dist/app.
import { build } from 'esbuild';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { NATIVE_MODULES, NODE, NODE_ESM } from './node-bundle.mjs';
import { ROOT } from './setup.mjs';

export async function buildApp({ outDir = join(ROOT, 'dist'), quiet = false } = {}) {
  const common = {
    ...NODE,
    logLevel: quiet ? 'error' : 'info',
    sourcemap: true,
  };
  await build({
    ...common,
    ...NODE_ESM,
    entryPoints: [join(ROOT, 'electron/main/main.ts')],
    outfile: join(outDir, 'app', 'main.mjs'),
    external: ['electron', ...NATIVE_MODULES],
  });
  await build({
    ...common,
    entryPoints: [join(ROOT, 'electron/preload/preload.ts')],
    outfile: join(outDir, 'app', 'preload.cjs'),
    format: 'cjs',
    external: ['electron'],
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { out } = parseArgs({ options: { out: { type: 'string' } } }).values;
  await buildApp(out ? { outDir: resolve(out) } : {});
}
