/**
 * A hostile local process against the realtime interface: a raw upgraded socket
 * that may never read what the service sends, a sender that writes as much as the service takes
 * and notices when it takes no more, and what the service's process holds meanwhile (its
 * resident memory and its sockets, read from /proc). Loopback only, every loop bounded.
 */
import { randomBytes } from 'node:crypto';
import { readdir, readFile, readlink } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { clientFrame } from './raw-websocket';
import type { RunningService } from './service-process';

/** The service process's resident memory in bytes (VmRSS of /proc/<pid>/status). */
export async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (!kb) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(kb[1]) * 1024;
}

/** The sockets the process holds open (its descriptors that are sockets). */
export async function openSockets(pid: number): Promise<number> {
  const fds = await readdir(`/proc/${pid}/fd`);
  const targets = await Promise.all(
    fds.map((fd) => readlink(`/proc/${pid}/fd/${fd}`).catch(() => '')),
  );
  return targets.filter((target) => target.startsWith('socket:')).length;
}

export const MiB = 1024 * 1024;
export const inMiB = (bytes: number) => `${(bytes / MiB).toFixed(1)} MB`;
/** The bound the tests allow the service's memory to grow by, at its highest, during a probe. */
export const GROWTH_BOUND = 64 * MiB;

/** The service's realtime address at `path` (`/v1/`, `/v1/nolog/`). */
export const wsUrl = (service: RunningService, path: string) =>
  `${service.url.replace(/^http/, 'ws')}${path}`;
/** The service's process id, for /proc. */
export const pidOf = (service: RunningService) => service.process.pid!;

/** Samples a process's resident memory every 100 ms: its figure before, and the highest seen. */
export class ResidentWatch {
  readonly before: number;
  private highest: number;
  private readonly timer: NodeJS.Timeout;

  private constructor(
    private readonly pid: number,
    before: number,
  ) {
    this.before = before;
    this.highest = before;
    this.timer = setInterval(() => {
      residentBytes(pid).then(
        (now) => (this.highest = Math.max(this.highest, now)),
        () => {},
      );
    }, 100);
  }

  static async start(pid: number): Promise<ResidentWatch> {
    return new ResidentWatch(pid, await residentBytes(pid));
  }

  /** Stops sampling; the growth at the highest point and the figures. */
  async stop(): Promise<{ before: number; highest: number; after: number; growth: number }> {
    clearInterval(this.timer);
    const after = await residentBytes(this.pid);
    const highest = Math.max(this.highest, after);
    return { before: this.before, highest, after, growth: highest - this.before };
  }
}

/**
 * A WebSocket upgraded by hand, as a raw client does (unmasked frames follow). Unless `read`,
 * the socket is paused at once: the client never reads a byte the service sends.
 */
export function upgraded(
  port: number,
  path: string,
  { read = true }: { read?: boolean } = {},
): Promise<{ socket: Socket; status: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let bytes = Buffer.alloc(0);
    socket.on('error', reject);
    const onData = (chunk: Buffer) => {
      bytes = Buffer.concat([bytes, chunk]);
      const end = bytes.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = bytes.subarray(0, end).toString('latin1');
      const status = head.split('\r\n')[0]!;
      if (!/^HTTP\/1\.1 101 /.test(status)) {
        // A refusal: its body comes before the close.
        socket.on('close', () =>
          resolve({ socket, status, body: bytes.subarray(end + 4).toString('utf8') }),
        );
        return;
      }
      socket.off('data', onData);
      socket.off('error', reject);
      socket.on('error', () => {});
      if (!read) socket.pause();
      resolve({ socket, status, body: '' });
    };
    socket.on('data', onData);
    socket.write(
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n\r\n`,
    );
  });
}

/** `count` copies of one unmasked client frame, back to back. */
export function repeatedFrame(opcode: number, payload: Buffer, count: number): Buffer {
  const frame = clientFrame(opcode, payload);
  const bytes = Buffer.allocUnsafe(frame.length * count);
  for (let i = 0; i < count; i++) frame.copy(bytes, i * frame.length);
  return bytes;
}

/**
 * Writes `batch()` again and again until `totalBytes` are written, waiting for the socket to
 * drain between batches. When a batch does not drain within `stallMs`, the service has stopped
 * reading: it returns then, saying so. The client's own memory stays one batch.
 */
export async function pump(
  socket: Socket,
  batch: Buffer,
  totalBytes: number,
  { stallMs = 3_000 }: { stallMs?: number } = {},
): Promise<{ written: number; stalled: boolean }> {
  let written = 0;
  while (written < totalBytes && !socket.destroyed) {
    written += batch.length;
    if (socket.write(batch)) continue;
    const drained = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        socket.off('drain', onDrain);
        resolve(false);
      }, stallMs);
      const onDrain = () => {
        clearTimeout(timer);
        resolve(true);
      };
      socket.once('drain', onDrain);
    });
    if (!drained) return { written, stalled: true };
  }
  return { written, stalled: false };
}

/**
 * Bytes the kernel holds for the service, received on its socket from the client at
 * `clientPort` and not read by it yet (rx_queue in /proc/net/tcp; loopback IPv4).
 */
export async function unreadByService(servicePort: number, clientPort: number): Promise<number> {
  const hex = (port: number) => port.toString(16).toUpperCase().padStart(4, '0');
  const table = await readFile('/proc/net/tcp', 'utf8');
  for (const line of table.split('\n').slice(1)) {
    const [, local, remote, , queues] = line.trim().split(/\s+/);
    if (local?.endsWith(`:${hex(servicePort)}`) && remote?.endsWith(`:${hex(clientPort)}`))
      return parseInt(queues!.split(':')[1]!, 16);
  }
  throw new Error(`no socket of port ${servicePort} to ${clientPort} in /proc/net/tcp`);
}
