/**
 * Sync recognition, `POST /v1/recognize` (logged) and `/v1/nolog/recognize` (nothing about the
 * request written to disk): docs/api.md §2, §3, §5.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  LIMITS,
  RESULT_MESSAGES,
  failure,
  parseSettings,
  type Result,
  type ResultCode,
  type SyncResponse,
} from '../../../shared/api';
import { decodeAudio } from '../../audio/decode';
import { type Admission, type AdmissionRefusal, admit } from '../../admission';
import type { ServiceContext } from '../../context';
import { EngineUnavailableError } from '../../engine/engine';
import { RecognitionAborted, recognize, textOf } from '../../recognition/recognize';
import { type AudioSink, MemorySink } from '../audio-sink';
import { bearerOf, clientAddress } from '../auth';
import { paramsDeadlineMs } from '../deadlines';
import { closeWithoutDraining } from '../linger';
import { newSessionId, utteranceId } from '../ids';
import { type Params, type ReadOutcome, readRecognitionRequest } from '../recognition-request';
import { sendSyncBody, sendSyncError } from '../respond';
import { wordsInEffect } from '../../dictionary/profile-store';

export type { Admission };

export type Refusal = {
  readonly code: ResultCode;
  readonly message: string;
  readonly status: number;
};

/** A refusal as the HTTP side answers it: its code, message and status. */
function refusalOf(refusal: AdmissionRefusal): Refusal {
  const refuse = (code: ResultCode, message: string = RESULT_MESSAGES[code], status = 200) => ({
    code,
    message,
    status,
  });
  switch (refusal.reason) {
    case 'settings':
      return refuse('>', `${RESULT_MESSAGES['>']} (${refusal.message})`);
    case 'key':
      return refuse('-');
    case 'unknown-engine':
      return refuse('?', refusal.message);
    case 'engine-unavailable':
      return refuse('!', `${RESULT_MESSAGES['!']} (${refusal.message})`);
    case 'refused':
      return refuse('>', `${RESULT_MESSAGES['>']} (${refusal.message})`);
    case 'busy':
      return refuse('?', 'too many concurrent requests', 429);
  }
}

/**
 * A recognition request's admission (service/admission.ts) from its parameters: `d` (which must
 * name at least the engine), and the key from `u`, `d`'s `authorization` or the Bearer header.
 */
function admitRequest(
  ctx: ServiceContext,
  req: IncomingMessage,
  params: Params,
): Result<Admission, Refusal> {
  const d = params.get('d');
  if (d === undefined || d.trim() === '') {
    return failure({
      code: '>',
      message: `${RESULT_MESSAGES['>']} (d is missing: send d with at least the engine name, e.g. d=-a-general-en)`,
      status: 200,
    });
  }
  const settings = parseSettings(d);
  const key =
    params.get('u') ?? (settings.ok ? settings.data.authorization : undefined) ?? bearerOf(req);
  const result = admit(ctx, { settings, key: key ?? '', address: clientAddress(req) });
  return result.ok ? result : failure(refusalOf(result.error));
}

/**
 * Reads a recognition request, admitting it as soon as its parameters are known, so a refused
 * request is answered without receiving its audio; a request whose parameters came without any
 * audio part is admitted (or refused) once they are all read, so that it is told what is wrong
 * with them before that it sent no audio. Either way `refusal` is set when it was refused.
 * `acceptAudio` may still refuse the audio of an admitted request. The caller releases the
 * admission when the request is done; if reading itself fails, it is released here.
 */
export async function readAdmitted(
  ctx: ServiceContext,
  req: IncomingMessage,
  query: URLSearchParams,
  sink: AudioSink,
  acceptAudio: () => boolean = () => true,
): Promise<{ outcome: ReadOutcome; admission?: Admission; refusal?: Refusal }> {
  let admission: Admission | undefined;
  let refusal: Refusal | undefined;
  try {
    const outcome = await readRecognitionRequest(req, {
      query,
      sink,
      paramsDeadlineMs: paramsDeadlineMs(),
      beforeAudio: (params) => {
        const result = admitRequest(ctx, req, params);
        if (!result.ok) {
          refusal = result.error;
          return false;
        }
        admission = result.data;
        return acceptAudio();
      },
    });
    if (outcome.kind === 'hostile') closeWithoutDraining(req);
    if (outcome.kind === 'no-audio' && !admission && !refusal) {
      const result = admitRequest(ctx, req, outcome.params);
      if (result.ok) admission = result.data;
      else refusal = result.error;
    }
    return { outcome, ...(admission ? { admission } : {}), ...(refusal ? { refusal } : {}) };
  } catch (error) {
    admission?.release();
    throw error;
  }
}

