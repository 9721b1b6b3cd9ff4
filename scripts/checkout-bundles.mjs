// In a checkout, the web host (`npm start`, the tests' hosts) and the local service (whoever
// starts service/bin.mjs: the web host, the command line, Electron, the tests) run as plain
// JavaScript bundles, built by esbuild when missing or older than any file they were made from,
// as the command line already was (scripts/kikitori.mjs). Compiling TypeScript at each start
// through tsx's loader cost the web host 2.3 s of CPU before it answered (0.4 s bundled) and the
// service 1.2 s (0.35 s), and the test run starts them a few hundred times.
//
// The bundles live in dist/checkout/ (never packaged: the app ships dist/service/main.mjs, made
// by scripts/build-service.mjs). What a bundle was made of is esbuild's own list of its inputs,
// kept beside it, so a change to any of them, a dependency's included, builds it again. Outputs
// are written under temporary names and renamed, so a process that starts while another builds
// reads the old bundle or the new one whole; the test runs build both once before they start.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  NATIVE_MODULES,
  NODE_ESM,
  bundleIsStale,
  writeInputs,
  writeWhole,
} from './node-bundle.mjs';
import { ROOT } from './setup.mjs';

const OUT = join(ROOT, 'dist', 'checkout');

const BUNDLES = {
  service: {
    entry: join(ROOT, 'service', 'main.ts'),
    external: ['better-sqlite3'],
    // The engine's worker is compiled from the checkout's source, into its cache there
    // (service/engine/pocketsphinx/build-worker.ts), wherever the bundle is.
    define: {
      KIKITORI_WORKER_DIR: JSON.stringify(join(ROOT, 'service', 'engine', 'pocketsphinx')),
    },
  },
  'web-host': {
    entry: join(ROOT, 'web-host', 'main.ts'),
    // `npm run dev` runs the TypeScript (with Vite's dev server); the bundle never loads them.
    external: [...NATIVE_MODULES, 'vite', './dev-window'],
    define: {},
  },
};

/** The bundle's path (whether or not it is built yet). */
export const checkoutBundle = (name) => join(OUT, `${name}.mjs`);
const inputsFile = (name) => join(OUT, `${name}.inputs.json`);

/** Whether `name`'s bundle is missing, or older than one of the files it was made from. */
export const checkoutBundleIsStale = (name) =>
  bundleIsStale(checkoutBundle(name), inputsFile(name));

/** Builds `name`'s bundle now. */
export async function buildCheckoutBundle(name) {
  const spec = BUNDLES[name];
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [spec.entry],
    outfile: checkoutBundle(name),
    ...NODE_ESM,
    external: spec.external,
    define: spec.define,
    absWorkingDir: ROOT,
    write: false,
    metafile: true,
    logLevel: 'error',
  });
  mkdirSync(OUT, { recursive: true });
  writeInputs(inputsFile(name), result.metafile);
  for (const file of result.outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true });
    writeWhole(file.path, file.contents);
  }
  return checkoutBundle(name);
}

/** `name`'s bundle, built first when stale; its file URL, to import. */
export async function checkoutBundleUrl(name) {
  if (checkoutBundleIsStale(name)) await buildCheckoutBundle(name);
  return pathToFileURL(checkoutBundle(name)).href;
}

/** Builds every bundle that is stale, side by side (before a test run starts its hosts). */
export async function buildStaleCheckoutBundles() {
  await Promise.all(
    Object.keys(BUNDLES)
      .filter(checkoutBundleIsStale)
      .map((name) => buildCheckoutBundle(name)),
  );
}
