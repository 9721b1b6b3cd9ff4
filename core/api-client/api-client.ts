/**
 * The speech recognition API client (docs/api.md): every endpoint, responses parsed with the
 * shared schemas, every failure turned into an AppError. Retries with backoff happen only for
 * idempotent requests, and for a job creation only when the connection failed before any byte
 * was sent, so a job is never created twice.
 */
import type { FileHandle } from 'node:fs/promises';
import { z } from 'zod';
import {
  classnamesSchema,
  engineListSchema,
  jobCreatedSchema,
  jobStatusSchema,
  profileListSchema,
  profileWordsBodySchema,
  syncResponseSchema,
  type JobStatus,
  type ProfileWord,
  type SyncResponse,
} from '../../shared/api';
import { AppFailure, appError } from '../../shared/domain/errors';
import { exchange, ExchangeError, type Exchange, type Reply } from './http';
import { fileReason } from '../errors';
import { networkReason } from './reasons';
import {
  errorOfStatus,
  multipart,
  parseAnswer,
  recognitionFailure,
  restMessage,
  restRefusal,
  serviceWords,
} from './replies';

export { serviceWords } from './replies';
import { wordRejectionOf } from './word-rejection';

export interface Endpoint {
  readonly baseUrl: string;
  readonly asyncUrl: string;
  readonly key: string | undefined;
}

export interface ClientOptions {
  /** Longest silence on a connection before giving up (default 120 s: sync decoding takes time). */
  readonly idleTimeoutMs?: number;
  /** Attempts for what may be retried (default 3). */
  readonly attempts?: number;
  readonly backoffMs?: number;
}

export interface RecognitionUpload {
  readonly filePath: string;
  /**
   * The file already opened and checked (core/media/media-file.ts): what is sent is read from it, from
   * its start at each attempt, never from the path, which may since name something else.
   */
  readonly handle?: FileHandle;
  readonly d: string;
  readonly c?: string;
  readonly onProgress?: (sent: number, total: number) => void;
  /** Cancels the upload (the job was removed); the call then rejects with RequestAborted. */
  readonly signal?: AbortSignal;
}

