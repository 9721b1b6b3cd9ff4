// `npm run start:web [-- options]`: browser mode only, whatever is installed. Like `npm start`, it
// builds the window first when it is missing or older than its sources, so the page is never the
// "not built yet" placeholder. Options go to the web host: --port <n>, --no-open, --data <dir>.
import { spawn } from 'node:child_process';
import { ROOT } from './setup.mjs';

await (await import('./build-renderer.mjs')).buildRendererOrExit();
const child = spawn(process.execPath, ['scripts/web-host.mjs', ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill('SIGTERM'));
child.on('exit', (code) => process.exit(code ?? 0));
