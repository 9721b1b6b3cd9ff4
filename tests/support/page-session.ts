/** A browser-mode page's session, claimed from an in-process web host as the window claims it. */
import type { WebHost } from '../../web-host/server';
import { rawRequest } from './service-process';

export async function claimPageSession(host: WebHost): Promise<string> {
  const code = new URL(host.openUrl()).searchParams.get('code');
  const claimed = await rawRequest(host.url, {
    path: '/session/claim',
    headers: { Origin: host.url, 'Content-Type': 'application/json' },
    body: Buffer.from(JSON.stringify({ code })),
  });
  return claimed.json<{ data: { session: string } }>().data.session;
}
