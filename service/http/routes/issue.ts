/** `POST /issue_service_authorization` (docs/api.md §7). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { REST_MESSAGES, parseValidity, parseAllowedAddresses } from '../../../shared/api';
import type { ServiceContext } from '../../context';
import { authenticateBearer, bearerOf } from '../auth';
import { paramsDeadlineMs } from '../deadlines';
import { readSmallBody } from '../read-body';
import { sendRestError, sendText } from '../respond';

export async function handleIssue(
  ctx: ServiceContext,
  req: IncomingMessage,
  res: ServerResponse,
  query: URLSearchParams,
): Promise<void> {
  const raw = await readSmallBody(req, 64 * 1024, paramsDeadlineMs());
  if (!raw) return sendRestError(res, 400, '>', 'the body is incomplete or larger than 64 KiB');
  const form = new URLSearchParams(raw.toString('utf8'));
  for (const [name, value] of query) form.set(name, value);

  let accountId: number | undefined;
  if (bearerOf(req)) {
    const auth = authenticateBearer(ctx, req);
    if (!auth.ok) return sendRestError(res, 401, '-', auth.error);
    if (!auth.data.issuable) {
      return sendRestError(
        res,
        403,
        '-',
        'this key cannot issue keys: only a key created with the issuable setting can (keys issued through the API never are)',
      );
    }
    accountId = auth.data.accountId;
  } else {
    const sid = form.get('sid');
    const spw = form.get('spw');
    if (!sid || !spw) return sendRestError(res, 401, '-', REST_MESSAGES.cannotVerify);
    accountId = ctx.accounts.checkPassword(sid, spw);
    if (accountId === undefined) return sendRestError(res, 401, '-', REST_MESSAGES.cannotVerify);
  }

  const expiry = parseValidity(form.get('epi') ?? undefined, { now: new Date(ctx.now()) });
  if (!expiry.ok) return sendRestError(res, 400, '>', expiry.error);
  const ranges = parseAllowedAddresses(form.get('ipa') ?? undefined);
  if (!ranges.ok) return sendRestError(res, 400, '>', ranges.error);
  sendText(res, 200, ctx.accounts.issueKey(accountId, expiry.data, ranges.data));
}
