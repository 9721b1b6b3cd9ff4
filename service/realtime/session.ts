/**
 * One connection of the realtime interface (docs/api.md §9): the command state machine (`s`,
 * `p`, `e`, and a new `s` after `e`) and the limits of the manual. Each `s … e` is a
 * RecognitionSession (./recognition.ts): audio → decoder → the per-utterance pipeline
 * (./utterances.ts: endpointer, `S`/`E`, a pooled decoder's `C`, `U`…, `A`) → the log.
 *
 * States as the manual's transition table: idle (0) → `s` accepted → started (2/3) → `e` →
 * ending (4) → `e` answered → idle. A refused `s`, `p` or `e` returns to idle. While an `e` is
 * being finished, frames that follow wait (and the socket is not read), so a client that sends
 * its next `s` without waiting for the answer still gets it in order.
 */
import { TextDecoder } from 'node:util';
import {
  RESULT_MESSAGES,
  REALTIME_MESSAGES,
  parseBinaryFrame,
  parseCommand,
  reply,
  settingsFromD,
  validateStart,
  type StartCommand,
  type RealtimeCommand,
} from '../../shared/api';
import { admit } from '../admission';
import type { ServiceContext } from '../context';
import { realtimeLimits, type RealtimeLimits } from './limits';
import { RecognitionSession, type LiveAdmission } from './recognition';
import type { RealtimeHandlers, RealtimePeer } from './transport';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}

const illegal = (detail: string) => `${REALTIME_MESSAGES.illegalCommand}: ${detail}`;

/** How many connections there are, and how many have not had an `s` accepted yet. */
interface Tally {
  connections: number;
  unauthenticated: number;
}

/**
 * The realtime sessions of the service: `admit` and `accept` for the transport, `close` for
 * shutdown.
 */
export class RealtimeSessions {
  private readonly open = new Set<Connection>();
  private readonly tally: Tally = { connections: 0, unauthenticated: 0 };

  constructor(
    private readonly ctx: ServiceContext,
    readonly limits: RealtimeLimits = realtimeLimits(),
  ) {}

  /** Why an upgrade is refused (503) now, if it is: the caps on connections. */
  readonly admit = (): string | undefined => {
    if (this.tally.connections >= this.limits.maxConnections)
      return `the service has ${this.limits.maxConnections} realtime connections open, as many as it takes: try again when one has ended`;
    if (this.tally.unauthenticated >= this.limits.maxUnauthenticated)
      return `the service has ${this.limits.maxUnauthenticated} realtime connections waiting for an accepted s, as many as it takes: try again when one has started or ended`;
    return undefined;
  };

  readonly accept = (peer: RealtimePeer): RealtimeHandlers => {
    const connection = new Connection(this.ctx, peer, this.limits, this.tally, () =>
      this.open.delete(connection),
    );
    this.open.add(connection);
    return connection.handlers;
  };

  /**
   * The service is stopping: each session's audio so far is decoded to its last `A` and logged,
   * then its connection is closed. Resolves when every connection has ended.
   */
  async close(): Promise<void> {
    await Promise.all([...this.open].map((connection) => connection.shutdown()));
  }
}

type State = 'idle' | 'started' | 'ending' | 'closed';

class Connection {
  private state: State = 'idle';
  private session: RecognitionSession | undefined;
  /** Frames that arrived while an `e` was being finished, in order. */
  private backlog: Array<() => void> | undefined;
  private readonly pausedFor = new Set<'queue' | 'ending'>();
  private noData: NodeJS.Timeout | undefined;
  private readonly lifetime: NodeJS.Timeout;
  /** Runs until an `s` is accepted: a connection that never starts one does not stay. */
  private unauthenticated: NodeJS.Timeout | undefined;
  /** Settles when a closed connection's session has been released and logged. */
  private ending: Promise<void> = Promise.resolve();
  /** The answer to the `e` in progress. */
  private finishing: Promise<void> = Promise.resolve();

  readonly handlers: RealtimeHandlers = {
    text: (text) => this.frame(() => this.onCommandText(text)),
    binary: (bytes) => this.frame(() => this.onBinary(bytes)),
    // The client has not taken 1 MiB of replies for the stall limit: as the no-data limit.
    stalled: () => this.fail(this.timeoutReply()),
    // A message over the limit ends the connection with the manual's `%` text and the limit; a
    // broken frame, with the close alone (the client's own bug: no answer would help it).
    lastWords: (fault) =>
      fault.kind === 'too-large'
        ? reply(
            'p',
            `${RESULT_MESSAGES['%']} (one message may hold at most ${fault.limit} bytes; send audio in packets of a few KiB)`,
          )
        : undefined,
    closed: () => this.onClosed(),
  };

