/**
 * The web host on a fresh data folder with its own private keyring, for the system and end-to-end
 * tests and the bench (`useWebHost` in ./hooks opens one for a whole vitest file).
 */
import { startPrivateKeyring, type PrivateKeyring } from './keyring';
import { removeDir, tempDir } from './service-process';
import { startWebHostProcess, type RunningWebHost } from './web-host-process';

export interface WebHostSession {
  readonly keyring: PrivateKeyring;
  readonly dataDir: string;
  /** What the host runs with: the private keyring's bus. */
  readonly env: Record<string, string>;
  /** The host as it runs now (a new one after `restart`). */
  readonly host: RunningWebHost;
  /** Starts the host again on the same data folder, after a test stopped or killed it. */
  restart(): Promise<RunningWebHost>;
  /** Stops the host and the keyring and removes the data folder. */
  close(): Promise<void>;
}

export async function openWebHost(
  prefix: string,
  /** Runs on the empty data folder before the host starts (to seed the journal, say). */
  beforeStart?: (dataDir: string) => Promise<unknown>,
  /** More of the host's environment (a test's own sound server). */
  moreEnv: Record<string, string> = {},
): Promise<WebHostSession> {
  const keyring = await startPrivateKeyring();
  const dataDir = await tempDir(prefix);
  const env = { ...moreEnv, DBUS_SESSION_BUS_ADDRESS: keyring.address };
  let host: RunningWebHost | undefined;
  const close = async () => {
    await host?.stop();
    await keyring.stop();
    await removeDir(dataDir);
  };
  try {
    await beforeStart?.(dataDir);
    host = await startWebHostProcess(dataDir, env);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    keyring,
    dataDir,
    env,
    get host() {
      return host!;
    },
    async restart() {
      host = await startWebHostProcess(dataDir, env);
      return host;
    },
    close,
  };
}
