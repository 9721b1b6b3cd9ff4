// Builds what a packaged app needs to run the local service without tsx, a compiler or a
// checkout: the service as one plain-JavaScript file (dist/service/main.mjs; better-sqlite3 stays
// a native module in node_modules) and, where PocketSphinx can be built here, the engine
// (dist/engine/: the worker, linked statically against PocketSphinx, and the English model).
// electron-builder ships dist/engine as the app's resources/engine (build/electron-builder.config.mjs).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { NODE_ESM } from './node-bundle.mjs';
import { ROOT } from './setup.mjs';

export const MODEL_SOURCE = '/usr/share/pocketsphinx/model/en-us';
/** The model files the worker loads (service/engine/pocketsphinx/build-worker.ts MODEL). */
const [HMM, LM, DICT] = ['en-us', 'en-us.lm.bin', 'cmudict-en-us.dict'];
const MODEL_FILES = [HMM, LM, DICT];
/** What the workers decode with (build-worker.ts DECODING_DICTIONARY, decodingDictionary). */
const DECODING_DICTIONARY = 'decoding.dict';

export async function bundleService({ outDir = join(ROOT, 'dist'), quiet = false } = {}) {
  const outfile = join(outDir, 'service', 'main.mjs');
  await build({
    ...NODE_ESM,
    entryPoints: [join(ROOT, 'service', 'main.ts')],
    outfile,
    // Native: rebuilt for Electron's ABI by electron-builder and loaded from node_modules.
    external: ['better-sqlite3'],
    logLevel: quiet ? 'error' : 'info',
  });
  return outfile;
}

/**
 * The PocketSphinx worker for this machine's platform, linked statically against PocketSphinx
 * and SphinxBase so that it needs only the C library, beside a copy of the model. Returns the
 * reason instead when this machine cannot build it (then the packaged app reports the local
 * engine unavailable, and cloud connections still work).
 */
export function buildEngine({ outDir = join(ROOT, 'dist') } = {}) {
  const engineDir = join(outDir, 'engine');
  rmSync(engineDir, { recursive: true, force: true });
  mkdirSync(engineDir, { recursive: true });
  if (process.platform !== 'linux')
    return { reason: `the PocketSphinx worker is built on Linux only, not ${process.platform}` };
  const flags = spawnSync('pkg-config', ['--cflags', 'pocketsphinx', 'sphinxbase'], {
    encoding: 'utf8',
  });
  if (flags.status !== 0)
    return { reason: 'the PocketSphinx headers are missing (Debian package libpocketsphinx-dev)' };
  const worker = join(engineDir, 'ps-worker');
  const compile = spawnSync(
    'cc',
    [
      '-O2',
      '-Wall',
      '-o',
      worker,
      join(ROOT, 'service', 'engine', 'pocketsphinx', 'native', 'ps-worker.c'),
      ...flags.stdout.trim().split(/\s+/),
      '-Wl,-Bstatic',
      '-lpocketsphinx',
      '-lsphinxbase',
      '-Wl,-Bdynamic',
      '-lm',
      '-lpthread',
    ],
    { encoding: 'utf8' },
  );
  if (compile.status !== 0)
    return { reason: `the PocketSphinx worker did not compile: ${compile.stderr.trim()}` };
  const modelDir = join(engineDir, 'model', 'en-us');
  mkdirSync(modelDir, { recursive: true });
  for (const name of MODEL_FILES)
    cpSync(join(MODEL_SOURCE, name), join(modelDir, name), { recursive: true });
  // The model's dictionary cut to its language model's words.
  const decoding = spawnSync(
    worker,
    [
      '--decoding-dictionary',
      join(modelDir, LM),
      join(modelDir, DICT),
      join(modelDir, DECODING_DICTIONARY),
    ],
    { encoding: 'utf8' },
  );
  if (decoding.status !== 0)
    return { reason: `the decoding dictionary was not written: ${decoding.stderr.trim()}` };
  return { worker, modelDir };
}

export async function buildService(options = {}) {
  const bundle = await bundleService(options);
  return { bundle, engine: buildEngine(options) };
}

// `node scripts/build-service.mjs [--out <dir>]`: <dir>/service/main.mjs and <dir>/engine.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { out } = parseArgs({ options: { out: { type: 'string' } } }).values;
  const { engine } = await buildService(out ? { outDir: resolve(out) } : {});
  console.log(
    engine.worker
      ? `build-service: engine built (${engine.worker})`
      : `build-service: no local engine in this build: ${engine.reason}`,
  );
}
