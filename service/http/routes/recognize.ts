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
  success,
  type RecognitionSettings,
  type Result,
  type ResultCode,
  type SyncResponse,
} from '../../../shared/api';
import { decodeAudio } from '../../audio/decode';
import type { ServiceContext } from '../../context';
import { type Engine, EngineUnavailableError } from '../../engine/engine';
import type { KeyIdentity } from '../../keys/accounts';
import { recognize, textOf } from '../../recognition/recognize';
import { type AudioSink, MemorySink } from '../audio-sink';
import { bearerOf, clientAddress } from '../auth';
import { paramsDeadlineMs } from '../deadlines';
import { closeWithoutDraining } from '../linger';
import { newSessionId, utteranceId } from '../ids';
import { type Params, type ReadOutcome, readRecognitionRequest } from '../recognition-request';
import { sendSyncBody, sendSyncError } from '../respond';
import { wordsInEffect } from '../../dictionary/profile-store';

export interface Admission {
  readonly identity: KeyIdentity;
  readonly settings: RecognitionSettings;
  readonly engine: Engine;
  readonly release: () => void;
}

export type Refusal = {
  readonly code: ResultCode;
  readonly message: string;
  readonly status: number;
};

/**
 * Checks a recognition request's parameters in the order the cloud does: settings, key, engine,
 * then the key's concurrency. Shared by sync recognition and async job creation.
 */
export function admit(
  ctx: ServiceContext,
  req: IncomingMessage,
  params: Params,
): Result<Admission, Refusal> {
  const refuse = (code: ResultCode, message: string = RESULT_MESSAGES[code], status = 200) =>
    failure({ code, message, status });
  const d = params.get('d');
  if (d === undefined || d.trim() === '') {
    return refuse(
      '>',
      `${RESULT_MESSAGES['>']} (d is missing: send d with at least the engine name, e.g. d=-a-general-en)`,
    );
  }
  const settings = parseSettings(d);
  if (!settings.ok) return refuse('>', `${RESULT_MESSAGES['>']} (${settings.error})`);
  const key = params.get('u') ?? settings.data.authorization ?? bearerOf(req) ?? '';
  const check = ctx.accounts.checkKey(key, clientAddress(req));
  if (!check.ok) return refuse('-');
  const slot = ctx.engines.get(settings.data.engine);
  if (!slot) {
    return refuse(
      '?',
      `unknown engine ${settings.data.engine}: this service has ${[...ctx.engines.keys()].join(', ')}`,
    );
  }
  if (slot.state === 'unavailable') return refuse('!', `${RESULT_MESSAGES['!']} (${slot.message})`);
  // The account's recognitions, whichever of its keys started them (live sessions too).
  const release = ctx.limiter.acquire(check.data.accountId);
  if (!release) return refuse('?', 'too many concurrent requests', 429);
  return success({ identity: check.data, settings: settings.data, engine: slot.engine, release });
}

/**
 * Reads a recognition request, admitting it (`admit`) as soon as its parameters are known, so a
 * refused request is answered without receiving its audio. `acceptAudio` may still refuse the
 * audio of an admitted request. The caller releases the admission when the request is done; if
 * reading itself fails, it is released here.
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
        const result = admit(ctx, req, params);
        if (!result.ok) {
          refusal = result.error;
          return false;
        }
        admission = result.data;
        return acceptAudio();
      },
    });
    if (outcome.kind === 'hostile') closeWithoutDraining(req);
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
    if (outcome.kind === 'rejected' && refusal) {
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
      const result = admit(ctx, req, outcome.params);
      if (!result.ok)
        return sendSyncError(
          res,
          result.error.code,
          result.error.message,
          result.error.status,
          headers,
        );
      result.data.release();
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
    const recognition = await recognize(admission.engine, decoded.data.pcm, {
      keepFillerToken: admission.settings.keepFillerToken,
      words,
      parallel: true,
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
    const detail = error instanceof Error ? error.message : String(error);
    if (error instanceof EngineUnavailableError)
      sendSyncError(res, '!', `${RESULT_MESSAGES['!']} (${detail})`, 200, headers);
    else sendSyncError(res, '?', `${RESULT_MESSAGES['?']} (${detail})`, 200, headers);
  } finally {
    admission?.release();
    await sink.discard();
  }
}
