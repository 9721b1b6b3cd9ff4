/**
 * `POST /issue_service_authorization` (docs/api.md §7): by an issuable key (its route
 * authenticates a Bearer when one is given: `identity`), else by the account's sid and spw.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { REST_MESSAGES, parseValidity, parseAllowedAddresses } from '../../../shared/api';
import type { ServiceContext } from '../../context';
import type { KeyIdentity } from '../../keys/accounts';
import { paramsDeadlineMs } from '../deadlines';
import { readSmallBody } from '../read-body';
import { sendRestError, sendText } from '../respond';

export async function handleIssue(
  ctx: ServiceContext,
  req: IncomingMessage,
  res: ServerResponse,
  query: URLSearchParams,
  identity: KeyIdentity | undefined,
): Promise<void> {
  const raw = await readSmallBody(req, 64 * 1024, paramsDeadlineMs());
  if (!raw) return sendRestError(res, 400, '>', 'the body is incomplete or larger than 64 KiB');
  const form = new URLSearchParams(raw.toString('utf8'));
  for (const [name, value] of query) form.set(name, value);

  let accountId: number | undefined;
  if (identity) {
    if (!identity.issuable) {
      return sendRestError(
        res,
        403,
        '-',
        'this key cannot issue keys: only a key created with the issuable setting can (keys issued through the API never are)',
      );
    }
    accountId = identity.accountId;
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