export async function handleSyncRecognize(
  ctx: ServiceContext,
  req: IncomingMessage,
  res: ServerResponse,
  query: URLSearchParams,
  { logged }: { readonly logged: boolean },
): Promise<void> {
  const sessionId = newSessionId();
  const headers = { 'X-Session-ID': sessionId };
  const sink = new MemorySink(LIMITS.syncAudioBytes);
  let admission: Admission | undefined;
  const declared = Number(req.headers['content-length'] ?? 0);
  try {
    // A body declared far larger than the limit (with room for the other parts) is refused now.
    const read = await readAdmitted(
      ctx,
      req,
      query,
      sink,
      () => !(declared > LIMITS.syncAudioBytes + 1024 * 1024),
    );
    const { outcome, refusal } = read;
    admission = read.admission;
    if (refusal) {
      return sendSyncError(res, refusal.code, refusal.message, refusal.status, {
        ...headers,
        ...(refusal.status === 429 ? { 'Retry-After': '1' } : {}),
      });
    }
    if (outcome.kind === 'too-large' || outcome.kind === 'rejected') {
      return sendSyncError(
        res,
        '%',
        `${RESULT_MESSAGES['%']} (the sync limit is ${LIMITS.syncAudioBytes} bytes: send longer audio as an async job)`,
        413,
        { ...headers, Connection: 'close' },
      );
    }
    if (outcome.kind === 'malformed' || outcome.kind === 'hostile')
      return sendSyncError(res, '>', `${RESULT_MESSAGES['>']} (${outcome.message})`, 400, {
        ...headers,
        ...(outcome.kind === 'hostile' ? { Connection: 'close' } : {}),
      });
    if (outcome.kind === 'no-audio') {
      return sendSyncError(
        res,
        '>',
        `${RESULT_MESSAGES['>']} (no audio: send it in the part a, last)`,
        200,
        headers,
      );
    }
    if (!admission) return sendSyncError(res, '>', RESULT_MESSAGES['>'], 400, headers);

    const audio = sink.bytes();
    const decoded = await decodeAudio(audio, outcome.params.get('c'), {
      maxSeconds: LIMITS.syncAudioSeconds,
      sync: true,
    });
    if (!decoded.ok)
      return sendSyncError(
        res,
        decoded.error.code,
        decoded.error.message,
        decoded.error.reason === 'too-long' ? 413 : 200,
        headers,
      );
    const words = wordsInEffect(ctx, admission.identity.accountId, admission.settings);
    // A client that goes away (cancelled, timed out) is not decoded for any longer: a piece per
    // decoder at a time, and none after it has gone.
    const gone = new AbortController();
    res.once('close', () => {
      if (!res.writableEnded) gone.abort();
    });
    const recognition = await recognize(admission.engine, decoded.data.pcm, {
      keepFillerToken: admission.settings.keepFillerToken,
      words,
      parallel: true,
      signal: gone.signal,
      ...(ctx.workers !== undefined && { lanes: ctx.workers }),
    });
    const body: SyncResponse =
      recognition.utterances.length === 0
        ? {
            results: [{ tokens: [], tags: [], rulename: '', text: '' }],
            utteranceid: utteranceId(sessionId),
            text: '',
            code: 'o',
            message: RESULT_MESSAGES.o,
          }
        : {
            results: recognition.utterances,
            utteranceid: utteranceId(sessionId),
            text: textOf(recognition.utterances),
            code: '',
            message: '',
          };
    if (logged)
      await ctx.logs.record({
        accountId: admission.identity.accountId,
        kind: 'sync',
        sessionId,
        audio,
        result: body,
      });
    sendSyncBody(res, 200, body, headers);
  } catch (error) {
    // Nobody is left to answer.
    if (error instanceof RecognitionAborted) return;
    const detail = error instanceof Error ? error.message : String(error);
    if (error instanceof EngineUnavailableError)
      sendSyncError(res, '!', `${RESULT_MESSAGES['!']} (${detail})`, 200, headers);
    else sendSyncError(res, '?', `${RESULT_MESSAGES['?']} (${detail})`, 200, headers);
  } finally {
    admission?.release();
    await sink.discard();
  }
}
