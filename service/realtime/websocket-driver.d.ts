/** The part of websocket-driver 0.8 (faye) the service uses; the package ships no types. */
declare module 'websocket-driver' {
  import type { IncomingMessage } from 'node:http';
  import type { Duplex } from 'node:stream';

  interface MessageEvent {
    readonly data: string | Buffer;
  }
  interface CloseEvent {
    readonly code: number;
    readonly reason: string;
  }
  interface ErrorEvent {
    readonly message: string;
  }

  export interface ServerDriver {
    /** The socket's side: pipe the socket into it, and its output to the socket. */
    readonly io: Duplex;
    on(event: 'message', listener: (event: MessageEvent) => void): this;
    on(event: 'close', listener: (event: CloseEvent) => void): this;
    on(event: 'error', listener: (event: ErrorEvent) => void): this;
    on(event: 'open', listener: () => void): this;
    /** Writes the handshake response. */
    start(): boolean;
    text(message: string): boolean;
    binary(message: Buffer): boolean;
    close(reason?: string, code?: number): boolean;
  }

  export interface DriverOptions {
    /** Largest message (and frame) taken, in bytes; a longer one fails the connection. */
    readonly maxLength?: number;
    /** RFC 6455 makes clients mask; false takes unmasked frames too. */
    readonly requireMasking?: boolean;
  }

  export function http(request: IncomingMessage, options?: DriverOptions): ServerDriver;
  export function isWebSocket(request: IncomingMessage): boolean;
}
