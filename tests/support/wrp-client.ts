/**
 * A Wrp-like client for tests of the realtime interface (docs/api.md §9), with the official
 * clients' habits as read in advanced-media-inc/amivoice-api-client-library (not copied):
 * - the exact `s` line of `WrpSimpleTester.py` (`s <codec> <engine> authorization=<key>`), or
 *   `formatCommand` for every parameter in the Python client's order and quoting;
 * - audio in 4096-byte `p` packets (the testers read files 4096 bytes at a time);
 * - it waits for the answer to `s` and to `e` before going on, and takes every message whole;
 * - over a socket of the caller's choice: a standard masked client (`ws`, as the browser and
 *   Poco clients are) or a raw one with unmasked frames and the Python client's handshake.
 */
import WebSocket from 'ws';
import {
  formatCommand,
  parseServerMessage,
  type FinalResult,
  type RealtimeParams,
  type RealtimeServerMessage,
} from '../../shared/api';

/** What the client needs of a socket: whole messages in, whole frames out. */
export interface WrpSocket {
  sendText(text: string): void;
  sendBinary(bytes: Uint8Array): void;
  /** A clean close (the client's close frame). */
  close(): void;
  /** The client vanishes: the TCP connection is cut with no close frame. */
  destroy(): void;
  readonly closed: Promise<void>;
  onMessage(handler: (text: string) => void): void;
}

export function wsSocket(url: string): Promise<WrpSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const handlers: Array<(text: string) => void> = [];
    const closed = new Promise<void>((done) => ws.once('close', () => done()));
    ws.on('message', (data, isBinary) => {
      const text = isBinary ? `<binary ${(data as Buffer).length}>` : (data as Buffer).toString();
      for (const handler of handlers) handler(text);
    });
    ws.once('error', reject);
    ws.once('open', () =>
      resolve({
        sendText: (text) => ws.send(text),
        sendBinary: (bytes) => ws.send(bytes),
        close: () => ws.close(),
        destroy: () => ws.terminate(),
        closed,
        onMessage: (handler) => handlers.push(handler),
      }),
    );
  });
}

export interface ReceivedMessage {
  readonly text: string;
  /** ms since the client was made, when the message arrived. */
  readonly at: number;
  readonly parsed: RealtimeServerMessage | undefined;
}

export class WrpClient {
  readonly messages: ReceivedMessage[] = [];
  private readonly born = performance.now();
  private waiters: Array<() => void> = [];
  private isClosed = false;

  constructor(readonly socket: WrpSocket) {
    socket.onMessage((text) => {
      const parsed = parseServerMessage(text);
      this.messages.push({
        text,
        at: performance.now() - this.born,
        parsed: parsed.ok ? parsed.data : undefined,
      });
      this.wake();
    });
    void socket.closed.then(() => {
      this.isClosed = true;
      this.wake();
    });
  }

  static async connect(url: string, open: (url: string) => Promise<WrpSocket> = wsSocket) {
    return new WrpClient(await open(url));
  }

  get closed(): boolean {
    return this.isClosed;
  }

  /** ms since the client was made. */
  now(): number {
    return performance.now() - this.born;
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  /** Waits for the first message from index `from` on that matches, and returns its index. */
  async waitFor(
    match: (message: ReceivedMessage) => boolean,
    { from = 0, timeoutMs = 60_000 }: { from?: number; timeoutMs?: number } = {},
  ): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.messages.findIndex((m, i) => i >= from && match(m));
      if (index >= 0) return index;
      if (this.isClosed) throw new Error(`closed before the message came: ${this.describe()}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting: ${this.describe()}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The last messages, for failure reports. */
  describe(): string {
    return JSON.stringify(this.messages.slice(-8).map((m) => m.text.slice(0, 200)));
  }

  /** Sends a command and waits for its answer (`s`, `e`): null on success, else the message. */
  private async command(text: string, letter: 's' | 'e', binary = false): Promise<string | null> {
    const from = this.messages.length;
    if (binary) this.socket.sendBinary(Buffer.from(text));
    else this.socket.sendText(text);
    const index = await this.waitFor((m) => m.text[0] === letter, { from });
    const answer = this.messages[index]!.text;
    return answer.length > 1 ? answer.slice(2) : null;
  }

  /** `s` as WrpSimpleTester.py writes it, or with every parameter given. */
  start(
    codec: string,
    engine: string,
    params: RealtimeParams,
    options: { binary?: boolean; line?: string } = {},
  ): Promise<string | null> {
    const line =
      options.line ?? formatCommand({ kind: 's', audioFormat: codec, grammars: [engine], params });
    return this.command(line, 's', options.binary);
  }

  /** One `p` packet. */
  feed(audio: Uint8Array): void {
    const packet = new Uint8Array(audio.length + 1);
    packet[0] = 0x70;
    packet.set(audio, 1);
    this.socket.sendBinary(packet);
  }

  end(options: { binary?: boolean } = {}): Promise<string | null> {
    return this.command('e', 'e', options.binary);
  }

  /** The `A` results received, in order. */
  finals(): FinalResult[] {
    return this.messages.flatMap((m) => (m.parsed?.kind === 'A' ? [m.parsed.result] : []));
  }

  /** The letters of the events received (`S`, `C`, `U`, `E`, `A`), in order. */
  letters(): string {
    return this.messages.map((m) => m.text[0]).join('');
  }

  close(): void {
    this.socket.close();
  }
}

export interface SendOptions {
  /** Bytes per `p` packet (the testers send 4096). */
  readonly packetBytes?: number;
  /** Audio bytes per second of wall time: paced like a microphone; undefined sends at once. */
  readonly bytesPerSecond?: number;
  /** Called with the audio offset (bytes) at the moment each packet is sent. */
  readonly onPacket?: (offset: number, at: number) => void;
}

/** Sends audio in packets, at full speed or paced at real time (a raw client of a microphone). */
export async function sendAudio(
  client: WrpClient,
  audio: Uint8Array,
  { packetBytes = 4096, bytesPerSecond, onPacket }: SendOptions = {},
): Promise<void> {
  const started = performance.now();
  for (let offset = 0; offset < audio.length; offset += packetBytes) {
    if (bytesPerSecond !== undefined) {
      const due = started + (offset / bytesPerSecond) * 1000;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    } else if (offset % (packetBytes * 64) === 0) {
      // Let the socket's own flow control work on long files.
      await new Promise((resolve) => setImmediate(resolve));
    }
    onPacket?.(offset, client.now());
    client.feed(audio.subarray(offset, Math.min(audio.length, offset + packetBytes)));
  }
}

/** The text of a session: the `A` results' texts joined. */
export const textOfFinals = (finals: readonly FinalResult[]) =>
  finals
    .map((f) => f.text)
    .filter((t) => t !== '')
    .join(' ');
