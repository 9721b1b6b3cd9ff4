/** The connection a foreign page or request tries to plant: it must never be saved. */
import type { RunningWebHost } from '../support/web-host-process';

export const EVIL_CONNECTION = {
  id: 'evil',
  name: 'Evil',
  kind: 'cloud',
  baseUrl: 'https://evil.example',
  asyncUrl: 'https://evil.example',
  keyRef: null,
  logging: true,
  engine: '-a-general-en',
  profileId: null,
  settings: {},
};

/** Whether the host has it saved, asked with this launch's own token. */
export async function evilSaved(host: RunningWebHost): Promise<boolean> {
  const { connections } = await host.call<{ connections: Array<{ id: string }> }>(
    'connections:list',
  );
  return connections.some((c) => c.id === EVIL_CONNECTION.id);
}
