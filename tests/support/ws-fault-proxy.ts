/**
 * A loopback TCP proxy in front of the real local service that misbehaves on request, for
 * WebSocket clients (the HTTP one, ./fault-proxy.ts, works per request and cannot hold an
 * upgraded connection). It passes bytes both ways unchanged, so what the client talks to is
 * still the real service, and on request it:
 * - cuts every open connection (both sockets destroyed: the client sees a reset, no close frame);
 * - refuses new connections for a while (accepted and destroyed at once);
 * - stalls: carries no more bytes either way on the open connections (and on new ones) until
 *   told to pass again, as a network that went quiet does.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';

interface Pair {
  readonly client: Socket;
  readonly upstream: Socket;
}

export class WsFaultProxy {
  /** Connections accepted and passed on, in all. */
  accepted = 0;
  /** Connections refused while refusing. */
  refused = 0;
  private readonly pairs = new Set<Pair>();
  private refusingUntil = 0;
  private stalled = false;

  private constructor(
    private readonly server: Server,
    private readonly targetPort: number,
    /** `ws://127.0.0.1:<port>`: the proxy's address, to put in front of a path. */
    readonly wsUrl: string,
  ) {}

  /** A proxy to the service at `target` (`http://127.0.0.1:PORT`). */
  static async start(target: string): Promise<WsFaultProxy> {
    const server = createServer();
    const port = await new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      }),
    );
    const proxy = new WsFaultProxy(server, Number(new URL(target).port), `ws://127.0.0.1:${port}`);
    server.on('connection', (client) => proxy.accept(client));
    return proxy;
  }

  /** Connections open now. */
  openConnections(): number {
    return this.pairs.size;
  }

  private accept(client: Socket): void {
    if (Date.now() < this.refusingUntil) {
      this.refused += 1;
      client.destroy();
      return;
    }
    this.accepted += 1;
    const upstream = createConnection({ host: '127.0.0.1', port: this.targetPort });
    const pair = { client, upstream };
    this.pairs.add(pair);
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    const end = () => {
      this.pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
    if (this.stalled) this.hold(pair);
  }

  private hold({ client, upstream }: Pair): void {
    client.unpipe(upstream);
    upstream.unpipe(client);
    client.pause();
    upstream.pause();
  }

  /** Destroys both sockets of every open connection. Returns how many there were. */
  cut(): number {
    const count = this.pairs.size;
    for (const { client, upstream } of [...this.pairs]) {
      client.destroy();
      upstream.destroy();
    }
    this.pairs.clear();
    return count;
  }

  /** New connections are accepted and closed at once for this long. */
  refuseFor(ms: number): void {
    this.refusingUntil = Date.now() + ms;
  }

  /** Ends a refusal early. */
  accepting(): void {
    this.refusingUntil = 0;
  }

  /** No more bytes either way, on every connection, until pass(). */
  stall(): void {
    this.stalled = true;
    for (const pair of this.pairs) this.hold(pair);
  }

  /** Carries bytes again (what was held goes through, in order). */
  pass(): void {
    this.stalled = false;
    for (const { client, upstream } of this.pairs) {
      client.pipe(upstream);
      upstream.pipe(client);
    }
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
