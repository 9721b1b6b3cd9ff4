// `npm start`: installs what is missing, then starts what exists of Kikitori. The app window
// (Electron main process, renderer, web host) is not built yet; the local speech recognition
// service is, so this starts it on 127.0.0.1:8700 and says in plain words how to use it.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { ROOT, ensureSetup } from './setup.mjs';

try {
  ensureSetup();
} catch (error) {
  console.error(`setup failed: ${error.message}`);
  process.exit(1);
}

const port = process.env.KIKITORI_SERVICE_PORT ?? '8700';
const args = ['service/bin.mjs', '--port', port, ...process.argv.slice(2)];
console.log(
  'Kikitori: the app window is not built yet; starting the local, offline speech recognition service ' +
    '(the AmiVoice-compatible API with an English engine). Stop it with Ctrl+C.',
);
const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
createInterface({ input: child.stdout }).on('line', (line) => {
  let event;
  try {
    event = JSON.parse(line);
  } catch {
    console.log(line);
    return;
  }
  if (event.event === 'account-created') {
    console.log(
      `A new account was created. These are shown only once, so keep them somewhere safe:\n` +
        `  service id (sid):       ${event.sid}\n  service password (spw): ${event.spw}\n  API key:                ${event.apiKey}`,
    );
  } else if (event.event === 'engine-unavailable') {
    console.log(`The English engine is unavailable: ${event.message}`);
  } else if (event.event === 'jobs-resumed') {
    console.log(`Resuming ${event.count} unfinished async job(s).`);
  } else if (event.event === 'listening') {
    console.log(
      `Listening on ${event.url}. Try:\n` +
        `  curl -F u=<API key> -F d=-a-general-en -F a=@speech.wav ${event.url}/v1/recognize`,
    );
  }
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill('SIGTERM'));
child.on('exit', (code) => process.exit(code ?? 0));
