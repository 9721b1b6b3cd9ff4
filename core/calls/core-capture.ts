/**
 * A call recorded by the core itself, with no window (`kikitori watch-calls`): the microphone
 * and the computer's sound as the window's "Microphone and computer sound" hears them, read from
 * the sound server by ffmpeg (PulseAudio or pipewire-pulse: the default source, and the default
 * sink's monitor), mixed and resampled to the live link's LSB16K, and fed to a live session of
 * the core (core/live/live-sessions.ts) over a link made here, exactly as a window's link is.
 *
 * ffmpeg is a child of this process, so its recording stream is Kikitori's own and never a call
 * (core/calls/own-process.ts). The session ends with the call (the watcher stops it as Stop
 * does), or, cut off, if ffmpeg stops first; ffmpeg is stopped when the session is over.
 */
import { spawn } from 'node:child_process';
import { callTitle, type CallView } from '../../shared/domain/calls';
import { AppFailure, appError, type Lang } from '../../shared/domain/errors';
import {
  LIVE_AUDIO,
  sourcesOfChoice,
  type LiveClientMessage,
  type LiveEvent,
} from '../../shared/ipc/live';
import { pactlIn, type Pactl } from '../live/sources/pactl';
import type { LiveSessions } from '../live/live-sessions';

/** 100 ms of LSB16K, the window's chunk. */
const CHUNK_BYTES = LIVE_AUDIO.chunkSamples * LIVE_AUDIO.bytesPerSample;

export interface CoreCaptureDeps {
  readonly live: Pick<LiveSessions, 'open'>;
  /** The environment naming the sound server (the core's own by default). */
  readonly env?: NodeJS.ProcessEnv;
  readonly pactl?: Pactl;
  /** The language of the session's name. */
  readonly lang: Lang;
}

/** The server's default source and sink, as `pactl info` names them. */
export function defaultDevices(info: string): { source?: string; sink?: string } {
  const field = (name: string) => {
    const value = new RegExp(`^Default ${name}:\\s*(\\S+)\\s*$`, 'm').exec(info)?.[1];
    return value && !value.startsWith('@') ? value : undefined;
  };
  const source = field('Source');
  const sink = field('Sink');
  return { ...(source ? { source } : {}), ...(sink ? { sink } : {}) };
}

/** ffmpeg's arguments: each input read from the server, mixed, as LSB16K on its output. */
export function captureArgs(inputs: readonly string[]): string[] {
  const mix =
    inputs.length > 1
      ? `${inputs.map((_, i) => `[${i}:a]`).join('')}amix=inputs=${inputs.length}:normalize=0,`
      : '';
  return [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
    ...inputs.flatMap((input) => ['-f', 'pulse', '-i', input]),
    '-filter_complex',
    `${mix}aresample=${LIVE_AUDIO.sampleRate},aformat=sample_fmts=s16:channel_layouts=mono`,
    ...['-f', 's16le', 'pipe:1'],
  ];
}

/**
 * Records `call` into a live session: resolves once the session has started (its job made), or
 * throws why it could not (no sound server, ffmpeg missing, the service refused).
 */
export async function recordCall(deps: CoreCaptureDeps, call: CallView): Promise<void> {
  const env = deps.env ?? process.env;
  const pactl = deps.pactl ?? pactlIn(env);
  const info = await pactl(['info']).catch((error: unknown) => {
    throw new AppFailure(
      appError('calls-unavailable', { reason: 'no-server' }, (error as Error).message),
    );
  });
  const { source, sink } = defaultDevices(info);
  const inputs = [...(source ? [source] : []), ...(sink ? [`${sink}.monitor`] : [])];
  if (inputs.length === 0)
    throw new AppFailure(appError('computer-sound-unavailable', { reason: 'no-sink' }));
  const ffmpeg = spawn('ffmpeg', captureArgs(inputs), {
    env: { ...env, LC_ALL: 'C' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let said = '';
  ffmpeg.stderr.on('data', (data: Buffer) => (said = `${said}${data.toString()}`.slice(-500)));
  const stopFfmpeg = () => {
    if (ffmpeg.exitCode === null && ffmpeg.signalCode === null) ffmpeg.kill();
  };
  let settle: { ok: () => void; fail: (error: unknown) => void } | undefined;
  const started = new Promise<void>((ok, fail) => (settle = { ok, fail }));
  const inbound = deps.live.open({
    send(event: LiveEvent) {
      if (event.type === 'state' && event.state === 'listening') settle?.ok();
      if (event.type === 'error' && event.fatal) settle?.fail(new AppFailure(event.error));
      if (event.type === 'state' && event.state === 'stopped') {
        stopFfmpeg();
        settle?.fail(new AppFailure(appError('call-gone')));
      }
    },
    close: stopFfmpeg,
  });
  inbound.text(
    JSON.stringify({
      type: 'start',
      title: callTitle(call.app, new Date(), deps.lang),
      call: call.id,
      // Mixed here, as the window mixes its "Microphone and computer sound".
      sources: sourcesOfChoice('both'),
    } satisfies LiveClientMessage),
  );
  let held: Buffer = Buffer.alloc(0);
  ffmpeg.stdout.on('data', (data: Buffer) => {
    held = held.length ? Buffer.concat([held, data]) : data;
    while (held.length >= CHUNK_BYTES) {
      inbound.audio(new Uint8Array(held.subarray(0, CHUNK_BYTES)));
      held = held.subarray(CHUNK_BYTES);
    }
  });
  ffmpeg.once('error', (error) => {
    settle?.fail(
      new AppFailure(
        appError('recording-failed', { path: 'ffmpeg', reason: 'ffmpeg-missing' }, error.message),
      ),
    );
    inbound.closed();
  });
  ffmpeg.once('exit', () => {
    settle?.fail(
      new AppFailure(
        appError('calls-unavailable', { reason: 'no-server' }, said.trim() || 'ffmpeg ended'),
      ),
    );
    // The sound stopped coming: what was recorded is kept, cut off.
    inbound.closed();
  });
  try {
    await started;
  } finally {
    settle = undefined;
  }
}
