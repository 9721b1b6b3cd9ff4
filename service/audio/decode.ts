/**
 * Audio → 16 kHz mono 16-bit PCM for the engine, streamed: chunks go in, PCM comes out, and
 * memory stays flat however long the audio is. WAV and header-less `c` formats are decoded
 * here; FLAC, Ogg (Opus, Speex) and MP3 go through Debian's ffmpeg over pipes (a well-kept
 * decoder for all of them; nothing touches the disk), which hands back WAV PCM of the first
 * channel at the source's rate. All resampling is ours. The header wins over `c`.
 *
 * The decoded length is bounded while decoding (`maxSeconds`): a small file of hours of silence
 * is refused with `%` as soon as it passes the bound, and the rest is never decoded or held.
 */
import { spawn } from 'node:child_process';
import {
  ENGINE_SAMPLE_RATE,
  failure,
  parseAudioFormatName,
  RESULT_MESSAGES,
  success,
  type Result,
  type SampleEncoding,
} from '../../shared/api';
import { sniffContainer, SNIFF_BYTES } from '../../shared/api/audio-sniff';
import { formatOf, sentAsIs } from '../../shared/api/media-formats';
import { bytesPerSampleOf, firstChannel } from './pcm';
import { StreamingResampler, toInt16 } from './resample';
import { parseWavHeader } from './wav';

export interface AudioInfo {
  /** What the audio was: wav, flac, ogg, mp3 or the `c` name. */
  readonly format: string;
  readonly sourceRate: number;
  readonly channels: number;
  /** 16 kHz samples produced. */
  readonly samples: number;
}

/** Why audio was refused; callers decide on this, never on the message. */
export type DecodeFailureReason =
  'unsupported' | 'low-rate' | 'too-long' | 'ffmpeg-missing' | 'no-sound';

/** Why audio was refused: the sync result code, its reason and its message. */
export interface DecodeRefusal {
  readonly code: '+' | '?' | '%';
  readonly reason: DecodeFailureReason;
  readonly message: string;
}
export type Decode<T> = Result<T, DecodeRefusal>;

export interface DecodeOptions {
  /** Longest audio taken, in seconds; longer is refused with `%` while decoding. */
  readonly maxSeconds?: number;
  /** A sync request: the refusal points to async jobs. */
  readonly sync?: boolean;
}

export interface DecodedAudio extends AudioInfo {
  readonly pcm: Int16Array;
}

const unsupported = (detail: string, reason: DecodeFailureReason = 'unsupported') =>
  failure<DecodeRefusal>({ code: '+', reason, message: `${RESULT_MESSAGES['+']} (${detail})` });

const tooLowRate = (rate: number) =>
  unsupported(
    `the audio is sampled at ${rate} Hz; this engine needs audio sampled at 16 kHz or more (upsampling gives no usable text)`,
    'low-rate',
  );

const tooLong = ({ maxSeconds, sync }: DecodeOptions) =>
  failure<DecodeRefusal>({
    code: '%',
    reason: 'too-long',
    message: `${RESULT_MESSAGES['%']} (the audio is longer than the limit of ${maxSeconds} seconds${
      sync ? ' for a sync request: send longer audio as an async job' : ''
    })`,
  });

export type PcmSink = (pcm: Int16Array) => Promise<void> | void;

/** Reads a byte stream with look-ahead: the head is gathered first, then the rest flows on. */
class Reader {
  private readonly iterator: AsyncIterator<Uint8Array>;
  head = new Uint8Array(0);
  done = false;
  constructor(source: AsyncIterable<Uint8Array>) {
    this.iterator = source[Symbol.asyncIterator]();
  }
  /** Gathers at least `bytes` into head (fewer if the stream ends). */
  async fill(bytes: number): Promise<void> {
    while (this.head.length < bytes && !this.done) {
      const next = await this.iterator.next();
      if (next.done) {
        this.done = true;
        break;
      }
      const joined = new Uint8Array(this.head.length + next.value.length);
      joined.set(this.head);
      joined.set(next.value, this.head.length);
      this.head = joined;
    }
  }
  /** Everything from `offset` of the head on, then the rest of the stream. */
  async *rest(offset: number): AsyncGenerator<Uint8Array> {
    try {
      if (offset < this.head.length) yield this.head.subarray(offset);
      this.head = new Uint8Array(0);
      while (!this.done) {
        const next = await this.iterator.next();
        if (next.done) this.done = true;
        else yield next.value;
      }
    } finally {
      // Left early (audio too long): let the source close its file or stream now.
      if (!this.done) {
        this.done = true;
        await this.iterator.return?.();
      }
    }
  }
}

