/**
 * A real GNOME Keyring on a private D-Bus session bus, for key store tests. The test process
 * points DBUS_SESSION_BUS_ADDRESS at it before keytar's first use.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { removeDir, tempDir } from './service-process';

export interface PrivateKeyring {
  readonly address: string;
  stop(): Promise<void>;
}

export async function startPrivateKeyring(): Promise<PrivateKeyring> {
  const home = await tempDir('kikitori-keyring-');
  const runtime = join(home, 'run');
  await mkdir(runtime, { mode: 0o700 });
  const env = {
    ...process.env,
    HOME: home,
    XDG_RUNTIME_DIR: runtime,
    XDG_DATA_HOME: join(home, 'data'),
    XDG_CONFIG_HOME: join(home, 'config'),
  };
  const bus = spawn(
    'dbus-daemon',
    ['--session', '--nofork', '--print-address=1', `--address=unix:path=${join(runtime, 'bus')}`],
    { env, stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const address = await new Promise<string>((resolve, reject) => {
    createInterface({ input: bus.stdout }).once('line', resolve);
    bus.once('exit', (code) => reject(new Error(`dbus-daemon exited with ${code}`)));
  });
  const keyring: ChildProcess = spawn(
    'gnome-keyring-daemon',
    ['--foreground', '--unlock', '--components=secrets'],
    {
      env: { ...env, DBUS_SESSION_BUS_ADDRESS: address },
      stdio: ['pipe', 'ignore', 'ignore'],
    },
  );
  keyring.stdin!.end('test-password');
  // Wait until the Secret Service name is on the bus.
  for (let i = 0; i < 100; i++) {
    const owner = await new Promise<boolean>((resolve) => {
      const probe = spawn(
        'dbus-send',
        [
          '--session',
          '--print-reply',
          '--dest=org.freedesktop.DBus',
          '/org/freedesktop/DBus',
          'org.freedesktop.DBus.NameHasOwner',
          'string:org.freedesktop.secrets',
        ],
        {
          env: { ...env, DBUS_SESSION_BUS_ADDRESS: address },
          stdio: ['ignore', 'pipe', 'ignore'],
        },
      );
      let out = '';
      probe.stdout.on('data', (c: Buffer) => (out += c.toString()));
      probe.on('exit', () => resolve(/boolean true/.test(out)));
    });
    if (owner) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    address,
    async stop() {
      keyring.kill('SIGTERM');
      bus.kill('SIGTERM');
      await removeDir(home);
    },
  };
}
