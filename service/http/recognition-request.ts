/**
 * Reads a recognition request (docs/api.md §2): parameters from the query and from
 * multipart parts before the audio (the query wins), parts after `a` ignored, or a raw audio body
 * with every parameter in the query. The audio streams into a sink; `beforeAudio` runs as soon
 * as the parameters are known, so that a request with a bad key or settings is answered without
 * receiving its audio.
 */
import { Busboy, type BusboyHeaders, type BusboyInstance } from '@fastify/busboy';
import type { IncomingMessage } from 'node:http';
import type { AudioSink } from './audio-sink';

export type Params = Map<string, string>;

export type ReadOutcome =
  | { kind: 'ok'; params: Params }
  | { kind: 'rejected' }
  | { kind: 'too-large' }
  | { kind: 'no-audio'; params: Params }
  | { kind: 'malformed'; message: string }
  /** Refused before the key was checked for being too big or too slow: the connection is closed. */
  | { kind: 'hostile'; message: string };

export interface ReadOptions {
  readonly query: URLSearchParams;
  /** Called once the parameters are known: return false to refuse the audio. */
  readonly beforeAudio: (params: Params) => Promise<boolean> | boolean;
  readonly sink: AudioSink;
  /** How long the parts before the audio may take to arrive (the key is not checked yet). */
  readonly paramsDeadlineMs: number;
}

/**
 * What an unauthenticated sender can make the service hold: the parts before the audio in all
 * (a `d` with a long profileWords list fits), and how many of them. Parts after the audio are
 * read by an admitted request only.
 */
export const PRE_AUDIO_LIMITS = { bytes: 256 * 1024, fields: 16 } as const;
const FIELD_LIMIT = PRE_AUDIO_LIMITS.bytes;

function mergeQuery(fields: Params, query: URLSearchParams): Params {
  const params = new Map(fields);
  for (const [name, value] of query) params.set(name, value);
  return params;
}

const ENDED_EARLY = 'the request body ended before it was complete';

/**
 * Pipes a stream of audio into the sink: 'ok', 'too-large' when the limit was passed, or
 * 'broken' when the stream failed (a body cut off inside the audio).
 */
async function pump(
  stream: AsyncIterable<Buffer>,
  sink: ReadOptions['sink'],
): Promise<'ok' | 'too-large' | 'broken'> {
  try {
    for await (const chunk of stream) {
      if (!(await sink.write(chunk))) return 'too-large';
    }
  } catch {
    return 'broken';
  }
  return 'ok';
}

export function readRecognitionRequest(
  req: IncomingMessage,
  options: ReadOptions,
): Promise<ReadOutcome> {
  const type = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data/i.test(type)) return readRaw(req, options);
  return readMultipart(req, options);
}

async function readRaw(
  req: IncomingMessage,
  { query, beforeAudio, sink }: ReadOptions,
): Promise<ReadOutcome> {
  const params = mergeQuery(new Map(), query);
  if (!(await beforeAudio(params))) return { kind: 'rejected' };
  const pumped = await pump(req, sink);
  if (pumped === 'too-large') return { kind: 'too-large' };
  if (pumped === 'broken' || !req.complete) return { kind: 'malformed', message: ENDED_EARLY };
  return sink.size === 0 ? { kind: 'no-audio', params } : { kind: 'ok', params };
}

function readMultipart(
  req: IncomingMessage,
  { query, beforeAudio, sink, paramsDeadlineMs }: ReadOptions,
): Promise<ReadOutcome> {
  return new Promise((resolve) => {
    const fields: Params = new Map();
    let parser: BusboyInstance;
    try {
      parser = Busboy({
        headers: req.headers as BusboyHeaders,
        // `a` is the audio whatever its headers say; other parts are small parameters.
        isPartAFile: (name) => name === 'a',
        limits: { fieldSize: FIELD_LIMIT, fields: PRE_AUDIO_LIMITS.fields, parts: 64 },
        defCharset: 'utf8',
      });
    } catch (error) {
      resolve({
        kind: 'malformed',
        message: `the multipart body cannot be read: ${(error as Error).message}`,
      });
      return;
    }
    let settled = false;
    let audioSeen = false;
    let audio: Promise<ReadOutcome> | undefined;
    let preAudioBytes = 0;
    const deadline = setTimeout(
      () =>
        settle({
          kind: 'hostile',
          message: `the parts before the audio took longer than ${paramsDeadlineMs} ms to arrive`,
        }),
      paramsDeadlineMs,
    );
    const settle = (outcome: ReadOutcome) => {
      clearTimeout(deadline);
      if (settled) return;
      settled = true;
      if (outcome.kind === 'hostile' || outcome.kind === 'malformed') req.unpipe(parser);
      resolve(outcome);
    };

    parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
      if (audioSeen) return; // parts after the audio are ignored (§2)
      if (valueTruncated) {
        settle({
          kind: 'hostile',
          message: `the multipart part ${name} is larger than ${FIELD_LIMIT} bytes`,
        });
        return;
      }
      fields.set(name, value);
    });
    parser.on('fieldsLimit', () => {
      if (audioSeen) return;
      settle({
        kind: 'hostile',
        message: `more than ${PRE_AUDIO_LIMITS.fields} parts come before the audio`,
      });
    });
    parser.on('file', (name, stream) => {
      // A part cut off by the end of the body errors its stream: always heard, never fatal.
      stream.on('error', () => {});
      if (name !== 'a' || audioSeen) {
        stream.resume();
        return;
      }
      audioSeen = true;
      clearTimeout(deadline);
      const params = mergeQuery(fields, query);
      audio = (async (): Promise<ReadOutcome> => {
        if (!(await beforeAudio(params))) {
          stream.resume();
          return { kind: 'rejected' };
        }
        const pumped = await pump(stream, sink);
        if (pumped === 'too-large') {
          stream.resume();
          return { kind: 'too-large' };
        }
        if (pumped === 'broken') return { kind: 'malformed', message: ENDED_EARLY };
        return sink.size === 0 ? { kind: 'no-audio', params } : { kind: 'ok', params };
      })().catch((error: unknown): ReadOutcome => ({
        kind: 'malformed',
        message: `the audio cannot be read: ${error instanceof Error ? error.message : String(error)}`,
      }));
      // A rejection, an oversized or a broken audio is answered at once; the rest is drained.
      void audio.then((outcome) => {
        if (outcome.kind !== 'ok' && outcome.kind !== 'no-audio') settle(outcome);
      });
    });
    parser.on('error', (error: unknown) => {
      const outcome: ReadOutcome = {
        kind: 'malformed',
        message: `the multipart body cannot be read: ${error instanceof Error ? error.message : String(error)}`,
      };
      // An admission may be running: its outcome (a refusal, say) comes first.
      if (audio) void audio.then((first) => settle(first.kind === 'ok' ? outcome : first));
      else settle(outcome);
    });
    parser.on('finish', () => {
      if (!audio) {
        settle({ kind: 'no-audio', params: mergeQuery(fields, query) });
        return;
      }
      void audio.then(settle);
    });
    req.on('data', (chunk: Buffer) => {
      if (audioSeen || settled) return;
      // Counted before busboy sees the chunk: the bytes before the audio, whatever their shape.
      preAudioBytes += chunk.length;
      if (preAudioBytes > PRE_AUDIO_LIMITS.bytes + 16 * 1024)
        settle({
          kind: 'hostile',
          message: `more than ${PRE_AUDIO_LIMITS.bytes} bytes come before the audio`,
        });
    });
    req.on('aborted', () => settle({ kind: 'malformed', message: ENDED_EARLY }));
    req.pipe(parser);
  });
}