/**
 * Streams interleaved samples through first-channel selection and resampling into the sink;
 * stops reading (and answers 'too-long') once more than `maxSamples` have come out.
 */
async function streamSamples(
  chunks: AsyncIterable<Uint8Array>,
  encoding: SampleEncoding,
  channels: number,
  rate: number,
  limitBytes: number | undefined,
  maxSamples: number,
  sink: PcmSink,
): Promise<number | 'too-long'> {
  const frame = bytesPerSampleOf(encoding) * channels;
  const resampler =
    rate === ENGINE_SAMPLE_RATE ? undefined : new StreamingResampler(rate, ENGINE_SAMPLE_RATE);
  let carry = new Uint8Array(0);
  let remaining = limitBytes ?? Infinity;
  let produced = 0;
  const emit = async (samples: Float32Array) => {
    const out = toInt16(resampler ? resampler.push(samples) : samples);
    produced += out.length;
    if (out.length > 0 && produced <= maxSamples) await sink(out);
  };
  for await (let chunk of chunks) {
    if (produced > maxSamples) return 'too-long';
    if (remaining <= 0) break;
    if (chunk.length > remaining) chunk = chunk.subarray(0, remaining);
    remaining -= chunk.length;
    let bytes = chunk;
    if (carry.length > 0) {
      bytes = new Uint8Array(carry.length + chunk.length);
      bytes.set(carry);
      bytes.set(chunk, carry.length);
    }
    const whole = bytes.length - (bytes.length % frame);
    carry = bytes.slice(whole);
    if (whole > 0) await emit(firstChannel(bytes.subarray(0, whole), encoding, channels));
    // The data chunk is done: the stream after it is not asked for (a live session's next
    // packet would be taken and logged for nothing).
    if (remaining <= 0) break;
  }
  if (produced > maxSamples) return 'too-long';
  if (resampler) {
    const tail = toInt16(resampler.flush());
    produced += tail.length;
    if (produced > maxSamples) return 'too-long';
    if (tail.length > 0) await sink(tail);
  }
  return produced;
}

/** How ffmpeg ended: whether it was missing, and its last words. */
type FfmpegFate = Result<void, { missing: boolean; detail: string }>;

/** Runs ffmpeg over the stream and returns its WAV output as a stream, with its fate. */
function ffmpegWav(chunks: AsyncIterable<Uint8Array>): {
  output: AsyncIterable<Uint8Array>;
  result: Promise<FfmpegFate>;
  /** Ends ffmpeg at once. */
  stop: () => void;
  /** Throws away the rest of its output, so that it runs to its end. */
  discard: () => void;
} {
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
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-1000)));
  child.stdin.on('error', () => {}); // ffmpeg may stop reading a file it cannot decode
  const result = new Promise<FfmpegFate>((resolve) => {
    child.on('error', (error: NodeJS.ErrnoException) =>
      resolve(failure({ missing: error.code === 'ENOENT', detail: error.message })),
    );
    child.on('close', (code) =>
      resolve(
        code === 0
          ? success(undefined)
          : failure({
              missing: false,
              detail: stderr.trim().split('\n').at(-1) ?? `ffmpeg exited with ${code}`,
            }),
      ),
    );
  });
  void (async () => {
    try {
      for await (const chunk of chunks) {
        if (child.stdin.destroyed) break;
        if (!child.stdin.write(chunk))
          await new Promise((resolve) => {
            child.stdin.once('drain', resolve);
            child.stdin.once('close', resolve);
          });
      }
    } catch {
      // the source failed: ffmpeg sees a truncated input
    }
    child.stdin.end();
  })();
  return {
    output: child.stdout,
    result,
    // Its output is not wanted any more: unread, the pipe would keep 'close' from ever firing.
    stop: () => {
      child.kill('SIGKILL');
      child.stdout.destroy();
    },
    discard: () => void child.stdout.resume(),
  };
}

