// `npm run dist [-- <electron-builder options>]`: the installers for this machine's platform
// (Linux: AppImage and deb; macOS: dmg; Windows: nsis) in release/. electron-builder needs the
// Electron runtime for the target (and, on a first build, its packaging tools), all downloaded
// from GitHub. So this first checks, within seconds, that the runtime is in a cache or that
// GitHub answers, and otherwise stops with one sentence instead of minutes of retries.
// `--check` runs that check only.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from './build-app.mjs';
import { buildCli } from './build-cli.mjs';
import { buildService } from './build-service.mjs';
import { ROOT } from './setup.mjs';

const ELECTRON_VERSION = createRequire(import.meta.url)('electron/package.json').version;
const TARGET_FLAGS = { linux: '--linux', darwin: '--mac', win32: '--win' };
const PROBE_TIMEOUT_MS = 5000;

/** The Electron archive electron-builder fetches for this platform. */
export function electronArchive(platform = process.platform, arch = process.arch) {
  return `electron-v${ELECTRON_VERSION}-${platform}-${arch}.zip`;
}

/** Where @electron/get and electron-builder keep downloads (ELECTRON_CACHE, ELECTRON_BUILDER_CACHE). */
function cacheRoots() {
  const home = homedir();
  const base =
    process.platform === 'darwin'
      ? join(home, 'Library', 'Caches')
      : process.platform === 'win32'
        ? (process.env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'))
        : (process.env.XDG_CACHE_HOME ?? join(home, '.cache'));
  return [
    process.env.ELECTRON_CACHE ?? join(base, 'electron'),
    process.env.ELECTRON_BUILDER_CACHE ?? join(base, 'electron-builder'),
  ];
}

/** The archive in a cache folder or one level below (@electron/get files it under a hash). */
function cachedArchive(name) {
  for (const root of cacheRoots()) {
    if (!existsSync(root)) continue;
    if (existsSync(join(root, name))) return join(root, name);
    for (const entry of readdirSync(root, { withFileTypes: true }))
      if (entry.isDirectory() && existsSync(join(root, entry.name, name)))
        return join(root, entry.name, name);
  }
  return undefined;
}

function downloadUrl(name) {
  const mirror =
    process.env.ELECTRON_MIRROR ?? 'https://github.com/electron/electron/releases/download/';
  return `${mirror.endsWith('/') ? mirror : `${mirror}/`}v${ELECTRON_VERSION}/${name}`;
}

/** Whether the archive can be downloaded: a HEAD request answered (any 2xx/3xx) in time. */
async function reachable(url) {
  try {
    const res = await fetch(url, {
      method: 'HEAD',
      redirect: 'manual',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    return res.status < 400;
  } catch {
    return false;
  }
}

/** Undefined when the build can go ahead, else the one sentence that says why not. */
export async function preflight() {
  if (!TARGET_FLAGS[process.platform])
    return `npm run dist builds installers on Linux, macOS and Windows, not on ${process.platform}.`;
  const name = electronArchive();
  if (cachedArchive(name)) return undefined;
  const url = downloadUrl(name);
  if (await reachable(url)) return undefined;
  return (
    `npm run dist cannot build the installers here: it needs the Electron ${ELECTRON_VERSION} runtime ` +
    `(${name}), which is not in the download cache (${cacheRoots()[0]}) and cannot be downloaded ` +
    `from ${new URL(url).host}; run it on a machine with internet access, or put ${name} into ` +
    `${cacheRoots()[0]}, or set ELECTRON_MIRROR to a mirror you can reach.`
  );
}

function step(command, args) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: process.env });
  return result.status === 0;
}

async function dist(extraArgs) {
  const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  if (scripts['build:renderer'] && !step('npm', ['run', '--silent', 'build:renderer']))
    return false;
  await buildApp();
  await buildCli();
  const { engine } = await buildService();
  console.log(
    engine.worker
      ? 'dist: the local engine is included (resources/engine)'
      : `dist: this build has no local engine (${engine.reason}); the app says so and cloud connections work`,
  );
  const builder = join(ROOT, 'node_modules', 'electron-builder', 'cli.js');
  const built = step(process.execPath, [
    builder,
    TARGET_FLAGS[process.platform],
    '--config',
    'build/electron-builder.config.ts',
    '--publish',
    'never',
    ...extraArgs,
  ]);
  // electron-builder rebuilt the native modules in node_modules for Electron: rebuild them for
  // Node again, so the checkout's tests and browser mode keep working.
  step('npm', ['rebuild', 'better-sqlite3', 'keytar']);
  return built;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const problem = await preflight();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  if (args.includes('--check')) {
    console.log(`npm run dist can build here (Electron ${ELECTRON_VERSION}).`);
    process.exit(0);
  }
  process.exit((await dist(args)) ? 0 : 1);
}
