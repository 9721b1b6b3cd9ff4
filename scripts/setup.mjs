// Installs what the project needs: the Debian packages listed in package.json
// ("kikitori.debianPackages") and the npm packages of package-lock.json. Quick and quiet when
// everything is already there; says plainly what it installs, how long that usually takes, and
// how it goes while it runs (scripts/progress.mjs), and what failed.
// Plain Node with no dependencies, because it runs before node_modules exists.
import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { formatElapsed, runWithProgress } from './progress.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const NPM_STAMP = join(ROOT, 'node_modules', '.kikitori-install-stamp');

const say = (line) => console.log(`setup: ${line}`);

/**
 * Runs one long step, saying first what it does and how long it usually takes here, then how it
 * goes while it runs (scripts/progress.mjs); its output goes to a log named in the error if it
 * fails.
 */
async function runLogged(command, args, { env = {}, cwd = ROOT, label, what, usually }) {
  say(`${what} (usually ${usually} here)`);
  const logDir = mkdtempSync(join(tmpdir(), 'kikitori-setup-'));
  const log = join(logDir, 'output.log');
  const result = await runWithProgress(command, args, {
    label,
    usually,
    cwd,
    env: { ...process.env, ...env },
  });
  writeFileSync(log, result.output);
  if (result.status !== 0) {
    const tail = result.output.trim().split('\n').slice(-25).join('\n');
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.error?.message ?? `exit ${result.status}`}):\n${tail}\n(full log: ${log})`,
    );
  }
  say(`${label} done in ${formatElapsed(result.ms)}`);
}

function missingDebianPackages(packages) {
  const query = spawnSync(
    'dpkg-query',
    ['-W', '-f=${Package} ${db:Status-Abbrev}\n', ...packages],
    {
      encoding: 'utf8',
    },
  );
  if (query.error) return undefined; // not a Debian system
  const installed = new Set(
    query.stdout
      .split('\n')
      .filter((line) => /\sii\s*$/.test(line))
      .map((line) => line.split(' ')[0]),
  );
  return packages.filter((name) => !installed.has(name));
}

async function ensureDebianPackages(packages) {
  const missing = missingDebianPackages(packages);
  if (missing === undefined) {
    say(`not a Debian system: make sure these are installed: ${packages.join(' ')}`);
    return;
  }
  if (missing.length === 0) return;
  const asRoot = process.getuid?.() === 0;
  const sudo = !asRoot && spawnSync('sudo', ['-n', 'true']).status === 0;
  if (!asRoot && !sudo) {
    throw new Error(
      `these Debian packages are missing: ${missing.join(' ')}\n` +
        `install them with: sudo apt-get install -y ${missing.join(' ')}`,
    );
  }
  const apt = (args) => (asRoot ? ['apt-get', args] : ['sudo', ['apt-get', ...args]]);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  await runLogged(...apt(['update', '-q']), {
    env,
    label: 'apt-get update',
    what: `reading the Debian package lists before installing ${missing.join(' ')}`,
    usually: 'under a minute',
  });
  await runLogged(...apt(['install', '-y', '-q', '--no-install-recommends', ...missing]), {
    env,
    label: 'apt-get install',
    what: `installing Debian packages: ${missing.join(' ')}`,
    usually: '1–2 min',
  });
}

// The lock file alone: it records package.json's dependencies too, so a change of scripts or of
// the Debian package list does not reinstall node_modules (and cannot pull it from under a run).
function npmStamp() {
  const hash = createHash('sha256');
  hash.update(readFileSync(join(ROOT, 'package-lock.json')));
  hash.update(process.version);
  return hash.digest('hex');
}

const NEED_DEBIAN = new Set(['keytar']);
/** What a native module compiled with node-gyp depends on to load or build itself. */
const ADDON_HELPERS = new Set([
  'bindings',
  'node-gyp-build',
  'prebuild-install',
  'node-addon-api',
  'nan',
]);

let locked;
/** The lock file's packages that run scripts when installed: name, version, and path in it. */
function lockedWithInstallScripts() {
  locked ??= lockedPackages(JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')));
  return locked;
}

function lockedPackages(lock) {
  return Object.entries(lock.packages ?? {})
    .filter(([path, entry]) => path.startsWith('node_modules/') && entry.hasInstallScript)
    .map(([path, entry]) => ({
      path,
      name: path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length),
      version: entry.version,
      integrity: entry.integrity,
      dependencies: Object.keys(entry.dependencies ?? {}),
    }));
}

/**
 * The packages of the lock file that run scripts when installed (native modules compiled from
 * source, esbuild's binary), in three groups: those whose scripts take seconds (`quick`), those
 * compiled from source with only what a fresh machine has (`compiled`: better-sqlite3, about
 * 90 s), and those compiled against a Debian library (`afterDebian`: keytar, libsecret-1-dev).
 */
function packagesWithInstallScripts() {
  const unique = [...new Set(lockedWithInstallScripts().map(({ name }) => name))];
  const compiles = (name) => existsSync(join(ROOT, 'node_modules', name, 'binding.gyp'));
  return {
    quick: unique.filter((name) => !NEED_DEBIAN.has(name) && !compiles(name)),
    compiled: unique.filter((name) => !NEED_DEBIAN.has(name) && compiles(name)),
    afterDebian: unique.filter((name) => NEED_DEBIAN.has(name)),
  };
}

/**
 * The native modules that need nothing from Debian (better-sqlite3), compiled while `npm ci`
 * runs rather than after it: npm ci mostly waits on the network, so the compile (about 90 s of
 * CPU) used to start only once the packages were in, beside the checks of `npm test`. Each is
 * fetched alone (`npm pack`, checked against the lock file's integrity), unpacked in a folder of
 * its own (npm ci empties node_modules) and built with its own `build-release` script, the
 * compile its install script falls back to. Only packages that depend on a native-addon helper
 * are fetched (the others, esbuild's binary say, have no binding.gyp). Resolves with a function
 * that puts the built modules into node_modules once npm ci is done and returns their names;
 * whatever failed here (no network for the fetch, no such script) is left to `npm rebuild`.
 */
async function compileAhead(env) {
  const ahead = lockedWithInstallScripts().filter(
    ({ path, name, dependencies }) =>
      !NEED_DEBIAN.has(name) &&
      path === `node_modules/${name}` &&
      dependencies.some((helper) => ADDON_HELPERS.has(helper)),
  );
  if (ahead.length === 0) return () => [];
  const dir = mkdtempSync(join(tmpdir(), 'kikitori-compile-'));
  const specs = ahead.map(({ name, version }) => `${name}@${version}`);
  try {
    await promisify(execFile)('npm', ['pack', '--silent', '--pack-destination', dir, ...specs], {
      cwd: dir,
      env: { ...process.env, ...env },
    });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return () => [];
  }
  const built = [];
  for (const { name, version, integrity } of ahead) {
    const tarball = join(dir, `${name.replace('@', '').replace('/', '-')}-${version}.tgz`);
    if (!existsSync(tarball)) continue;
    const [algorithm, digest] = (integrity ?? '').split(/-(.*)/s);
    const actual = createHash(algorithm || 'sha512')
      .update(readFileSync(tarball))
      .digest('base64');
    if (actual !== digest) continue;
    const source = join(dir, name.replace('/', '+'));
    mkdirSync(source);
    if (spawnSync('tar', ['xzf', tarball, '-C', source, '--strip-components=1']).status !== 0)
      continue;
    const manifest = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8'));
    if (!existsSync(join(source, 'binding.gyp')) || !manifest.scripts?.['build-release']) continue;
    try {
      await runLogged('npm', ['run', '--silent', 'build-release'], {
        env,
        cwd: source,
        label: `compile ${name}`,
        what: `compiling ${name} from source while npm ci runs`,
        usually: '1–2 min',
      });
      built.push({ name, release: join(source, 'build', 'Release') });
    } catch (error) {
      say(`${name} did not compile ahead; npm rebuild will try (${error.message.split('\n')[0]})`);
    }
  }
  return () => {
    const placed = [];
    for (const { name, release } of built) {
      const target = join(ROOT, 'node_modules', name, 'build', 'Release');
      mkdirSync(target, { recursive: true });
      for (const file of readdirSync(release).filter((f) => f.endsWith('.node')))
        copyFileSync(join(release, file), join(target, file));
      placed.push(name);
    }
    rmSync(dir, { recursive: true, force: true });
    return placed;
  };
}

/**
 * npm's packages, fetched while the Debian packages install: `npm ci --ignore-scripts` needs
 * nothing from Debian, nor do most install scripts; only those that compile against a Debian
 * library wait for `debian`. Once the packages' JavaScript is in place (before the native
 * modules are in), `onPackagesReady` is called: what needs no native module (the checks of
 * `npm test`) can start then. better-sqlite3 compiles meanwhile, from the start of npm ci
 * (`compileAhead`): about 90 s of CPU, which used to start only after npm ci and then ran beside
 * the checks.
 */
async function ensureNpmPackages(debian, onPackagesReady) {
  const stamp = npmStamp();
  if (existsSync(NPM_STAMP) && readFileSync(NPM_STAMP, 'utf8') === stamp) {
    onPackagesReady();
    return debian;
  }
  // The Electron binary cannot be downloaded everywhere; the app falls back to the web host.
  // node-gyp compiles a module's files side by side (better-sqlite3: SQLite and its binding).
  // onnxruntime-node (the speech detector's runtime) ships its CPU binaries in its package; its
  // install script would fetch the CUDA ones from NuGet, which no machine here reaches.
  const env = { ELECTRON_SKIP_BINARY_DOWNLOAD: '1', JOBS: 'max', ONNXRUNTIME_NODE_INSTALL: 'skip' };
  const ahead = compileAhead(env).catch(() => () => []);
  try {
    await runLogged(
      'npm',
      ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
      {
        env,
        label: 'npm ci',
        what: 'installing npm packages (npm ci, while the Debian packages install)',
        usually: '1–2 min',
      },
    );
    const { quick, compiled: toCompile, afterDebian } = packagesWithInstallScripts();
    // While the Debian packages may still be installing.
    if (quick.length > 0)
      await runLogged('npm', ['rebuild', ...quick], {
        env,
        label: 'npm rebuild',
        what: `running the install scripts of ${quick.join(', ')}`,
        usually: 'a few seconds',
      });
    onPackagesReady();
    const placed = new Set((await ahead)());
    const compiled = toCompile.filter((name) => !placed.has(name));
    if (compiled.length > 0)
      await runLogged('npm', ['rebuild', ...compiled], {
        env,
        label: 'npm rebuild',
        what: `compiling ${compiled.join(', ')} from source`,
        usually: '1–2 min',
      });
    await debian;
    if (afterDebian.length > 0)
      await runLogged('npm', ['rebuild', ...afterDebian], {
        env,
        label: 'npm rebuild',
        what: `building ${afterDebian.join(', ')} against the Debian libraries`,
        usually: 'under a minute',
      });
  } catch (error) {
    // Never leave the Debian step or a compile running behind a failure.
    await Promise.all([debian.catch(() => {}), ahead]);
    throw error;
  }
  writeFileSync(NPM_STAMP, stamp);
}

/**
 * Installs what is missing. `onPackagesReady` (optional) is called once, as soon as the npm
 * packages' JavaScript can run (native modules may still be compiling, Debian packages still
 * installing); it is not called when the npm step fails.
 */
export async function ensureSetup({ onPackagesReady = () => {} } = {}) {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const debian = ensureDebianPackages(pkg.kikitori?.debianPackages ?? []);
  // A rejection is handled by ensureNpmPackages (or awaited below when npm is up to date).
  debian.catch(() => {});
  await ensureNpmPackages(debian, onPackagesReady);
  await debian;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    await ensureSetup();
    if (!process.argv.includes('--quiet')) say('everything is installed');
  } catch (error) {
    console.error(`setup failed: ${error.message}`);
    process.exit(1);
  }
}
