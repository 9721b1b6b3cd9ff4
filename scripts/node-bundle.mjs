// What every Node bundle of the project shares: esbuild's options (the checkout's web host and
// service, scripts/checkout-bundles.mjs; the command line, build-cli.mjs; the packaged service,
// build-service.mjs; Electron's main process, build-app.mjs), and how a bundle built on demand in
// a checkout knows it is stale: esbuild's own list of the files it was made from, kept beside it.
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './setup.mjs';

/** The production dependencies with native parts: loaded from node_modules, never bundled. */
export const NATIVE_MODULES = ['better-sqlite3', 'keytar'];

/** Every package bundled for Node 20 (Electron's preload adds `format: 'cjs'`). */
export const NODE = { bundle: true, platform: 'node', target: 'node20' };

/**
 * One ESM file (or entry and chunks) for Node 20, every package bundled but what `external`
 * names. CommonJS dependencies (@fastify/busboy, docx's) call require() for Node's
 * built-ins, which an ES module lacks: the banner gives them one.
 */
export const NODE_ESM = {
  ...NODE,
  format: 'esm',
  banner: {
    js: "import { createRequire as __kikitoriRequire } from 'node:module'; const require = __kikitoriRequire(import.meta.url);",
  },
};

/** Writes `path` whole or not at all: a temporary file beside it, then a rename. */
export function writeWhole(path, contents) {
  const partial = `${path}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(partial, contents);
  renameSync(partial, path);
}

/**
 * Keeps the list of what a bundle was made of (esbuild's metafile inputs, paths relative to ROOT,
 * node_modules' files among them, and `extra` files it reads otherwise) in `listPath`. Written
 * before the bundle: a bundle older than its list is found stale by it.
 */
export function writeInputs(listPath, metafile, extra = []) {
  writeWhole(listPath, JSON.stringify([...Object.keys(metafile.inputs), ...extra]));
}

/** Whether `bundle` is missing, has no list, or is older than one of the files on its list. */
export function bundleIsStale(bundle, listPath) {
  if (!existsSync(bundle) || !existsSync(listPath)) return true;
  const built = statSync(bundle).mtimeMs;
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(listPath, 'utf8'));
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