  constructor(
    private readonly ctx: ServiceContext,
    private readonly peer: RealtimePeer,
    private readonly limits: RealtimeLimits,
    private readonly tally: Tally,
    private readonly gone: () => void,
  ) {
    tally.connections++;
    tally.unauthenticated++;
    this.unauthenticated = setTimeout(
      () => this.fail(reply('e', REALTIME_MESSAGES.noDataTimeout)),
      limits.unauthenticatedMs,
    );
    this.unauthenticated.unref();
    this.armNoData();
    this.lifetime = setTimeout(
      () => this.fail(reply('p', REALTIME_MESSAGES.sessionTimeout)),
      limits.sessionMaxMs,
    );
    this.lifetime.unref();
  }

  // --- timers and flow control ---------------------------------------------------------------

  private armNoData(): void {
    clearTimeout(this.noData);
    if (this.state === 'closed' || this.pausedFor.size > 0) return;
    this.noData = setTimeout(() => this.fail(this.timeoutReply()), this.limits.noDataMs);
    this.noData.unref();
  }

  private timeoutReply(): string {
    return this.session?.recognizing
      ? reply('e', REALTIME_MESSAGES.noDataTimeoutWhileRecognizing)
      : reply('e', REALTIME_MESSAGES.noDataTimeout);
  }

  /** The first accepted `s`: the connection is no longer one that merely waits. */
  private authenticated(): void {
    if (this.unauthenticated === undefined) return;
    clearTimeout(this.unauthenticated);
    this.unauthenticated = undefined;
    this.tally.unauthenticated--;
  }

  /** Stops reading the socket; the no-data limit does not run while we are the ones waiting. */
  private pause(reason: 'queue' | 'ending'): void {
    if (this.pausedFor.size === 0) this.peer.pause();
    this.pausedFor.add(reason);
    clearTimeout(this.noData);
  }

  private resume(reason: 'queue' | 'ending'): void {
    if (!this.pausedFor.delete(reason) || this.pausedFor.size > 0) return;
    if (this.state === 'closed') return;
    this.peer.resume();
    this.armNoData();
  }

  private send(text: string): void {
    if (this.state !== 'closed') this.peer.sendText(text);
  }

  /** Ends the connection after a last message: a limit was reached. */
  private fail(message: string): void {
    if (this.state === 'closed') return;
    this.send(message);
    this.peer.close();
    this.onClosed();
  }

  // --- frames --------------------------------------------------------------------------------

  /**
   * Runs one frame (or keeps it while an `e` is being finished). Only a frame the connection
   * took counts as data for the no-data limit: refusals keep nobody's connection open.
   */
  private frame(run: () => boolean): void {
    if (this.state === 'closed') return;
    const counted = () => {
      if (run()) this.armNoData();
    };
    if (this.backlog) this.backlog.push(counted);
    else counted();
  }

  /** True when the frame was taken, false when it was refused. */
  private onCommandText(text: string): boolean {
    const parsed = parseCommand(text);
    if (!parsed.ok) return this.refuse(parsed.error.reply, parsed.error.message);
    return this.onCommand(parsed.data);
  }

  private onBinary(bytes: Buffer): boolean {
    const parsed = parseBinaryFrame(bytes, decodeUtf8);
    if (!parsed.ok) return this.refuse(parsed.error.reply, parsed.error.message);
    if (parsed.data.kind === 'command') return this.onCommand(parsed.data.command);
    // Not started, or the audio has ended (a stream's end, a WAV's data length): nothing takes
    // more, and it is neither queued nor logged.
    if (this.state !== 'started' || !this.session?.takesAudio) {
      return this.refuse('p', REALTIME_MESSAGES.cantFeed);
    }
    this.session.feed(parsed.data.audio);
    return true;
  }

  /**
   * A refusal (false, for `frame`). A frame naming no command the server answers (the manual
   * gives no response for it): the connection is closed cleanly, since no reply would mean
   * anything to the client.
   */
  private refuse(letter: 's' | 'p' | 'e' | null, message: string): false {
    if (letter === null) this.fail(reply('e', message));
    else this.send(reply(letter, message));
    return false;
  }

  private onCommand(command: RealtimeCommand): boolean {
    if (command.kind === 's') return this.start(command);
    if (this.state !== 'started' || !this.session) {
      return this.refuse('e', illegal('e before s: start the audio with s first'));
    }
    void this.end(this.session);
    return true;
  }

  // --- s ---------------------------------------------------------------------------------------