/** A request cancelled through its AbortSignal: nothing to show, the caller asked for it. */
export class RequestAborted extends Error {
  constructor() {
    super('the request was cancelled');
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One REST request: a JSON or form body, the key as a bearer token unless `bearer` is false. */
interface RestRequest {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly url: string;
  /** Whether repeating it is harmless, so a failure may be retried (default true). */
  readonly idempotent?: boolean;
  readonly body?: Buffer;
  readonly contentType?: string;
  /** Send the key as `Authorization: Bearer` (default true). */
  readonly bearer?: boolean;
  readonly signal?: AbortSignal;
  readonly maxResponseBytes?: number;
}

/** A reply's body by its schema (the service's answer as it came is not needed). */
const parse = <T>(schema: z.ZodType<T>, reply: Reply, what: string): T =>
  parseAnswer(schema, reply, what).data;

/** What a finished job's status may hold: its whole transcript. */
const JOB_RESULT_MAX_BYTES = 128 * 1024 * 1024;

export class ApiClient {
  private readonly idleTimeoutMs: number;
  private readonly attempts: number;
  private readonly backoffMs: number;

  constructor(
    private readonly endpoint: Endpoint,
    options: ClientOptions = {},
  ) {
    this.idleTimeoutMs = options.idleTimeoutMs ?? 120_000;
    this.attempts = options.attempts ?? 3;
    this.backoffMs = options.backoffMs ?? 500;
  }

  private host(url: string): string {
    try {
      return new URL(url).host;
    } catch {
      return url;
    }
  }

  private requireKey(): string {
    if (!this.endpoint.key)
      throw new AppFailure(appError('no-key', { connection: this.endpoint.baseUrl }));
    return this.endpoint.key;
  }

  /** Runs an exchange; retries what is safe to retry; turns transport failures into AppErrors. */
  private async call(options: Exchange, idempotent: boolean): Promise<Reply> {
    const host = this.host(options.url);
    for (let attempt = 1; ; attempt++) {
      if (options.signal?.aborted) throw new RequestAborted();
      try {
        const reply = await exchange(options);
        const retryable = idempotent && (reply.status >= 500 || reply.status === 429);
        if (!retryable || attempt >= this.attempts) return reply;
      } catch (error) {
        if (!(error instanceof ExchangeError)) throw error;
        if (error.kind === 'aborted') throw new RequestAborted();
        // Never retried: the same server would send the same flood again.
        if (error.kind === 'too-large')
          throw new AppFailure(appError('bad-response', {}, `${host}: ${error.message}`));
        if (error.kind === 'file')
          throw new AppFailure(
            appError(
              'file',
              {
                path: String((options.body as { file?: { path: string } })?.file?.path ?? ''),
                reason: fileReason({ code: error.errno }),
              },
              error.message,
            ),
          );
        // A request the server may have seen is retried only when repeating it is harmless.
        const safe = idempotent || !error.connected;
        if (!safe || attempt >= this.attempts) {
          throw new AppFailure(
            error.kind === 'timeout'
              ? appError(
                  'timeout',
                  { host, seconds: Math.round(options.idleTimeoutMs / 1000) },
                  error.message,
                )
              : appError(
                  'network',
                  { host, reason: networkReason(error.errno ?? error.message) },
                  error.message,
                ),
          );
        }
      }
      await sleep(this.backoffMs * 2 ** (attempt - 1) * (0.75 + Math.random() / 2));
    }
  }

  /** Sends a recognition upload (multipart u, d, c, a) to `url`; never retried once it may have arrived. */
  private async upload(url: string, upload: RecognitionUpload): Promise<Reply> {
    const { contentType, body } = await multipart(upload, this.requireKey());
    return this.call(
      {
        method: 'POST',
        url,
        headers: { 'Content-Type': contentType },
        body,
        idleTimeoutMs: this.idleTimeoutMs,
        ...(upload.onProgress ? { onProgress: upload.onProgress } : {}),
        ...(upload.signal ? { signal: upload.signal } : {}),
      },
      false,
    );
  }

  /**
   * Sync recognition; `logging` picks `/v1/recognize` or `/v1/nolog/recognize`. The result comes
   * with the service's answer as it came (`answer`: every field, read by this version or not).
   */
  async recognize(
    upload: RecognitionUpload & { logging: boolean },
  ): Promise<SyncResponse & { sessionId?: string; answer?: unknown }> {
    const reply = await this.upload(
      `${this.endpoint.baseUrl}/v1/${upload.logging ? '' : 'nolog/'}recognize`,
      upload,
    );
    const failure = recognitionFailure(reply);
    if (failure && failure.code !== 'nothing-recognised') throw new AppFailure(failure);
    const { data, answer } = parseAnswer(syncResponseSchema, reply, 'sync result');
    const sessionId = reply.headers['x-session-id'];
    return { ...data, ...(typeof sessionId === 'string' ? { sessionId } : {}), answer };
  }

  /** Creates an async job; never retried once the request may have reached the server. */
  async createJob(upload: RecognitionUpload & { version: 1 | 2 }): Promise<{ sessionid: string }> {
    const reply = await this.upload(
      `${this.endpoint.asyncUrl}/v${upload.version}/recognitions`,
      upload,
    );
    const failure = recognitionFailure(reply);
    if (failure) throw new AppFailure(failure);
    return parse(jobCreatedSchema, reply, 'job creation');
  }

  /** A job's status; a finished one with the service's answer as it came (`answer`). */
  async getJob(
    sessionId: string,
    version: 1 | 2,
    signal?: AbortSignal,
  ): Promise<JobStatus & { answer?: unknown }> {
    const reply = await this.rest({
      method: 'GET',
      url: `${this.endpoint.asyncUrl}/v${version}/recognitions/${encodeURIComponent(sessionId)}`,
      ...(signal ? { signal } : {}),
      // A finished job carries its whole transcript: a day of speech word by word is well below.
      maxResponseBytes: JOB_RESULT_MAX_BYTES,
    });
    if (reply.status === 404)
      throw new AppFailure(appError('not-found', { what: 'job', id: sessionId }, 'HTTP 404'));
    this.throwRestFailure(reply);
    const { data, answer } = parseAnswer(jobStatusSchema, reply, 'job status');
    return data.status === 'completed' ? { ...data, answer } : data;
  }

  /**
   * Asks the service to stop a job and forget it (docs/api.md §4: the local service's own
   * `DELETE`; the cloud documents none). True once the service has stopped it, or knows no such
   * job (so nothing of it runs there).
   */
  async cancelJob(sessionId: string, version: 1 | 2, signal?: AbortSignal): Promise<boolean> {
    const reply = await this.rest({
      method: 'DELETE',
      url: `${this.endpoint.asyncUrl}/v${version}/recognitions/${encodeURIComponent(sessionId)}`,
      ...(signal ? { signal } : {}),
    });
    if (reply.status === 404) return true;
    this.throwRestFailure(reply);
    return true;
  }

  async engines() {
    // The engine list is public: asked without a key, it tells a reachable service from a key problem.
    const reply = await this.rest({
      method: 'GET',
      url: `${this.endpoint.baseUrl}/v1/engines`,
      idempotent: false,
      bearer: Boolean(this.endpoint.key),
    });
    this.throwRestFailure(reply);
    return parse(engineListSchema, reply, 'engine list').engines;
  }

  async listProfiles(engine: string, adf = '16k'): Promise<string[]> {
    const reply = await this.rest({
      method: 'GET',
      url: `${this.endpoint.baseUrl}/profilewords/${encodeURIComponent(engine)}/?adf=${adf}`,
    });
    this.throwRestFailure(reply);
    return parse(profileListSchema, reply, 'profile list').profiles;
  }

  async getWords(engine: string, profileId: string, adf = '16k'): Promise<ProfileWord[]> {
    const reply = await this.rest({
      method: 'GET',
      url: `${this.endpoint.baseUrl}/profilewords/${encodeURIComponent(engine)}/${encodeURIComponent(profileId)}?adf=${adf}`,
    });
    if (reply.status === 404) return [];
    this.throwRestFailure(reply);
    return parse(profileWordsBodySchema, reply, 'profile words').profilewords;
  }

  /** Replaces the whole profile (idempotent: the same words give the same profile). */
  async setWords(
    engine: string,
    profileId: string,
    words: readonly ProfileWord[],
    adf = '16k',
  ): Promise<ProfileWord[]> {
    const reply = await this.rest({
      method: 'POST',
      url: `${this.endpoint.baseUrl}/profilewords/${encodeURIComponent(engine)}/${encodeURIComponent(profileId)}?adf=${adf}`,
      body: Buffer.from(JSON.stringify({ profilewords: words })),
      contentType: 'application/json',
    });
    if (reply.status === 400) {
      const refusal = restRefusal(reply);
      const rejection = wordRejectionOf(refusal?.word, serviceWords(refusal?.message ?? ''));
      if (rejection) throw new AppFailure(rejection);
    }
    this.throwRestFailure(reply);
    // The cloud's answer body is unpublished: accept an echo of the words or an empty body.
    let body: unknown;
    try {
      body = JSON.parse(reply.body || '{}');
    } catch {
      throw new AppFailure(
        appError('bad-response', {}, `profile words: HTTP ${reply.status}, not JSON`),
      );
    }
    const echoed = z.object({ profilewords: z.array(z.any()) }).safeParse(body);
    return echoed.success
      ? parse(profileWordsBodySchema, reply, 'profile words').profilewords
      : [...words];
  }

  async classnames(engine: string): Promise<string[]> {
    const reply = await this.rest({
      method: 'GET',
      url: `${this.endpoint.baseUrl}/classnames/${encodeURIComponent(engine)}`,
    });
    this.throwRestFailure(reply);
    return parse(classnamesSchema, reply, 'class names').classnames;
  }

  /** Issues a key (not idempotent: never retried once sent). With sid/spw, or the issuable key. */
  async issueKey(input: {
    epi?: string;
    ipa?: string;
    sid?: string;
    spw?: string;
  }): Promise<string> {
    const form = new URLSearchParams();
    if (input.sid && input.spw) {
      form.set('sid', input.sid);
      form.set('spw', input.spw);
    }
    if (input.epi) form.set('epi', input.epi);
    if (input.ipa) form.set('ipa', input.ipa);
    const reply = await this.rest({
      method: 'POST',
      url: `${this.endpoint.baseUrl}/issue_service_authorization`,
      idempotent: false,
      body: Buffer.from(form.toString()),
      contentType: 'application/x-www-form-urlencoded',
      bearer: !(input.sid && input.spw),
    });
    this.throwRestFailure(reply);
    const key = reply.body.trim();
    if (!/^\S{8,}$/.test(key))
      throw new AppFailure(appError('bad-response', {}, 'the issued key is empty or malformed'));
    return key;
  }

  private rest({
    method,
    url,
    idempotent = true,
    body,
    contentType,
    bearer = true,
    signal,
    maxResponseBytes,
  }: RestRequest): Promise<Reply> {
    const headers: Record<string, string> = {};
    if (bearer) headers.Authorization = `Bearer ${this.requireKey()}`;
    if (contentType) headers['Content-Type'] = contentType;
    return this.call(
      {
        method,
        url,
        headers,
        ...(body ? { body } : {}),
        idleTimeoutMs: Math.min(this.idleTimeoutMs, 30_000),
        ...(signal ? { signal } : {}),
        ...(maxResponseBytes ? { maxResponseBytes } : {}),
      },
      idempotent,
    );
  }

  private throwRestFailure(reply: Reply): void {
    if (reply.status >= 200 && reply.status < 300) return;
    const message = restMessage(reply) ?? `HTTP ${reply.status}`;
    throw new AppFailure(
      errorOfStatus(reply.status, message, 'resource') ?? appError('bad-request', {}, message),
    );
  }
}
