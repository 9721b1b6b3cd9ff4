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
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './setup.mjs';

const OUT = join(ROOT, 'dist', 'checkout');

/** The production dependencies with native parts: loaded from node_modules, never bundled. */
const NATIVE = ['better-sqlite3', 'keytar'];

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
    external: [...NATIVE, 'vite', './dev-window'],
    define: {},
  },
};

/** The bundle's path (whether or not it is built yet). */
export const checkoutBundle = (name) => join(OUT, `${name}.mjs`);
const inputsFile = (name) => join(OUT, `${name}.inputs.json`);

/** Whether `name`'s bundle is missing, or older than one of the files it was made from. */
export function checkoutBundleIsStale(name) {
  const bundle = checkoutBundle(name);
  if (!existsSync(bundle) || !existsSync(inputsFile(name))) return true;
  const built = statSync(bundle).mtimeMs;
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(inputsFile(name), 'utf8'));
  } catch {
    return true;
  }
  return inputs.some((input) => {
    try {
      return statSync(join(ROOT, input)).mtimeMs > built;
    } catch {
      return true; // gone: what imported it changed too, or will fail to build and say so
    }
  });
}

/** Writes `path` whole or not at all: a temporary file beside it, then a rename. */
function writeWhole(path, contents) {
  const partial = `${path}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(partial, contents);
  renameSync(partial, path);
}

/** Builds `name`'s bundle now. */
export async function buildCheckoutBundle(name) {
  const spec = BUNDLES[name];
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [spec.entry],
    outfile: checkoutBundle(name),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    external: spec.external,
    define: spec.define,
    // CommonJS dependencies (@fastify/busboy, docx's) call require() for Node's built-ins.
    banner: {
      js: "import { createRequire as __kikitoriRequire } from 'node:module'; const require = __kikitoriRequire(import.meta.url);",
    },
    absWorkingDir: ROOT,
    write: false,
    metafile: true,
    logLevel: 'error',
  });
  mkdirSync(OUT, { recursive: true });
  // Paths relative to ROOT (absWorkingDir), node_modules' files among them.
  const inputs = Object.keys(result.metafile.inputs);
  // The list first: a bundle older than the list is found stale by it.
  writeWhole(inputsFile(name), JSON.stringify(inputs));
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
