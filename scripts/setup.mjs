// Installs what the project needs: the Debian packages listed in package.json
// ("kikitori.debianPackages") and the npm packages of package-lock.json. Quick and quiet when
// everything is already there; says plainly what it installs, how long that usually takes, and
// how it goes while it runs (scripts/progress.mjs), and what failed.
// Plain Node with no dependencies, because it runs before node_modules exists.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatElapsed, runWithProgress } from './progress.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const NPM_STAMP = join(ROOT, 'node_modules', '.kikitori-install-stamp');

const say = (line) => console.log(`setup: ${line}`);

/**
 * Runs one long step, saying first what it does and how long it usually takes here, then how it
 * goes while it runs (scripts/progress.mjs); its output goes to a log named in the error if it
 * fails.
 */
async function runLogged(command, args, { env = {}, label, what, usually }) {
  say(`${what} (usually ${usually} here)`);
  const logDir = mkdtempSync(join(tmpdir(), 'kikitori-setup-'));
  const log = join(logDir, 'output.log');
  const result = await runWithProgress(command, args, {
    label,
    usually,
    cwd: ROOT,
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

/**
 * The packages of the lock file that run scripts when installed (native modules compiled from
 * source, esbuild's binary), in three groups: those whose scripts take seconds (`quick`), those
 * compiled from source with only what a fresh machine has (`compiled`: better-sqlite3, about
 * 90 s), and those compiled against a Debian library (`afterDebian`: keytar, libsecret-1-dev).
 */
function packagesWithInstallScripts() {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));
  const names = Object.entries(lock.packages ?? {})
    .filter(([path, entry]) => path.startsWith('node_modules/') && entry.hasInstallScript)
    .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
  const needDebian = new Set(['keytar']);
  const unique = [...new Set(names)];
  const compiles = (name) => existsSync(join(ROOT, 'node_modules', name, 'binding.gyp'));
  return {
    quick: unique.filter((name) => !needDebian.has(name) && !compiles(name)),
    compiled: unique.filter((name) => !needDebian.has(name) && compiles(name)),
    afterDebian: unique.filter((name) => needDebian.has(name)),
  };
}

/**
 * npm's packages, fetched while the Debian packages install: `npm ci --ignore-scripts` needs
 * nothing from Debian, nor do most install scripts; only those that compile against a Debian
 * library wait for `debian`. Once the packages' JavaScript is in place (before the native
 * modules compile), `onPackagesReady` is called: what needs no native module (the checks of
 * `npm test`) can start then, while better-sqlite3 compiles (about 90 s of one core on a fresh
 * machine, which used to leave the other idle).
 */
async function ensureNpmPackages(debian, onPackagesReady) {
  const stamp = npmStamp();
  if (existsSync(NPM_STAMP) && readFileSync(NPM_STAMP, 'utf8') === stamp) {
    onPackagesReady();
    return debian;
  }
  // The Electron binary cannot be downloaded everywhere; the app falls back to the web host.
  // node-gyp compiles a module's files side by side (better-sqlite3: SQLite and its binding).
  const env = { ELECTRON_SKIP_BINARY_DOWNLOAD: '1', JOBS: 'max' };
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
    const { quick, compiled, afterDebian } = packagesWithInstallScripts();
    // While the Debian packages may still be installing.
    if (quick.length > 0)
      await runLogged('npm', ['rebuild', ...quick], {
        env,
        label: 'npm rebuild',
        what: `running the install scripts of ${quick.join(', ')}`,
        usually: 'a few seconds',
      });
    onPackagesReady();
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
    // Never leave the Debian step running behind a failure.
    await debian.catch(() => {});
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
