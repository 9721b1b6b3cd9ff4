/**
 * A ticket for one path of the web host, got as the page gets one: a one-time code (asked for
 * with the launch token), claimed from the host's own Origin for a session, then the ticket.
 */
import { rawRequest } from './service-process';

export async function pageTicket(url: string, token: string, path: string): Promise<string> {
  const made = await rawRequest(url, {
    method: 'POST',
    path: '/session/code',
    headers: { Authorization: `Bearer ${token}` },
    body: Buffer.from('{}'),
  });
  const code = new URL(made.json<{ data: { url: string } }>().data.url).searchParams.get('code');
  const claimed = await rawRequest(url, {
    method: 'POST',
    path: '/session/claim',
    headers: { Origin: url, 'Content-Type': 'application/json' },
    body: Buffer.from(JSON.stringify({ code })),
  });
  const session = claimed.json<{ data: { session: string } }>().data.session;
  const ticket = await rawRequest(url, {
    method: 'POST',
    path: '/session/ticket',
    headers: { 'X-Kikitori-Session': session, 'Content-Type': 'application/json' },
    body: Buffer.from(JSON.stringify({ path })),
  });
  return ticket.json<{ data: { ticket: string } }>().data.ticket;
}