/** Decodes a stream of audio bytes into 16 kHz PCM chunks handed to `sink`. */
export async function decodeStream(
  source: AsyncIterable<Uint8Array>,
  c: string | undefined,
  sink: PcmSink,
  options: DecodeOptions = {},
): Promise<Decode<AudioInfo>> {
  const maxSeconds = options.maxSeconds ?? Infinity;
  const maxSamples = maxSeconds * ENGINE_SAMPLE_RATE;
  let raw: ReturnType<typeof parseAudioFormatName> | undefined;
  if (c !== undefined && c !== '') {
    raw = parseAudioFormatName(c);
    if (!raw.ok) return unsupported(raw.error);
  }
  const rawFormat = raw?.ok && raw.data.kind === 'raw' ? raw.data.format : undefined;
  const reader = new Reader(source);
  await reader.fill(SNIFF_BYTES);
  if (reader.head.length === 0) return unsupported('the audio is empty');
  const container = sniffContainer(reader.head, { frameSync: rawFormat === undefined });

  if (container === 'wav') {
    let header = parseWavHeader(reader.head, reader.done);
    while (header.state === 'need-more' && reader.head.length < 1024 * 1024) {
      await reader.fill(reader.head.length + 4096);
      header = parseWavHeader(reader.head, reader.done);
    }
    if (header.state !== 'ok')
      return unsupported(
        header.state === 'error' ? header.message : 'the WAV header is larger than 1 MiB',
      );
    const { sampleRate, channels, encoding, dataOffset, dataSize } = header.value;
    if (sampleRate < ENGINE_SAMPLE_RATE) return tooLowRate(sampleRate);
    const samples = await streamSamples(
      reader.rest(dataOffset),
      encoding,
      channels,
      sampleRate,
      dataSize,
      maxSamples,
      sink,
    );
    if (samples === 'too-long') return tooLong(options);
    if (samples === 0) return unsupported('the WAV file holds no samples');
    return success({ format: 'wav', sourceRate: sampleRate, channels, samples });
  }
  // What the API does not take (the formats table says which) is refused, never converted here.
  if (container && !sentAsIs(container))
    return unsupported(
      `${formatOf(container).name} is not accepted: convert it to FLAC, WAV, Ogg or MP3 first`,
    );
  if (container) {
    const name = container.toUpperCase();
    const ffmpeg = ffmpegWav(reader.rest(0));
    const inner = await decodeStream(ffmpeg.output, undefined, sink, options);
    // Refused on what ffmpeg said so far (too long, too low a rate): the rest is not wanted, and
    // ffmpeg, blocked on a full pipe, would never finish. Otherwise let it end and say why.
    const refused =
      !inner.ok && (inner.error.reason === 'too-long' || inner.error.reason === 'low-rate');
    if (refused) ffmpeg.stop();
    else if (!inner.ok) ffmpeg.discard();
    const fate = await ffmpeg.result;
    if (refused) return inner;
    if (!fate.ok) {
      if (fate.error.missing)
        return failure({
          code: '?',
          reason: 'ffmpeg-missing',
          message: `${name} needs ffmpeg, which is not installed on the service's machine (apt-get install ffmpeg)`,
        });
      return unsupported(`the ${name} audio could not be decoded: ${fate.error.detail}`);
    }
    if (!inner.ok) return unsupported(`the ${name} audio holds no decodable sound`, 'no-sound');
    return success({ ...inner.data, format: container });
  }
  if (!rawFormat) {
    return unsupported(
      raw?.ok
        ? `c=${c} names audio with a header, but no WAV, FLAC, Ogg or MP3 header was found`
        : 'no WAV, FLAC, Ogg or MP3 header was found; header-less audio needs c (e.g. c=LSB16K)',
    );
  }
  if (rawFormat.sampleRate < ENGINE_SAMPLE_RATE) return tooLowRate(rawFormat.sampleRate);
  const samples = await streamSamples(
    reader.rest(0),
    rawFormat.encoding,
    1,
    rawFormat.sampleRate,
    undefined,
    maxSamples,
    sink,
  );
  if (samples === 'too-long') return tooLong(options);
  if (samples === 0) return unsupported('the audio holds no whole sample');
  return success({
    format: rawFormat.name,
    sourceRate: rawFormat.sampleRate,
    channels: 1,
    samples,
  });
}

/** Decodes audio held in memory (sync requests) into one PCM array. */
export async function decodeAudio(
  bytes: Uint8Array,
  c?: string,
  options: DecodeOptions = {},
): Promise<Decode<DecodedAudio>> {
  const parts: Int16Array[] = [];
  const result = await decodeStream(
    (async function* () {
      yield bytes;
    })(),
    c,
    (pcm) => void parts.push(pcm),
    options,
  );
  if (!result.ok) return result;
  const pcm = new Int16Array(result.data.samples);
  let at = 0;
  for (const part of parts) {
    pcm.set(part, at);
    at += part.length;
  }
  return success({ ...result.data, pcm });
}
