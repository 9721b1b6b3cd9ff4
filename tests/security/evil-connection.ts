/** The connection a foreign page or request tries to plant: it must never be saved. */
import { loggedConnection } from '../support/connections';
import type { RunningWebHost } from '../support/web-host-process';

export const EVIL_CONNECTION = loggedConnection('evil', 'Evil', 'https://evil.example');

/** Whether the host has it saved, asked with this launch's own token. */
export async function evilSaved(host: RunningWebHost): Promise<boolean> {
  const { connections } = await host.call<{ connections: Array<{ id: string }> }>(
    'connections:list',
  );
  return connections.some((c) => c.id === EVIL_CONNECTION.id);
}
