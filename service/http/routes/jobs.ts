/**
 * Async jobs: `POST /v1|v2/recognitions`, `GET /v1|v2/recognitions/{sessionid}` and, this
 * service's own, `DELETE` of the same path: the job stopped and deleted (docs/api.md §4).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { LIMITS, RESULT_MESSAGES, type JobStatus } from '../../../shared/api';
import type { ServiceContext } from '../../context';
import type { JobRow, JobStore } from '../../jobs/job-store';
import type { JobRunner } from '../../jobs/job-runner';
import type { KeyIdentity } from '../../keys/accounts';
import { FileSink } from '../audio-sink';
import { newSessionId } from '../ids';
import { sendJson, sendSyncError } from '../respond';
import { readAdmitted, type Admission } from './recognize';

export interface JobRoutes {
  create(
    req: IncomingMessage,
    res: ServerResponse,
    query: URLSearchParams,
    version: 1 | 2,
  ): Promise<void>;
  /** A job's status for `identity` (the route authenticates by Bearer). */
  status(res: ServerResponse, sessionId: string, identity: KeyIdentity): void;
  /** Stops a job of `identity` and deletes it with its audio: 204, or 404 as `status`. */
  cancel(res: ServerResponse, sessionId: string, identity: KeyIdentity): Promise<void>;
}

/** The status body, keys in the documented order. */
export function jobBody(job: JobRow): JobStatus {
  const base = {
    session_id: job.session_id,
    service_id: 'local',
    audio_size: job.audio_size,
    audio_md5: job.audio_md5,
    ...(job.content_id !== null && { content_id: job.content_id }),
  };
  if (job.status === 'completed') {
    return {
      status: 'completed',
      ...base,
      ...(JSON.parse(job.result_json ?? '{}') as object),
    } as JobStatus;
  }
  if (job.status === 'error')
    return { status: 'error', ...base, error_message: job.error_message ?? 'ERROR: unknown' };
  return { status: job.status, ...base };
}

export function jobRoutes(ctx: ServiceContext, store: JobStore, runner: JobRunner): JobRoutes {
  return {
    async create(req, res, query, version) {
      const sessionId = newSessionId();
      const sink = new FileSink(join(runner.jobsDir, `${sessionId}.audio`), LIMITS.asyncAudioBytes);
      let admission: Admission | undefined;
      let recorded = false;
      // A refused upload's file is gone before the refusal is sent.
      let reply: () => void;
      try {
        const read = await readAdmitted(ctx, req, query, sink);
        const { outcome, refusal } = read;
        admission = read.admission;
        if (refusal) {
          reply = () => sendSyncError(res, refusal.code, refusal.message, refusal.status);
        } else if (outcome.kind === 'too-large') {
          reply = () =>
            sendSyncError(
              res,
              '%',
              `${RESULT_MESSAGES['%']} (the async limit is ${LIMITS.asyncAudioBytes} bytes)`,
              413,
              { Connection: 'close' },
            );
        } else if (outcome.kind === 'malformed' || outcome.kind === 'hostile') {
          reply = () =>
            sendSyncError(
              res,
              '>',
              `${RESULT_MESSAGES['>']} (${outcome.message})`,
              400,
              outcome.kind === 'hostile' ? { Connection: 'close' } : {},
            );
        } else if (outcome.kind !== 'ok' || !admission) {
          reply = () =>
            sendSyncError(
              res,
              '>',
              `${RESULT_MESSAGES['>']} (no audio: send it in the part a, last)`,
            );
        } else {
          await sink.end();
          store.insert({
            session_id: sessionId,
            account_id: admission.identity.accountId,
            api_version: version,
            d: outcome.params.get('d') ?? '',
            c: outcome.params.get('c') ?? null,
            audio_path: sink.path,
            audio_size: sink.size,
            audio_md5: sink.digest(),
            content_id: admission.settings.contentId ?? null,
            logging_opt_out: admission.settings.loggingOptOut ? 1 : 0,
          });
          recorded = true;
          runner.enqueue(sessionId);
          reply = () => sendJson(res, 200, { sessionid: sessionId, text: '...' });
        }
      } finally {
        admission?.release();
        if (!recorded) await sink.discard();
      }
      reply();
    },

    status(res, sessionId, identity) {
      const job = store.get(sessionId);
      // Another account's session is reported as missing: existence never leaks.
      if (!job || job.account_id !== identity.accountId)
        return sendJson(res, 404, { code: '?', message: 'session not found' });
      sendJson(res, 200, jobBody(job));
    },

    async cancel(res, sessionId, identity) {
      const job = store.get(sessionId);
      if (!job || job.account_id !== identity.accountId)
        return sendJson(res, 404, { code: '?', message: 'session not found' });
      runner.cancel(sessionId);
      // Its row goes last: a failure in between leaves a row to find the rest by.
      if (job.audio_path) await rm(job.audio_path, { force: true });
      store.delete(sessionId);
      res.writeHead(204).end();
    },
  };
}
