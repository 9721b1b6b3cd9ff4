/**
 * A raw-socket WebSocket client with the habits of the official raw-socket Wrp clients
 * (`Wrp_.py` and its Java, C#, C++, PHP twins, as read in the official library; not copied):
 * a handshake of only Host, User-Agent, Upgrade, Connection and Sec-WebSocket-Key (no
 * Sec-WebSocket-Version), UNMASKED client frames, and every server frame taken as one whole
 * message. It also records each frame the server sent as it came (FIN, opcode, mask bit,
 * payload), so tests can check that the server never fragments, masks or sends a status code.
 */
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import type { WrpSocket } from './wrp-client';

export interface ServerFrame {
  readonly fin: boolean;
  readonly rsv: number;
  readonly opcode: number;
  readonly masked: boolean;
  readonly payload: Buffer;
}

export interface RawSocket extends WrpSocket {
  /** Every frame the server sent, in order. */
  readonly frames: ServerFrame[];
  /** Writes bytes as they are (for malformed frames). */
  sendRaw(bytes: Buffer): void;
  readonly tcp: Socket;
}

/** A client frame; unmasked unless `mask` is given (as the raw clients send). */
export function clientFrame(
  opcode: number,
  payload: Buffer,
  { fin = true, mask }: { fin?: boolean; mask?: Buffer } = {},
): Buffer {
  const length = payload.length;
  const maskBit = mask ? 0x80 : 0;
  let head: Buffer;
  if (length < 126) head = Buffer.from([(fin ? 0x80 : 0) | opcode, maskBit | length]);
  else if (length < 0x10000) {
    head = Buffer.from([(fin ? 0x80 : 0) | opcode, maskBit | 126, 0, 0]);
    head.writeUInt16BE(length, 2);
  } else {
    head = Buffer.alloc(10);
    head[0] = (fin ? 0x80 : 0) | opcode;
    head[1] = maskBit | 127;
    head.writeBigUInt64BE(BigInt(length), 2);
  }
  if (!mask) return Buffer.concat([head, payload]);
  const body = Buffer.from(payload);
  for (let i = 0; i < body.length; i++) body[i]! ^= mask[i % 4]!;
  return Buffer.concat([head, mask, body]);
}

/** Splits the server's bytes into frames; returns the frames and the unread rest. */
export function readFrames(bytes: Buffer): { frames: ServerFrame[]; rest: Buffer } {
  const frames: ServerFrame[] = [];
  let at = 0;
  for (;;) {
    if (bytes.length - at < 2) break;
    const b0 = bytes[at]!;
    const b1 = bytes[at + 1]!;
    let length = b1 & 0x7f;
    let offset = at + 2;
    if (length === 126) {
      if (bytes.length - at < 4) break;
      length = bytes.readUInt16BE(at + 2);
      offset = at + 4;
    } else if (length === 127) {
      if (bytes.length - at < 10) break;
      length = Number(bytes.readBigUInt64BE(at + 2));
      offset = at + 10;
    }
    const masked = (b1 & 0x80) !== 0;
    if (masked) offset += 4;
    if (bytes.length < offset + length) break;
    frames.push({
      fin: (b0 & 0x80) !== 0,
      rsv: (b0 >> 4) & 0x7,
      opcode: b0 & 0x0f,
      masked,
      payload: bytes.subarray(offset, offset + length),
    });
    at = offset + length;
  }
  return { frames, rest: bytes.subarray(at) };
}

export function rawSocket(
  url: string,
  { mask = false }: { mask?: boolean } = {},
): Promise<RawSocket> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const tcp = connect(Number(target.port), target.hostname);
    const handlers: Array<(text: string) => void> = [];
    const frames: ServerFrame[] = [];
    let buffered: Buffer = Buffer.alloc(0);
    let upgraded = false;
    const closed = new Promise<void>((done) => tcp.once('close', () => done()));
    const send = (opcode: number, payload: Buffer) => {
      if (tcp.writable)
        tcp.write(clientFrame(opcode, payload, mask ? { mask: randomBytes(4) } : {}));
    };
    const socket: RawSocket = {
      frames,
      tcp,
      sendText: (text) => send(0x1, Buffer.from(text)),
      sendBinary: (bytes) => send(0x2, Buffer.from(bytes)),
      sendRaw: (bytes) => {
        if (tcp.writable) tcp.write(bytes);
      },
      // The raw clients end with a plain TCP close.
      close: () => tcp.end(),
      destroy: () => tcp.destroy(),
      closed,
      onMessage: (handler) => {
        handlers.push(handler);
        for (const text of early.splice(0)) handler(text);
      },
    };
    /** Messages that came before anyone listened. */
    const early: string[] = [];
    tcp.on('error', (error) => {
      if (!upgraded) reject(error);
    });
    tcp.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      if (!upgraded) {
        const end = buffered.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buffered.subarray(0, end).toString();
        buffered = buffered.subarray(end + 4);
        if (!/^HTTP\/1\.1 101 /.test(head)) {
          tcp.destroy();
          return reject(new Error(`the upgrade was refused: ${head.split('\r\n')[0]}`));
        }
        upgraded = true;
        resolve(socket);
      }
      const { frames: got, rest } = readFrames(buffered);
      buffered = rest;
      for (const frame of got) {
        frames.push(frame);
        // Every frame is a whole message, as the raw clients read them.
        if (frame.opcode !== 0x1) continue;
        const text = frame.payload.toString('utf8');
        if (handlers.length === 0) early.push(text);
        for (const handler of handlers) handler(text);
      }
    });
    const key = randomBytes(16).toString('base64');
    tcp.write(
      `GET ${target.pathname}${target.search} HTTP/1.1\r\nUser-Agent: Wrp-like test client\r\nHost: ${target.host}\r\nUpgrade: websocket\r\nConnection: upgrade\r\nSec-WebSocket-Key: ${key}\r\n\r\n`,
    );
  });
}
