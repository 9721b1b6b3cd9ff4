// `npm run start:web [-- options]`: browser mode only, whatever is installed. Like `npm start`, it
// builds the window first when it is missing or older than its sources, so the page is never the
// "not built yet" placeholder; the build runs in a child process (scripts/prepare-start.mjs), so
// that this one, which stays for the app's whole life, does not keep what it loaded. Options go
// to the web host: --port <n>, --no-open, --data <dir>.
import { spawn } from 'node:child_process';
import { ROOT } from './electron-binary.mjs';

let child;
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child?.kill('SIGTERM'));
function run(args) {
  child = spawn(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 0)));
}

const prepared = await run(['scripts/prepare-start.mjs']);
if (prepared !== 0) process.exit(prepared);
process.exit(await run(['scripts/web-host.mjs', ...process.argv.slice(2)]));
