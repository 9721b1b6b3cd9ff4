/**
 * `npm run start:web -- [--port <n>] [--no-open] [--data <dir>]`: the core and its handlers over
 * loopback HTTP. Prints the address with this launch's token on a line of its own.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Core, defaultAppDataDir } from '../core/core';
import { startWebHost } from './server';
import { errorText } from '../shared/domain/errors';

const USAGE = 'usage: npm run start:web -- [--port <n>] [--no-open] [--data <dir>]';
let values;
try {
  ({ values } = parseArgs({
    options: { port: { type: 'string' }, 'no-open': { type: 'boolean' }, data: { type: 'string' } },
    strict: true,
  }));
} catch (error) {
  process.stderr.write(`kikitori: ${(error as Error).message}\n${USAGE}\n`);
  process.exit(2);
}
const port = Number(values.port ?? 0);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`kikitori: --port must be a number from 0 to 65535\n${USAGE}\n`);
  process.exit(2);
}

const core = await Core.open({ dataDir: values.data ?? defaultAppDataDir() });
const token = randomBytes(24).toString('base64url');
const host = await startWebHost({
  core,
  port,
  token,
  staticDir: fileURLToPath(new URL('../dist/renderer', import.meta.url)),
});
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void Promise.all([core.stop(), host.close()]).then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

const address = `${host.url}/#token=${token}`;
console.log(
  "Kikitori is running in browser mode. Open this address (it holds this launch's secret token):",
);
console.log(address);
if (core.keys.notice) console.log(errorText(core.keys.notice, 'en'));
await core.start();
const status = core.supervisor?.current();
console.log(
  `Local service: ${status?.state ?? 'off'}${status?.url ? ` at ${status.url}` : ''}${status?.problem ? ` (${errorText(status.problem, 'en')})` : ''}`,
);
if (!values['no-open']) {
  const opener = spawn('xdg-open', [address], { stdio: 'ignore', detached: true });
  opener.on('error', () => {});
  opener.unref();
}
