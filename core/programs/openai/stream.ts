/**
 * `stream=true`: the file goes through the live path (core/live/live-sessions.ts) as a window's
 * microphone would, and the connection's realtime interface answers as it hears it; its results
 * become OpenAI's server-sent events: a `transcript.text.delta` for each utterance's final result,
 * then `transcript.text.done` with the whole text. The session is a live job like any other (its
 * recording, its finals), marked as the program's.
 *
 * OpenAI's deltas are only ever appended, and an interim result is revised by the next ones
 * (an engine here replaced "even at" by "even have been" after two interims agreed on it), so
 * interims are not sent as text: they tell how far the service has heard, which paces the feed.
 *
 * The decoded audio is fed at most 20 times faster than it plays (so the recording's encoder
 * keeps up) and at most 30 s ahead of what the service has answered or of real time, whichever
 * is further (so the recognizer's replay buffer, 300 s, never drops any).
 */
import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { appError, type AppError } from '../../../shared/domain/errors';
import { errorText } from '../../../shared/domain/error-text';
import type { Job } from '../../../shared/domain/job';
import { LIVE_AUDIO, type LiveEvent } from '../../../shared/ipc/live';
import { CJK } from '../../../shared/format/speakers';
import type { LiveInbound } from '../../live/live-session';
import type { LiveSessions } from '../../live/live-sessions';
import { spawnPcmDecoder } from '../../media/media-tools';

const CHUNK_BYTES = 3_200;
const BYTES_PER_MS = (LIVE_AUDIO.sampleRate * LIVE_AUDIO.bytesPerSample) / 1000;
const MAX_SPEED = 20;
const LEAD_MS = 30_000;

/** The pieces of text to send: each final result's, joined as the viewer joins them. */
export class DeltaText {
  private text_ = '';

  /** The whole text of the finals so far. */
  get text(): string {
    return this.text_;
  }

  /** A final result: its text, after a space where the words are spaced. */
  final(text: string): string {
    const before = this.text_;
    if (before === '' || text === '') this.text_ = before + text;
    else if (CJK.test(before.at(-1)!) || CJK.test(text[0]!)) this.text_ = before + text;
    else this.text_ = `${before} ${text}`;
    return this.text_.slice(before.length);
  }
}

export interface StreamRequest {
  readonly live: LiveSessions;
  readonly path: string;
  readonly connection: string;
  readonly title: string;
  readonly program: NonNullable<Job['program']>;
  /** Answers an error before the stream has begun (OpenAI's shape, its status). */
  readonly refuse: (error: AppError) => void;
  readonly res: ServerResponse;
}

const sse = (res: ServerResponse, data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);

/** Runs one streamed transcription; settles when the answer has ended. */
export async function streamTranscription(request: StreamRequest): Promise<void> {
  const { res } = request;
  const text = new DeltaText();
  let began = false;
  let progressMs = 0;
  let ended!: (job: Job | undefined) => void;
  const stopped = new Promise<Job | undefined>((settle) => (ended = settle));
  let listening!: (ok: boolean) => void;
  const ready = new Promise<boolean>((settle) => (listening = settle));
  let failure: AppError | undefined;

  const begin = () => {
    if (began) return;
    began = true;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
  };
  const onEvent = (event: LiveEvent) => {
    if (event.type === 'state') {
      if (event.state === 'listening') listening(true);
      if (event.state === 'stopped') {
        listening(false);
        ended(event.job);
      }
    } else if (event.type === 'interim') {
      if (event.startMs !== undefined) progressMs = Math.max(progressMs, event.startMs);
    } else if (event.type === 'final') {
      progressMs = Math.max(progressMs, event.utterance.endMs);
      const piece = text.final(event.utterance.text);
      if (piece && began) sse(res, { type: 'transcript.text.delta', delta: piece });
    } else if (event.type === 'error' && event.fatal) failure ??= event.error;
  };
  const inbound: LiveInbound = request.live.open(
    { send: onEvent, close: () => listening(false) },
    { program: request.program },
  );
  inbound.text(
    JSON.stringify({ type: 'start', connection: request.connection, title: request.title }),
  );
  if (!(await ready)) {
    await stopped;
    request.refuse(failure ?? appError('live-refused'));
    return;
  }
  begin();
  let gone = false;
  res.once('close', () => {
    if (res.writableFinished) return;
    gone = true;
    inbound.closed();
  });
  await feed(
    request.path,
    inbound,
    () => progressMs,
    () => gone || failure !== undefined,
  );
  if (!gone) inbound.text(JSON.stringify({ type: 'stop' }));
  await stopped;
  if (gone) return;
  if (failure)
    sse(res, {
      error: { message: errorText(failure, 'en'), type: 'server_error', code: failure.code },
    });
  else sse(res, { type: 'transcript.text.done', text: text.text });
  res.end();
}

/** Decodes the file and hands its audio to the session, paced (see above). */
async function feed(
  path: string,
  inbound: LiveInbound,
  progressMs: () => number,
  stop: () => boolean,
): Promise<void> {
  const decoder = spawnPcmDecoder(path);
  decoder.once('error', () => undefined);
  const started = Date.now();
  let fedBytes = 0;
  let held: Buffer = Buffer.alloc(0);
  try {
    for await (const chunk of decoder.stdout!) {
      held = held.length === 0 ? (chunk as Buffer) : Buffer.concat([held, chunk as Buffer]);
      while (held.length >= CHUNK_BYTES) {
        if (stop()) return;
        const piece = held.subarray(0, CHUNK_BYTES);
        held = held.subarray(CHUNK_BYTES);
        for (;;) {
          const fedMs = fedBytes / BYTES_PER_MS;
          const elapsed = Date.now() - started;
          if (fedMs <= elapsed * MAX_SPEED && fedMs <= Math.max(progressMs(), elapsed) + LEAD_MS)
            break;
          await sleep(5);
          if (stop()) return;
        }
        inbound.audio(new Uint8Array(piece));
        fedBytes += piece.length;
      }
    }
    const rest = held.length - (held.length % 2);
    if (rest > 0 && !stop()) inbound.audio(new Uint8Array(held.subarray(0, rest)));
  } finally {
    if (decoder.exitCode === null) decoder.kill();
  }
}
