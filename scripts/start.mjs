// `npm start [-- options]`: installs what is missing, then opens Kikitori with the local, offline
// service as its default connection. With the Electron runtime installed it opens the desktop
// window; without it (it cannot be downloaded everywhere) it says so in one sentence and opens
// the same app in the browser through the web host. Options go to the web host:
// --port <n>, --no-open, --data <dir>.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, ensureSetup } from './setup.mjs';

try {
  await ensureSetup();
} catch (error) {
  console.error(`setup failed: ${error.message}`);
  process.exit(1);
}

/**
 * The Electron binary when its runtime was downloaded: the electron package's path.txt names it.
 * KIKITORI_ELECTRON_DIR points at another copy of the package (tests use an empty folder).
 */
function electronBinary() {
  const dir = process.env.KIKITORI_ELECTRON_DIR || join(ROOT, 'node_modules', 'electron');
  const pathFile = join(dir, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const binary = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : undefined;
}

await (await import('./build-renderer.mjs')).buildRendererOrExit();

const args = process.argv.slice(2);
const binary = electronBinary();
let child;
if (binary) {
  // esbuild is loaded only when there is an Electron window to build for.
  const { buildApp } = await import('./build-app.mjs');
  await buildApp({ quiet: true });
  const data = args.indexOf('--data');
  const env = { ...process.env, ...(data >= 0 ? { KIKITORI_DATA_DIR: args[data + 1] } : {}) };
  child = spawn(binary, [ROOT], { cwd: ROOT, stdio: 'inherit', env });
} else {
  console.log(
    'The Electron runtime is not installed (run `node node_modules/electron/install.js` where GitHub downloads are reachable), so Kikitori opens in your browser instead.',
  );
  child = spawn(process.execPath, ['scripts/web-host.mjs', ...args], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill('SIGTERM'));
child.on('exit', (code) => process.exit(code ?? 0));
