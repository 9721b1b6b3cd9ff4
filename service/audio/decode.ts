/**
 * Audio → 16 kHz mono 16-bit PCM for the engine. WAV and header-less `c` formats are decoded
 * here; FLAC, Ogg (Opus, Speex) and MP3 go through Debian's ffmpeg (a well-kept decoder for
 * every one of them) which hands back WAV PCM of the first channel at the source's rate; all
 * resampling is ours. The header wins over `c`.
 */
import { spawn } from 'node:child_process';
import { ENGINE_SAMPLE_RATE, parseAudioFormatName, RESULT_MESSAGES } from '../../shared/api';
import { firstChannel } from './pcm';
import { Resampler, toInt16 } from './resample';
import { isWav, parseWav } from './wav';

export interface DecodedAudio {
  readonly pcm: Int16Array;
  /** What the audio was: wav, flac, ogg, mp3 or the `c` name. */
  readonly format: string;
  readonly sourceRate: number;
  readonly channels: number;
}

export type AudioDecode =
  { ok: true; value: DecodedAudio } | { ok: false; code: '+' | '?'; message: string };

const unsupported = (detail: string): AudioDecode => ({
  ok: false,
  code: '+',
  message: `${RESULT_MESSAGES['+']} (${detail})`,
});

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

type Container = 'wav' | 'flac' | 'ogg' | 'mp3' | 'mp4' | 'webm';

/** Recognises a container by its magic bytes; frame-sync MP3 only when no raw `c` was given. */
export function sniffContainer(bytes: Uint8Array, rawGiven: boolean): Container | undefined {
  if (isWav(bytes)) return 'wav';
  if (ascii(bytes, 0, 4) === 'fLaC') return 'flac';
  if (ascii(bytes, 0, 4) === 'OggS') return 'ogg';
  if (ascii(bytes, 0, 3) === 'ID3') return 'mp3';
  if (ascii(bytes, 4, 4) === 'ftyp') return 'mp4';
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3)
    return 'webm';
  if (!rawGiven && bytes.length > 4 && bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0)
    return 'mp3';
  return undefined;
}

const resamplers = new Map<number, Resampler>();
function to16k(samples: Float32Array, rate: number): Int16Array {
  if (rate === ENGINE_SAMPLE_RATE) return toInt16(samples);
  let resampler = resamplers.get(rate);
  if (!resampler) {
    resampler = new Resampler(rate, ENGINE_SAMPLE_RATE);
    resamplers.set(rate, resampler);
  }
  return toInt16(resampler.process(samples));
}

function tooLowRate(rate: number): AudioDecode {
  return unsupported(
    `the audio is sampled at ${rate} Hz; this engine needs audio sampled at 16 kHz or more (upsampling gives no usable text)`,
  );
}

/** Runs ffmpeg over the bytes (pipes only: nothing touches the disk) and returns WAV bytes. */
function ffmpegToWav(
  bytes: Uint8Array,
): Promise<{ ok: true; wav: Buffer } | { ok: false; missing: boolean; detail: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      'ffmpeg',
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-nostdin',
        '-i',
        'pipe:0',
        '-map',
        '0:a:0',
        '-af',
        'pan=mono|c0=c0',
        '-c:a',
        'pcm_s16le',
        '-f',
        'wav',
        'pipe:1',
      ],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (err = (err + chunk.toString()).slice(-1000)));
    child.stdin.on('error', () => {}); // ffmpeg may stop reading a file it cannot decode
    child.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ ok: false, missing: error.code === 'ENOENT', detail: error.message }),
    );
    child.on('close', (code) => {
      if (code === 0) resolve({ ok: true, wav: Buffer.concat(out) });
      else
        resolve({
          ok: false,
          missing: false,
          detail: err.trim().split('\n').at(-1) ?? `ffmpeg exited with ${code}`,
        });
    });
    child.stdin.end(bytes);
  });
}

export async function decodeAudio(bytes: Uint8Array, c?: string): Promise<AudioDecode> {
  if (bytes.length === 0) return unsupported('the audio is empty');
  let raw: ReturnType<typeof parseAudioFormatName> | undefined;
  if (c !== undefined && c !== '') {
    raw = parseAudioFormatName(c);
    if (!raw.ok) return unsupported(raw.message);
  }
  const rawFormat = raw?.ok && raw.value.kind === 'raw' ? raw.value.format : undefined;
  const container = sniffContainer(bytes, rawFormat !== undefined);

  if (container === 'wav') {
    const wav = parseWav(bytes);
    if (!wav.ok) return unsupported(wav.message);
    const { sampleRate, channels, encoding, data } = wav.value;
    if (sampleRate < ENGINE_SAMPLE_RATE) return tooLowRate(sampleRate);
    const samples = firstChannel(data, encoding, channels);
    if (samples.length === 0) return unsupported('the WAV file holds no samples');
    return {
      ok: true,
      value: { pcm: to16k(samples, sampleRate), format: 'wav', sourceRate: sampleRate, channels },
    };
  }
  if (container === 'mp4' || container === 'webm') {
    return unsupported(
      `${container === 'mp4' ? 'M4A/MP4' : 'WebM'} is not accepted: convert it to FLAC, WAV, Ogg or MP3 first`,
    );
  }
  if (container) {
    const result = await ffmpegToWav(bytes);
    if (!result.ok) {
      if (result.missing) {
        return {
          ok: false,
          code: '?',
          message: `${container.toUpperCase()} needs ffmpeg, which is not installed on the service's machine (apt-get install ffmpeg)`,
        };
      }
      return unsupported(
        `the ${container.toUpperCase()} audio could not be decoded: ${result.detail}`,
      );
    }
    const wav = parseWav(result.wav);
    if (!wav.ok)
      return unsupported(`the ${container.toUpperCase()} audio holds no decodable sound`);
    if (wav.value.sampleRate < ENGINE_SAMPLE_RATE) return tooLowRate(wav.value.sampleRate);
    const samples = firstChannel(wav.value.data, wav.value.encoding, 1);
    if (samples.length === 0)
      return unsupported(`the ${container.toUpperCase()} audio holds no samples`);
    return {
      ok: true,
      value: {
        pcm: to16k(samples, wav.value.sampleRate),
        format: container,
        sourceRate: wav.value.sampleRate,
        channels: 1,
      },
    };
  }
  if (!rawFormat) {
    return unsupported(
      raw?.ok
        ? `c=${c} names audio with a header, but no WAV, FLAC, Ogg or MP3 header was found`
        : 'no WAV, FLAC, Ogg or MP3 header was found; header-less audio needs c (e.g. c=LSB16K)',
    );
  }
  if (rawFormat.sampleRate < ENGINE_SAMPLE_RATE) return tooLowRate(rawFormat.sampleRate);
  const samples = firstChannel(bytes, rawFormat.encoding, 1);
  return {
    ok: true,
    value: {
      pcm: to16k(samples, rawFormat.sampleRate),
      format: rawFormat.name,
      sourceRate: rawFormat.sampleRate,
      channels: 1,
    },
  };
}
