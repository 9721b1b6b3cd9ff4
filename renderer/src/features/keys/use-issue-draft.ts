/**
 * Issuing a key, as a form's state: the draft (its connection's key chosen for it), its problems
 * (addresses checked as typed, the rest once the person tries to issue), when the key would
 * expire, and the request, which clears the password once it is answered.
 */
import { useState } from 'react';
import type { AppError } from '../../../../shared/domain/errors';
import { keyServes } from '../../../../shared/domain/key';
import { useApp } from '../../store/store';
import { useFieldChecks } from '../../ui/field';
import {
  epiOf,
  expiryOf,
  expiryOfEpi,
  issueProblems,
  newIssueDraft,
  type IssueDraft,
  type IssueField,
} from './issue-form';

export type Issued = { value: string; expires: Date; connection: string };

export function useIssueDraft(onIssued: (issued: Issued) => void) {
  const connections = useApp((s) => s.connections);
  const active = useApp((s) => s.activeConnection);
  const keys = useApp((s) => s.keyEntries);
  const issueKey = useApp((s) => s.issueKey);
  const firstConnection = active || connections[0]?.id || '';
  /** Keys filed for the connection's service as it is now (never one filed for other addresses). */
  const keysOf = (id: string) => {
    const connection = connections.find((c) => c.id === id);
    return connection ? keys.filter((k) => keyServes(k, connection)) : [];
  };
  const keyFor = (connection: string) => {
    const usable = keysOf(connection);
    const inUse = connections.find((c) => c.id === connection)?.keyRef;
    return usable.find((k) => k.id === inUse)?.id ?? usable[0]?.id ?? '';
  };
  const [draft, setDraft] = useState<IssueDraft>(() =>
    newIssueDraft(firstConnection, keyFor(firstConnection)),
  );
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | undefined>();
  const now = new Date();
  const problems = issueProblems(draft, now);
  const expiry = expiryOf(draft, now);
  const ownKeys = keysOf(draft.connection);
  const set = <K extends keyof IssueDraft>(field: K, value: IssueDraft[K]) =>
    setDraft((d) => ({ ...d, [field]: value }));
  // Addresses are checked as typed; the rest once the person tries to issue.
  const checks = useFieldChecks<IssueField>(
    'issue',
    (field) =>
      tried || (field === 'ipa' && draft.ipa !== '') || (field === 'until' && draft.until !== '')
        ? problems[field]
        : undefined,
    true,
  );
  /** A text field's value, its edits, its checks and its error. */
  const text = (field: Exclude<IssueField, 'authKey'>, hint?: string) => ({
    value: draft[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(field, e.target.value),
    ...checks.control(field, hint),
    note: checks.error(field),
  });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (Object.keys(problems).length > 0) return;
    const at = new Date();
    const epi = epiOf(draft, at)!;
    setBusy(true);
    const result = await issueKey({
      connection: draft.connection,
      epi,
      ...(draft.ipa.trim() ? { ipa: draft.ipa.trim() } : {}),
      ...(draft.auth === 'key'
        ? { authKey: draft.authKey }
        : { sid: draft.sid.trim(), spw: draft.spw }),
    });
    setBusy(false);
    if (!result.ok) return setError(result.error);
    setDraft((d) => ({ ...d, spw: '' }));
    onIssued({
      value: result.data,
      expires: expiryOfEpi(epi, at) ?? at,
      connection: draft.connection,
    });
  };

  return { draft, setDraft, set, keyFor, ownKeys, now, expiry, checks, text, busy, error, submit };
}
