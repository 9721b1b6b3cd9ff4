// `npm run dev [-- options]`: the app in browser mode as `npm run start:web` runs it (the real web
// host, core and local service, on free ports), with the window served from renderer/ by Vite's
// dev server inside the web host: an edit shows at once (hot reload), nothing is built and no
// file is written in the repository. It prints, and opens, the same one-time address.
// Options go to the web host: --port <n>, --no-open, --data <dir>.
import { spawn } from 'node:child_process';
import { ROOT } from './setup.mjs';

const child = spawn(
  process.execPath,
  ['--import', 'tsx', 'web-host/main.ts', '--dev', ...process.argv.slice(2)],
  { cwd: ROOT, stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill('SIGTERM'));
child.on('exit', (code) => process.exit(code ?? 0));