  private start(command: StartCommand): boolean {
    if (this.state !== 'idle') {
      return this.refuse('s', illegal('s was already sent: end the audio with e first'));
    }
    const admitted = this.admit(command);
    if (typeof admitted === 'string') return this.refuse('s', admitted);
    let session: RecognitionSession;
    try {
      session = this.newSession(admitted);
    } catch (error) {
      admitted.release();
      return this.refuse('s', `${RESULT_MESSAGES['?']} (${(error as Error).message})`);
    }
    this.state = 'started';
    this.session = session;
    this.authenticated();
    this.send(reply('s'));
    return true;
  }

  private newSession(admitted: LiveAdmission): RecognitionSession {
    return new RecognitionSession(this.ctx, admitted, this.limits, {
      send: (text) => this.send(text),
      full: () => this.pause('queue'),
      drained: () => this.resume('queue'),
      noSpeech: () => this.fail(reply('p', REALTIME_MESSAGES.cantFeed)),
      refused: (message) => {
        // A failed `p` returns the connection to state 0 [public: state transitions].
        this.send(reply('p', message));
        if (this.state === 'started') this.dropSession();
      },
    });
  }

  /** The admission of an `s` (service/admission.ts), or the message of its refusal. */
  private admit(command: StartCommand): LiveAdmission | string {
    const checked = validateStart(command);
    if (!checked.ok) return checked.error.message;
    const { format, grammar, authorization } = checked.data;
    const rate =
      format.kind === 'raw' ? format.format.sampleRate : format.name === '8K' ? 8_000 : 16_000;
    const admitted = admit(this.ctx, {
      // The `s` keys are the `d` keys of the HTTP side (docs/api.md §2): read them the same way.
      settings: settingsFromD({ ...command.params, grammarFileNames: grammar }),
      key: authorization,
      address: this.peer.remoteAddress,
      alsoCheck: () =>
        rate < 16_000
          ? `${REALTIME_MESSAGES.unsupportedAudioFormat} (${command.audioFormat} is sampled at ${rate} Hz; this engine needs audio sampled at 16 kHz or more)`
          : undefined,
    });
    if (admitted.ok)
      return { ...admitted.data, audioFormat: command.audioFormat, logged: this.peer.logged };
    const refusal = admitted.error;
    switch (refusal.reason) {
      case 'settings':
        return illegal(refusal.message.replaceAll(' in d ', ' '));
      case 'key':
        return REALTIME_MESSAGES.illegalAuthorization;
      case 'unknown-engine':
        return illegal(refusal.message);
      case 'engine-unavailable':
        return `${RESULT_MESSAGES['!']} (${refusal.message})`;
      case 'refused':
        return refusal.message;
      case 'busy':
        return `too many concurrent recognitions for this APPKEY's account (at most ${refusal.limit} at once, all its keys together)`;
    }
  }

  // --- e -------------------------------------------------------------------------------------

  private end(session: RecognitionSession): Promise<void> {
    this.finishing = this.answerEnd(session);
    return this.finishing;
  }

  private async answerEnd(session: RecognitionSession): Promise<void> {
    this.state = 'ending';
    this.backlog = [];
    this.pause('ending');
    let answer: string;
    try {
      answer = (await session.end()) ? reply('e') : reply('e', REALTIME_MESSAGES.cantFeed);
    } catch (error) {
      answer = reply('e', `${RESULT_MESSAGES['?']} (${(error as Error).message})`);
    }
    if ((this.state as State) === 'closed') return;
    this.session = undefined;
    this.state = 'idle';
    this.send(answer);
    const waiting = this.backlog;
    this.backlog = undefined;
    this.resume('ending');
    while (waiting.length > 0 && !this.backlog) waiting.shift()!();
    if (this.backlog) (this.backlog as Array<() => void>).unshift(...waiting);
  }

  private dropSession(): void {
    const session = this.session;
    this.session = undefined;
    this.state = 'idle';
    this.resume('queue');
    // Kept in `ending`, so that the service's shutdown waits for its log too.
    if (session) this.ending = this.ending.then(() => session.abort()).catch(() => {});
  }

  private onClosed(): void {
    if (this.state === 'closed') return;
    const session = this.session;
    this.state = 'closed';
    this.session = undefined;
    this.backlog = undefined;
    clearTimeout(this.noData);
    clearTimeout(this.lifetime);
    this.authenticated();
    this.tally.connections--;
    // What was recognised before the client went away is still logged (`/v1/`).
    this.ending = this.ending
      .then(() => session?.abort())
      .catch(() => {})
      .finally(this.gone);
  }

  /** Finishes the session in flight (its last `E` and `A`, its log), then closes. */
  async shutdown(): Promise<void> {
    const session = this.session;
    if (session && this.state === 'started') {
      this.pause('ending');
      await session.end().catch(() => false);
    } else if (this.state === 'ending') {
      await this.finishing;
    }
    this.peer.close();
    this.onClosed();
    await this.ending;
  }
}
