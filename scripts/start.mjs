// `npm start [-- options]`: installs what is missing, then opens Kikitori with the local, offline
// service as its default connection. With the Electron runtime installed it opens the desktop
// window; without it (it cannot be downloaded everywhere) it says so in one sentence and opens
// the same app in the browser through the web host. Options go to the web host:
// --port <n>, --no-open, --data <dir>.
//
// The set-up and the builds run in a child process (scripts/prepare-start.mjs), so that what
// they load is given back before the app opens: this process stays for the app's whole life.
import { spawn } from 'node:child_process';
import { electronBinary, ROOT } from './electron-binary.mjs';

let child;
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child?.kill('SIGTERM'));

/** Runs `node args…` in the checkout with this terminal, and resolves with its exit code. */
function run(command, args, options = {}) {
  child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 0)));
}

const prepared = await run(process.execPath, ['scripts/prepare-start.mjs', '--setup']);
if (prepared !== 0) process.exit(prepared);

const args = process.argv.slice(2);
const binary = electronBinary();
if (binary) {
  const data = args.indexOf('--data');
  const env = { ...process.env, ...(data >= 0 ? { KIKITORI_DATA_DIR: args[data + 1] } : {}) };
  process.exit(await run(binary, [ROOT], { env }));
} else {
  console.log(
    'The Electron runtime is not installed (run `node node_modules/electron/install.js` where GitHub downloads are reachable), so Kikitori opens in your browser instead.',
  );
  process.exit(await run(process.execPath, ['scripts/web-host.mjs', ...args]));
}
