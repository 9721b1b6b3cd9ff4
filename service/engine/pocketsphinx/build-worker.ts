/**
 * Compiles the PocketSphinx worker (native/ps-worker.c) against Debian's libpocketsphinx into
 * native/.build/ (git-ignored), once per combination of everything that shapes the binary: the
 * source, the compiler and its flags, the library's version, the platform and architecture. Missing packages become an EngineUnavailableError
 * that says what to install.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { access, mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { EngineUnavailableError } from '../engine';

const run = promisify(execFile);
/** Where the checkout's worker source is, set by the checkout's service bundle (scripts/checkout-bundles.mjs). */
declare const KIKITORI_WORKER_DIR: string | undefined;
const here =
  typeof KIKITORI_WORKER_DIR === 'string'
    ? KIKITORI_WORKER_DIR
    : dirname(fileURLToPath(import.meta.url));
const SOURCE = join(here, 'native', 'ps-worker.c');

export const MODEL_DIR = process.env.KIKITORI_PS_MODEL_DIR ?? '/usr/share/pocketsphinx/model/en-us';
export const MODEL = {
  hmm: join(MODEL_DIR, 'en-us'),
  lm: join(MODEL_DIR, 'en-us.lm.bin'),
  dict: join(MODEL_DIR, 'cmudict-en-us.dict'),
} as const;

/** What a packaged app ships beside the model (scripts/build-service.mjs): see decodingDictionary. */
export const DECODING_DICTIONARY = 'decoding.dict';

export const INSTALL_HINT =
  'install the Debian packages pocketsphinx-en-us and libpocketsphinx-dev (apt-get install pocketsphinx-en-us libpocketsphinx-dev) and restart the service';

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

const COMPILER = 'cc';
const COMPILER_ARGS = ['-O2', '-Wall'];

/** Everything that shapes the worker binary; a change in any of them builds a new one. */
export interface WorkerBuildInputs {
  source: Uint8Array;
  compilerArgs: readonly string[];
  compilerVersion: string;
  libraryVersion: string;
  platform: string;
}

/** The name under which a worker built from these inputs is cached. */
export function workerCacheKey(inputs: WorkerBuildInputs): string {
  const hash = createHash('sha256').update(inputs.source);
  for (const part of [
    inputs.compilerArgs.join('\0'),
    inputs.compilerVersion,
    inputs.libraryVersion,
    inputs.platform,
  ]) {
    hash.update('\0').update(part);
  }
  return hash.digest('hex').slice(0, 16);
}

let building: Promise<string> | undefined;

/**
 * The path of a compiled worker: the one a packaged app ships (KIKITORI_PS_WORKER, built by
 * scripts/build-service.mjs), or in a checkout one built for the current source if needed.
 */
export function workerBinary(): Promise<string> {
  const shipped = process.env.KIKITORI_PS_WORKER;
  building ??= (shipped ? shippedWorker(shipped) : build()).catch((error: unknown) => {
    building = undefined;
    throw error;
  });
  return building;
}

async function missingModelFile(): Promise<string | undefined> {
  for (const path of Object.values(MODEL)) if (!(await exists(path))) return path;
  return undefined;
}

/** A packaged app's worker: no compiler, no headers; absent on a platform built without it. */
async function shippedWorker(binary: string): Promise<string> {
  if (!(await exists(binary)) || (await missingModelFile())) {
    throw new EngineUnavailableError(
      `the local speech engine is not part of this build for ${process.platform}; connections to a cloud service still work`,
    );
  }
  return binary;
}

async function build(): Promise<string> {
  const missing = await missingModelFile();
  if (missing) {
    throw new EngineUnavailableError(
      `the PocketSphinx English model is missing (${missing}): ${INSTALL_HINT}`,
    );
  }
  let flags: string[];
  let libraryVersion: string;
  try {
    const { stdout } = await run('pkg-config', [
      '--cflags',
      '--libs',
      'pocketsphinx',
      'sphinxbase',
    ]);
    flags = stdout.trim().split(/\s+/);
    libraryVersion = (await run('pkg-config', ['--modversion', 'pocketsphinx', 'sphinxbase']))
      .stdout;
  } catch {
    throw new EngineUnavailableError(
      `the PocketSphinx library headers are missing: ${INSTALL_HINT}`,
    );
  }
  const compilerVersion = await run(COMPILER, ['--version']).then(
    ({ stdout }) => stdout,
    () => 'unknown',
  );
  const key = workerCacheKey({
    source: await readFile(SOURCE),
    compilerArgs: [...COMPILER_ARGS, ...flags],
    compilerVersion,
    libraryVersion,
    platform: `${process.platform}-${process.arch}`,
  });
  const binary = join(here, 'native', '.build', `ps-worker-${key}`);
  try {
    await builtOnce(binary, (partial) =>
      run(COMPILER, [...COMPILER_ARGS, '-o', partial, SOURCE, ...flags]),
    );
  } catch (error) {
    const detail =
      error instanceof Error ? error.message.split('\n').slice(0, 3).join(' ') : String(error);
    throw new EngineUnavailableError(
      `could not compile the PocketSphinx worker (${detail}): ${INSTALL_HINT}`,
    );
  }
  return binary;
}

/**
 * `path` in native/.build/ as `make` writes it, unless it is there already: made under a unique
 * name and renamed, so that concurrent builds never see a partial file.
 */
async function builtOnce(path: string, make: (partial: string) => Promise<unknown>): Promise<void> {
  if (await exists(path)) return;
  await mkdir(dirname(path), { recursive: true });
  const partial = `${path}.${process.pid}.${Date.now()}.tmp`;
  try {
    await make(partial);
    await rename(partial, path);
  } finally {
    await rm(partial, { force: true });
  }
}

let decoding: Promise<string> | undefined;

/**
 * The pronunciation dictionary the workers decode with: the model's, cut to the words of its
 * language model (ps-worker.c write_decoding_dictionary: 79,420 of 134,723 entries). Each worker
 * then starts in about 170 ms less CPU and 16 MB less memory, with the same words. A packaged app
 * ships it beside the model; in a checkout it is written once per model into native/.build/.
 * Without it (a package built before it, a failed write) the whole dictionary serves.
 */
export function decodingDictionary(binary: string): Promise<string> {
  decoding ??= writeDecodingDictionary(binary).catch(() => MODEL.dict);
  return decoding;
}

async function writeDecodingDictionary(binary: string): Promise<string> {
  if (process.env.KIKITORI_PS_WORKER) {
    const shipped = join(MODEL_DIR, DECODING_DICTIONARY);
    return (await exists(shipped)) ? shipped : MODEL.dict;
  }
  const hash = createHash('sha256').update(binary);
  for (const path of [MODEL.lm, MODEL.dict]) {
    const { size, mtimeMs } = await stat(path);
    hash.update(`\0${path}\0${size}\0${mtimeMs}`);
  }
  const dictionary = join(
    here,
    'native',
    '.build',
    `decoding-${hash.digest('hex').slice(0, 16)}.dict`,
  );
  await builtOnce(dictionary, (partial) =>
    run(binary, ['--decoding-dictionary', MODEL.lm, MODEL.dict, partial]),
  );
  return dictionary;
}
