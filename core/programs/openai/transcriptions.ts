/**
 * `POST /v1/audio/transcriptions` as OpenAI's clients send it: the file becomes a job in Jobs,
 * marked as the program's (the key's name), on the connection the model names, with that
 * connection's dictionary profile and logging choice; the answer waits for the job and is its
 * transcript in the format asked for (./responses.ts). With `stream=true` the file goes through
 * the live path instead (./stream.ts). The cloud key stays in this process: the job's requests
 * are the core's.
 */
import { rm } from 'node:fs/promises';
import { basename } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { appError } from '../../../shared/domain/errors';
import type { Job } from '../../../shared/domain/job';
import type { Core } from '../../core';
import { toAppError } from '../../errors';
import { exportSource } from '../../export/render';
import { fromAppError, openAiError, refuse, sendError, type OpenAiError } from './errors';
import { chooseModel, languageOf, offeredModels } from './models';
import { readUpload, type Upload } from './multipart';
import {
  answerOf,
  GRANULARITIES,
  RESPONSE_FORMATS,
  type Granularity,
  type ResponseFormat,
} from './responses';
import { streamTranscription } from './stream';

export interface TranscriptionContext {
  readonly core: Core;
  /** Where uploads are kept (each in a folder of its own, removed with its job). */
  readonly uploadsDir: string;
  readonly maxBytes: number;
}

interface Parsed {
  readonly format: ResponseFormat;
  readonly granularities: readonly Granularity[];
  readonly stream: boolean;
  readonly connection: string;
  readonly engine: string | undefined;
  readonly language: string | undefined;
}

const one = (upload: Upload, name: string) => upload.fields.get(name)?.at(-1);

/** The request's fields checked; an OpenAI error for the first one that is wrong. */
function parseFields(core: Core, upload: Upload): Parsed | OpenAiError {
  const bad = (code: string, message: string) => openAiError(400, code, message);
  const model = one(upload, 'model');
  if (!model) return bad('missing_model', 'you must provide a model parameter');
  const format = (one(upload, 'response_format') ?? 'json') as ResponseFormat;
  if (!RESPONSE_FORMATS.includes(format))
    return bad(
      'invalid_response_format',
      `response_format must be one of ${RESPONSE_FORMATS.join(', ')}`,
    );
  const granularities = [
    ...(upload.fields.get('timestamp_granularities[]') ?? []),
    ...(upload.fields.get('timestamp_granularities') ?? []),
  ] as Granularity[];
  if (granularities.some((g) => !GRANULARITIES.includes(g)))
    return bad('invalid_timestamp_granularities', 'timestamp_granularities are word and segment');
  if (granularities.length > 0 && format !== 'verbose_json')
    return bad(
      'invalid_timestamp_granularities',
      'timestamp_granularities need response_format verbose_json',
    );
  const stream = one(upload, 'stream') === 'true';
  const language = one(upload, 'language') || undefined;
  const chosen = chooseModel(
    offeredModels(core.connections.list()),
    model,
    core.connections.activeId(),
    language,
  );
  if (chosen === 'no-model')
    return bad('model_not_found', `there is no model ${model}; GET /v1/models lists them`);
  if (chosen === 'no-language')
    return bad('unsupported_language', `model ${model} has no engine for language ${language}`);
  const { connection } = chosen.model;
  if (stream && chosen.engine !== undefined && chosen.engine !== connection.engine)
    return bad(
      'unsupported_stream',
      `a stream uses the connection's own engine (${connection.engine}); choose the model ${chosen.model.id.split('/')[0]}`,
    );
  return {
    format,
    granularities,
    stream,
    connection: connection.id,
    engine: chosen.engine,
    language: language ?? languageOf(chosen.engine ?? connection.engine),
  };
}

/** The job once it has completed or failed (undefined: it was removed meanwhile). */
function settledJob(core: Core, id: string): Promise<Job | undefined> {
  return new Promise((resolve) => {
    const check = (job: Job | undefined) => {
      if (job && job.status !== 'completed' && job.status !== 'failed') return;
      off();
      resolve(job);
    };
    const off = core.subscribe((event, payload) => {
      if (event === 'jobs:changed') {
        const { job } = payload as { job: Job };
        if (job.id === id) check(job);
      } else if (event === 'jobs:removed' && (payload as { id: string }).id === id)
        check(undefined);
    });
    check(core.journal.get(id));
  });
}

export async function transcribe(
  context: TranscriptionContext,
  program: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const { core } = context;
  const read = await readUpload(req, context.uploadsDir, context.maxBytes);
  if (read.kind === 'too-large')
    return refuse(
      req,
      res,
      openAiError(413, 'file_too_large', `the file is larger than ${context.maxBytes} bytes`),
    );
  if (read.kind === 'malformed')
    return refuse(req, res, openAiError(400, 'invalid_request', read.message));
  const { upload } = read;
  const file = upload.file;
  const drop = () => (file ? rm(file.folder, { recursive: true, force: true }) : undefined);
  if (!file || file.size === 0) {
    await drop();
    return sendError(res, openAiError(400, 'missing_file', 'you must provide a file'));
  }
  const parsed = parseFields(core, upload);
  if ('status' in parsed) {
    await drop();
    return sendError(res, parsed);
  }
  if (parsed.stream) {
    try {
      await streamTranscription({
        live: core.live,
        path: file.path,
        connection: parsed.connection,
        title: basename(file.path),
        program: { name: program },
        refuse: (error) => sendError(res, fromAppError(error)),
        res,
      });
    } finally {
      // The live job keeps its own recording.
      await drop();
    }
    return;
  }
  const submitted = await core.invoke('transcribe:files', {
    paths: [file.path],
    connection: parsed.connection,
    ...(parsed.engine !== undefined && { use: { engine: parsed.engine } }),
    program: { name: program },
  });
  if (!submitted.ok) {
    await drop();
    return sendError(res, fromAppError(submitted.error));
  }
  const job = await settledJob(core, submitted.data.jobs[0]!.id);
  if (!job)
    return sendError(
      res,
      openAiError(502, 'job_removed', 'the job was removed before it finished'),
    );
  if (job.status === 'failed')
    return sendError(res, fromAppError(job.error ?? appError('internal')));
  let answer;
  try {
    const source = await exportSource(core, job.id);
    answer = await answerOf(
      { ...source, language: parsed.language },
      parsed.format,
      parsed.granularities,
    );
  } catch (error) {
    return sendError(res, fromAppError(toAppError(error)));
  }
  res.writeHead(200, {
    'Content-Type': answer.contentType,
    'Content-Length': Buffer.byteLength(answer.body),
    'Cache-Control': 'no-store',
  });
  res.end(answer.body);
}
