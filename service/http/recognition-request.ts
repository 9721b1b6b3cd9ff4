/**
 * Reads a recognition request (api-reference.md §2): parameters from the query and from
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
  | { kind: 'malformed'; message: string };

export interface ReadOptions {
  readonly query: URLSearchParams;
  /** Called once the parameters are known: return false to refuse the audio. */
  readonly beforeAudio: (params: Params) => Promise<boolean> | boolean;
  readonly sink: AudioSink;
}

const FIELD_LIMIT = 1024 * 1024;

function mergeQuery(fields: Params, query: URLSearchParams): Params {
  const params = new Map(fields);
  for (const [name, value] of query) params.set(name, value);
  return params;
}

/** Pipes a stream of audio into the sink; resolves to false when the limit was passed. */
async function pump(stream: AsyncIterable<Buffer>, sink: ReadOptions['sink']): Promise<boolean> {
  for await (const chunk of stream) {
    if (!(await sink.write(chunk))) return false;
  }
  return true;
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
  try {
    if (!(await pump(req, sink))) return { kind: 'too-large' };
  } catch {
    return { kind: 'malformed', message: 'the request body ended before it was complete' };
  }
  if (!req.complete)
    return { kind: 'malformed', message: 'the request body ended before it was complete' };
  return sink.size === 0 ? { kind: 'no-audio', params } : { kind: 'ok', params };
}

function readMultipart(
  req: IncomingMessage,
  { query, beforeAudio, sink }: ReadOptions,
): Promise<ReadOutcome> {
  return new Promise((resolve) => {
    const fields: Params = new Map();
    let parser: BusboyInstance;
    try {
      parser = Busboy({
        headers: req.headers as BusboyHeaders,
        // `a` is the audio whatever its headers say; other parts are small parameters.
        isPartAFile: (name) => name === 'a',
        limits: { fieldSize: FIELD_LIMIT, fields: 64, parts: 128 },
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
    const settle = (outcome: ReadOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };

    parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
      if (audioSeen) return; // parts after the audio are ignored (§2)
      if (valueTruncated) {
        settle({
          kind: 'malformed',
          message: `the multipart part ${name} is larger than ${FIELD_LIMIT} bytes`,
        });
        return;
      }
      fields.set(name, value);
    });
    parser.on('file', (name, stream) => {
      if (name !== 'a' || audioSeen) {
        stream.resume();
        return;
      }
      audioSeen = true;
      const params = mergeQuery(fields, query);
      audio = (async (): Promise<ReadOutcome> => {
        if (!(await beforeAudio(params))) {
          stream.resume();
          return { kind: 'rejected' };
        }
        if (!(await pump(stream, sink))) {
          stream.resume();
          return { kind: 'too-large' };
        }
        return sink.size === 0 ? { kind: 'no-audio', params } : { kind: 'ok', params };
      })();
      // A rejection or an oversized audio is answered at once; the rest of the body is drained.
      void audio.then((outcome) => {
        if (outcome.kind !== 'ok' && outcome.kind !== 'no-audio') settle(outcome);
      });
    });
    parser.on('error', (error: unknown) => {
      settle({
        kind: 'malformed',
        message: `the multipart body cannot be read: ${error instanceof Error ? error.message : String(error)}`,
      });
    });
    parser.on('finish', () => {
      if (!audio) {
        settle({ kind: 'no-audio', params: mergeQuery(fields, query) });
        return;
      }
      void audio.then(settle);
    });
    req.on('aborted', () =>
      settle({ kind: 'malformed', message: 'the request body ended before it was complete' }),
    );
    req.pipe(parser);
  });
}
