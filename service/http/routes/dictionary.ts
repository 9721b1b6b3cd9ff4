/** `profilewords` and `classnames` (docs/api.md §6): their routes authenticate by Bearer. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServiceContext } from '../../context';
import { classnamesOf, validateProfileWords } from '../../dictionary/profile-store';
import type { KeyIdentity } from '../../keys/accounts';
import { readSmallBody } from '../read-body';
import { sendJson, sendRestError } from '../respond';

const BODY_LIMIT = 64 * 1024 * 1024;

function engineKnown(ctx: ServiceContext, res: ServerResponse, engine: string): boolean {
  if (ctx.engines.has(engine)) return true;
  sendRestError(
    res,
    404,
    '?',
    `unknown engine ${engine}: this service has ${[...ctx.engines.keys()].join(', ')}`,
  );
  return false;
}

function adfOf(res: ServerResponse, query: URLSearchParams): string | undefined {
  const adf = (query.get('adf') ?? '16k').toLowerCase();
  if (adf === '16k' || adf === '8k') return adf;
  sendRestError(res, 400, '>', `adf must be 16k or 8k, not "${query.get('adf')}"`);
  return undefined;
}

export async function handleProfileWords(
  ctx: ServiceContext,
  req: IncomingMessage,
  res: ServerResponse,
  query: URLSearchParams,
  identity: KeyIdentity,
  { engine, profileId }: { readonly engine: string; readonly profileId?: string },
): Promise<void> {
  if (!engineKnown(ctx, res, engine)) return;
  const adf = adfOf(res, query);
  if (!adf) return;
  const accountId = identity.accountId;

  if (profileId === undefined) {
    return sendJson(res, 200, { profiles: ctx.profiles.list(accountId, engine, adf) });
  }
  if (!/^[A-Za-z0-9_-]+$/.test(profileId)) {
    return sendRestError(
      res,
      400,
      '>',
      `profile id "${profileId}" must be ASCII letters, digits, "-" and "_"`,
    );
  }
  if (req.method === 'GET') {
    return sendJson(res, 200, {
      profilewords: ctx.profiles.get(accountId, engine, adf, profileId) ?? [],
    });
  }
  if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
    return sendRestError(res, 400, '>', 'send the words as Content-Type: application/json');
  }
  const raw = await readSmallBody(req, BODY_LIMIT);
  if (!raw)
    return sendRestError(
      res,
      400,
      '>',
      `the body is incomplete or larger than ${BODY_LIMIT} bytes`,
    );
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch (error) {
    return sendRestError(res, 400, '>', `the body is not JSON: ${(error as Error).message}`);
  }
  const words = await validateProfileWords(engine, profileId, body);
  if (!words.ok) {
    const { message, word } = words.error;
    return sendRestError(res, 400, '>', message, word ? { word } : {});
  }
  ctx.profiles.replace(accountId, engine, adf, profileId, words.data);
  sendJson(res, 200, { profilewords: words.data });
}

export function handleClassnames(ctx: ServiceContext, res: ServerResponse, engine: string): void {
  if (!engineKnown(ctx, res, engine)) return;
  sendJson(res, 200, { classnames: classnamesOf(engine) });
}
