/** Authentication of recognition and REST requests (docs/api.md §1, §5, §7). */
import type { IncomingMessage } from 'node:http';
import { REST_MESSAGES, failure, type Result } from '../../shared/api';
import type { KeyIdentity } from '../keys/accounts';
import type { ServiceContext } from '../context';

export function bearerOf(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

export function clientAddress(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? '';
}

/** For REST endpoints (Bearer only): the identity, or the 401 message to answer with. */
export function authenticateBearer(
  ctx: ServiceContext,
  req: IncomingMessage,
): Result<KeyIdentity, string> {
  const key = bearerOf(req);
  if (!key) return failure(REST_MESSAGES.cannotVerify);
  const check = ctx.accounts.checkKey(key, clientAddress(req));
  if (check.ok) return check;
  if (check.error.reason === 'expired' && check.error.expiredAt)
    return failure(REST_MESSAGES.expired(check.error.expiredAt.toISOString()));
  return failure(REST_MESSAGES.cannotVerify);
}
