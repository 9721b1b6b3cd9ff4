/**
 * The main process's client of the realtime WebSocket interface (docs/api.md §9) for one live
 * transcription: audio in, in recording order; interim and final text out, in recording time;
 * reconnection with replay when the connection drops.
 *
 * One recognizer runs several service sessions (`s … e`) one after the other: the first at
 * start(), a new one after each pause and after each dropped connection. Each session counts
 * its times from its own first audio byte; the recognizer adds the recording time at which that
 * session's audio began (./replay.ts). The audio since the end of the last final result is kept
 * (ReplayBuffer): it is the send queue while connected, and what a new session sends again
 * after a drop, so that the utterance being spoken when the connection went is recognised whole.
 *
 * Here: what a person does (start, write, pause, resume, stop, abort) and ending a session
 * cleanly. The sessions themselves, their messages and the reconnect policy are
 * ./recognizer-sessions.ts; one session's socket ./recognizer-session.ts; the send loop and its flow
 * control (pings, pongs, a stalled connection noticed) ./audio-flow.ts.
 */
import { formatCommand } from '../../shared/api';
import { AppFailure, appError } from '../../shared/domain/errors';
import type { DropReason, Phase } from './recognizer-session';
import { RecognizerSessions } from './recognizer-sessions';

export type { RealtimeTarget, RecognizerHandlers, RecognizerOptions } from './recognizer-sessions';

export class LiveRecognizer extends RecognizerSessions {
  /**
   * Connects and opens the first session. Rejects with live-refused when the service answers
   * `s <message>`, with network (or timeout) when it cannot be reached: no retry here, the
   * person is told at once.
   */
  async start(): Promise<void> {
    if (this.mode !== 'idle') throw new Error('LiveRecognizer.start: already started');
    this.mode = 'live';
    this.handlers.onState({ state: 'connecting' });
    try {
      await this.openSession();
    } catch (error) {
      if (this.mode === 'live') this.mode = 'failed';
      throw error;
    }
  }

  /** LSB16K audio, in recording order. */
  write(pcm: Uint8Array): void {
    if (this.mode === 'stopping' || this.mode === 'stopped' || this.mode === 'failed') return;
    if (pcm.byteLength === 0) return;
    // The caller may reuse its buffer: the copy is what is kept for replay.
    const dropped = this.buffer.append(pcm.slice());
    if (dropped) this.onReplayLimit(dropped.to);
    if (this.mode !== 'live') return;
    if (this.session?.phase === 'open') this.session.flow.pump();
    else if (!this.session && !this.opening && this.reconnectTimer === undefined) {
      // After resume: the first audio opens the next session.
      this.handlers.onState({ state: 'connecting' });
      this.openInBackground();
    }
  }

  /** Ends the session (its last results come first) and closes: none stays open while paused. */
  async pause(): Promise<void> {
    if (this.mode !== 'live') return;
    this.mode = 'paused';
    this.cancelReconnect();
    await this.opening?.catch(() => undefined);
    await this.endSession();
  }

  /** The next write opens a new session; recording time goes on from where it was. */
  resume(): void {
    if (this.mode === 'paused') this.mode = 'live';
  }

  /**
   * Sends what is left, ends the session and waits (≤ finalTimeoutMs) for the last utterance's
   * A and the answer to `e`, then closes. While reconnecting, it tries once more at once.
   */
  async stop(): Promise<void> {
    if (this.mode === 'stopping' || this.mode === 'stopped' || this.mode === 'failed') return;
    this.mode = 'stopping';
    this.cancelReconnect();
    await this.opening?.catch(() => undefined);
    await this.ending;
    // Audio no session has sent (a drop, a pause whose e went unanswered): one more session.
    if (!this.session && this.buffer.size > 0) {
      try {
        await this.openSession();
      } catch (error) {
        this.report(error, false);
      }
    }
    await this.endSession();
    this.mode = 'stopped';
  }

  /** Closes at once: no `e`, no last results. */
  abort(): void {
    this.mode = 'stopped';
    this.cancelReconnect();
    const session = this.session;
    if (!session) return;
    // A start() still waiting is told, rather than left waiting for ever.
    this.fail(session, new AppFailure(appError('cancelled', { service: 'none' })));
    this.closeSession(session, 'abort');
  }

  /**
   * Sends the audio not sent yet, then `e`, and waits for its answer (the last A comes before
   * it), then closes. A clean answer means every utterance has its final: nothing is kept.
   */
  private endSession(): Promise<void> {
    // pause() and then stop() at once: the second waits for the first's end.
    this.ending ??= this.endCurrent().finally(() => (this.ending = undefined));
    return this.ending;
  }

  private async endCurrent(): Promise<void> {
    const session = this.session;
    if (!session) return;
    if (session.phase !== 'open') {
      this.closeSession(session, 'abort');
      return;
    }
    const lost = (reason: DropReason) =>
      this.handlers.onError(
        appError('live-dropped', { host: session.host, reason }, 'the last results did not come'),
        false,
      );
    const { flow } = session;
    if (flow.sentTo < this.buffer.end) {
      // As long as it goes out: a service catching up is waited for, a dead one is not.
      const flushed = await this.whileProgressing(
        flow.flushed(),
        () => flow.sentTo + flow.lastHeardAt,
      );
      if ((session.phase as Phase) !== 'open') {
        lost(this.lastDrop); // Dropped meanwhile: it let this wait go.
        return;
      }
      if (flushed === undefined) {
        this.closeSession(session, 'abort');
        this.lastDrop = 'timeout';
        lost('timeout');
        return;
      }
    }
    session.phase = 'ending';
    const answered = new Promise<boolean>((resolve) => (session.ended = resolve));
    session.ws.send(formatCommand({ kind: 'e' }));
    // The answer comes after the last A; while the service sends events it is still at work.
    const clean = await this.whileProgressing(answered, () => session.lastMessageAt);
    if (clean === true) {
      // Every utterance has its final: nothing is left to recognise again.
      this.buffer.trimTo(flow.sentTo);
    } else {
      // The audio stays for the next session (after resume) to recognise again.
      lost(clean === undefined ? 'timeout' : this.lastDrop);
    }
    this.closeSession(session, clean === true ? 'close' : 'abort');
  }

  /**
   * The promise's value, or undefined once `progress()` has not changed for finalTimeoutMs.
   */
  private async whileProgressing<T>(
    promise: Promise<T>,
    progress: () => number,
  ): Promise<T | undefined> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const every = Math.min(500, this.finalTimeoutMs);
    const stalled = new Promise<undefined>((resolve) => {
      let last = progress();
      let lastAt = Date.now();
      const check = () => {
        const now = progress();
        if (now !== last) {
          last = now;
          lastAt = Date.now();
        }
        if (Date.now() - lastAt >= this.finalTimeoutMs) resolve(undefined);
        else timer = setTimeout(check, every);
      };
      timer = setTimeout(check, every);
    });
    try {
      return await Promise.race([promise, stalled]);
    } finally {
      clearTimeout(timer);
    }
  }
}
