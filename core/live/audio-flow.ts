/**
 * The send loop of one realtime session (core/live/live-recognizer.ts), and its flow control.
 *
 * Flow control is end to end: a ping follows the audio, and its pong says the service has read
 * everything before it; at most `maxInFlightBytes` are sent beyond the last pong. So a slow
 * network or a busy service holds audio in the recognizer's bounded ReplayBuffer rather than in
 * socket buffers that grow without limit, and a connection that stopped carrying anything is
 * noticed (no pong within `stallTimeoutMs`) even though TCP alone would wait for minutes.
 * Whether to reconnect then is the recognizer's business, not this one's.
 */
import type WebSocket from 'ws';
import { AUDIO_PACKET_PREFIX, REALTIME_LIMITS } from '../../shared/api';
import type { ReplayBuffer } from './replay';

/** The audio a ping follows, at most: about 1 s, so that acknowledgements keep coming. */
const PING_EVERY_BYTES = 32_000;
/** Bytes the `ws` library may hold before it has written them to the socket. */
const SOCKET_HIGH_WATER = 64 * 1024;

export interface FlowLimits {
  /** How long the first ping may go unanswered before pings are taken as unsupported. */
  readonly replyTimeoutMs: number;
  /** No pong for this long: the connection has stalled. */
  readonly stallTimeoutMs: number;
  /** Audio sent beyond the last pong, at most. */
  readonly maxInFlightBytes: number;
}

/** The audio of one session going out on its socket, from the buffer, as fast as it is read. */
export class AudioFlow {
  /** Recording byte offset of the session's first audio byte. */
  startByte = 0;
  /** Recording byte offset up to which audio has been handed to the socket. */
  sentTo = 0;
  /** Up to where the service has read (the last pong's offset). */
  private ackedTo = 0;
  private ping: { readonly id: string; readonly offset: number; readonly at: number } | undefined;
  private pingSeq = 0;
  private lastPingOffset = 0;
  /** Whether the server answers pings: unknown until the first one. */
  private pongs: boolean | undefined;
  /** When anything last came: a message or a pong. */
  lastHeardAt = Date.now();
  private waitingDrain = false;
  private flushWaiters: Array<() => void> = [];

  /**
   * `sending`: whether the session may send now (open, and still the recognizer's);
   * `stalled`: told when the connection stopped carrying anything.
   */
  constructor(
    private readonly ws: WebSocket,
    private readonly buffer: ReplayBuffer,
    private readonly limits: FlowLimits,
    private readonly sending: () => boolean,
    private readonly stalled: (detail: string) => void,
    /** Told of each packet's audio bytes as it is handed to the socket (what is billed). */
    private readonly sent: (bytes: number) => void = () => undefined,
  ) {}

  /**
   * The session is open and starts with the audio not yet recognised for good: after a drop,
   * the replay; after a pause or at the start, nothing yet.
   */
  begin(): void {
    this.startByte = this.buffer.start;
    this.sentTo = this.startByte;
    this.ackedTo = this.startByte;
    this.lastPingOffset = this.startByte;
    this.heard();
  }

  /** Something came from the service. */
  heard(): void {
    this.lastHeardAt = Date.now();
  }

  /** Sends kept audio while the socket and the service keep up. */
  pump(): void {
    if (!this.sending()) return;
    const { ws } = this;
    while (this.sentTo < this.buffer.end) {
      if (ws.bufferedAmount >= SOCKET_HIGH_WATER) {
        this.waitingDrain = true;
        break;
      }
      if (this.pongs !== false && this.sentTo - this.ackedTo >= this.limits.maxInFlightBytes) {
        break; // The next pong lets more go.
      }
      const audio = this.buffer.read(this.sentTo, REALTIME_LIMITS.clientPacketAudioBytes);
      if (audio.byteLength === 0) break;
      const packet = new Uint8Array(audio.byteLength + 1);
      packet[0] = AUDIO_PACKET_PREFIX;
      packet.set(audio, 1);
      this.sentTo += audio.byteLength;
      this.sent(audio.byteLength);
      ws.send(packet, { binary: true }, () => {
        if (this.waitingDrain && ws.bufferedAmount < SOCKET_HIGH_WATER / 2) {
          this.waitingDrain = false;
          this.pump();
        }
      });
      if (this.sentTo - this.lastPingOffset >= PING_EVERY_BYTES) this.sendPing();
    }
    if (this.sentTo >= this.buffer.end) this.wake();
  }

  /**
   * True once every byte written so far has gone out; false when the flow is let go first
   * (`wake`, the session closing).
   */
  flushed(): Promise<boolean> {
    return new Promise<boolean>((resolve) => this.flushWaiters.push(() => resolve(true)));
  }

  /** Lets whoever waits for the audio to go out go. */
  wake(): void {
    const waiters = this.flushWaiters;
    this.flushWaiters = [];
    for (const wake of waiters) wake();
  }

  onPong(id: string): void {
    this.heard();
    if (!this.ping || this.ping.id !== id) return;
    this.pongs = true;
    this.ackedTo = this.ping.offset;
    this.ping = undefined;
    if (this.sentTo > this.lastPingOffset) this.sendPing();
    this.pump();
  }

  /** A check on a quiet session: a ping if none is out; a stall if the last went unanswered. */
  heartbeat(): void {
    const ping = this.ping;
    if (!ping) {
      this.sendPing();
      return;
    }
    const waited = Date.now() - ping.at;
    if (this.pongs === undefined && waited >= this.limits.replyTimeoutMs) {
      // The first ping went unanswered: a server that does not answer pings (RFC 6455 says it
      // must; the interface's documentation says nothing). Carry on without them: audio is then
      // bounded by the socket's buffer only, and a stalled connection is left to TCP.
      this.pongs = false;
      this.ping = undefined;
      this.pump();
      return;
    }
    if (this.pongs === true && waited >= this.limits.stallTimeoutMs) {
      this.stalled(`no answer for ${Math.round(waited / 1000)} s`);
    }
  }

  /** A ping after the audio sent so far, unless one is out or the server answers none. */
  sendPing(): void {
    if (this.ping || this.pongs === false) return;
    this.pingSeq += 1;
    const id = String(this.pingSeq);
    this.ping = { id, offset: this.sentTo, at: Date.now() };
    this.lastPingOffset = this.sentTo;
    this.ws.ping(id);
  }
}
