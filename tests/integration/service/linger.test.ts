/**
 * An answer given before the body came (service/http/linger.ts) on a kept-alive connection: the
 * bench found RSS growing by 6.5 MB per 1,000 malformed requests because each one left a 'close'
 * listener (holding the request) on the socket that served it. A real server and a real
 * keep-alive client: after many refusals the socket holds no more listeners than after one.
 */
import { createServer, request, Agent, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { lingerAtMost } from '../../../service/http/linger';

let server: Server;
let port: number;
const sockets = new Set<Socket>();

beforeAll(async () => {
  server = createServer((req, res) => {
    sockets.add(req.socket);
    lingerAtMost(req, res, 30_000);
    // Refused before the body is read, as a wrong key is.
    res.writeHead(401, { 'Content-Type': 'text/plain' }).end('no');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function refused(agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/', agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(Buffer.alloc(20_000));
  });
}

it('leaves no listener per refused request on a kept-alive socket', async () => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  expect(await refused(agent)).toBe(401);
  const [socket] = [...sockets];
  const after = (event: string) => socket!.listenerCount(event);
  const baseline = { close: after('close'), end: after('end') };
  for (let i = 0; i < 200; i++) expect(await refused(agent)).toBe(401);
  // Still one connection, serving them all.
  expect(sockets.size).toBe(1);
  expect(after('close')).toBeLessThanOrEqual(baseline.close + 1);
  expect(after('end')).toBeLessThanOrEqual(baseline.end + 1);
  agent.destroy();
});
