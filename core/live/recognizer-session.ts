/**
 * One service session of a live recognizer (live-recognizer.ts): a WebSocket connection carrying
 * one session, `s` to `e`, its socket's events told to the recognizer, its timers, and its close.
 */
import WebSocket from 'ws';
import { AppFailure, appError, type SubCode } from '../../shared/domain/errors';
import { networkReason } from '../api-client/reasons';
import type { AudioFlow } from './audio-flow';

/** Why a session ended without our `e` (live-dropped's reasons). */
export type DropReason = SubCode<'live-dropped', 'reason'>;

export type Phase = 'connecting' | 'starting' | 'open' | 'ending' | 'closed';

/** One WebSocket connection carrying one service session, `s` to `e`. */
export interface Session {
  readonly ws: WebSocket;
  readonly host: string;
  phase: Phase;
  /** Its audio going out (what was sent, what the service has read, when it was last heard). */
  readonly flow: AudioFlow;
  /** When a message last came. */
  lastMessageAt: number;
  /**
   * Utterances begun (S) and not finalized (A), oldest first: an A finalizes the oldest. Usually
   * one; two when an utterance cut at 30 s has its next S before its own A.
   */
  utterances: Array<{ startMs?: number; endMs?: number }>;
  timers: Set<ReturnType<typeof setTimeout>>;
  /** Settled when the answer to `s` comes, or the session fails before it. */
  started: { resolve: () => void; reject: (error: AppFailure) => void };
  /** Set while waiting for the answer to `e`. */
  ended?: (clean: boolean) => void;
}

/** What a session's socket says, as the recognizer hears it. */
export interface SocketEvents {
  /** The session failed before it started. */
  fail(error: AppFailure): void;
  /** The session ended without our `e`. */
  dropped(reason: DropReason, detail?: string): void;
  /** A text message. */
  message(text: string): void;
}

export function attachSocket(session: Session, startLine: string, on: SocketEvents): void {
  const { ws } = session;
  ws.on('open', () => {
    session.phase = 'starting';
    ws.send(startLine);
  });
  ws.on('unexpected-response', (request, response) => {
    // The upgrade was answered with HTTP: a wrong path, or a proxy in the way.
    const status = response.statusCode ?? 0;
    request.destroy();
    on.fail(
      new AppFailure(
        status === 401 || status === 403
          ? appError('auth', {}, `HTTP ${status}`)
          : appError('network', { host: session.host, reason: 'other' }, `HTTP ${status}`),
      ),
    );
  });
  ws.on('error', (error: NodeJS.ErrnoException) => {
    const errno = error.code ?? '';
    if (session.phase === 'connecting' || session.phase === 'starting') {
      on.fail(
        new AppFailure(
          appError('network', { host: session.host, reason: networkReason(errno) }, error.message),
        ),
      );
    } else {
      on.dropped(errno === 'ECONNRESET' || errno === 'EPIPE' ? 'closed' : 'other', error.message);
    }
  });
  ws.on('close', () => {
    if (session.phase === 'connecting' || session.phase === 'starting') {
      on.fail(new AppFailure(appError('network', { host: session.host, reason: 'reset' })));
    } else on.dropped('closed');
  });
  ws.on('pong', (data: Buffer) => session.flow.onPong(data.toString()));
  ws.on('message', (data: Buffer, isBinary: boolean) => {
    session.flow.heard();
    session.lastMessageAt = session.flow.lastHeardAt;
    if (isBinary) return; // The interface sends text only; nothing to do with bytes.
    on.message(data.toString('utf8'));
  });
}

export function sessionTimer(session: Session, ms: number, run: () => void): void {
  const timer = setTimeout(() => {
    session.timers.delete(timer);
    run();
  }, ms);
  session.timers.add(timer);
}

export function closeSocket(session: Session, how: 'close' | 'abort', detach: () => void): void {
  if (session.phase === 'closed') return;
  session.phase = 'closed';
  session.ended = undefined;
  for (const timer of session.timers) clearTimeout(timer);
  session.timers.clear();
  detach();
  // Whoever waits for the audio to go out is let go: it will not, on this socket.
  session.flow.wake();
  const { ws } = session;
  if (how === 'close' && ws.readyState === WebSocket.OPEN) {
    ws.close();
    // A server that never answers the close frame is not waited for (ws's own 30 s).
    setTimeout(() => ws.terminate(), 2_000).unref();
  } else ws.terminate();
}
