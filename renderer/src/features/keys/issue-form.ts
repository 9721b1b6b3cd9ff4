/**
 * The issue-a-key form as data: what is wrong with it (message keys), and the `epi` it sends. An
 * end date becomes a number of seconds from now, so the service's time zone cannot shift it.
 */
import { parseValidity } from '../../../../shared/api/key-validity';
import { badAddressEntries, parseAllowedAddresses } from '../../../../shared/api/key-addresses';
import { VALIDITY_PRESETS } from '../../../../shared/domain/validity-presets';
import type { FieldProblem } from '../../ui/field';

export const VALIDITY_UNITS = ['s', 'm', 'h', 'd', 'w'] as const;
export type ValidityUnit = (typeof VALIDITY_UNITS)[number];

export interface IssueDraft {
  readonly connection: string;
  readonly auth: 'key' | 'password';
  readonly authKey: string;
  readonly sid: string;
  readonly spw: string;
  readonly validity: 'preset' | 'custom' | 'until';
  readonly preset: string;
  readonly amount: string;
  readonly unit: ValidityUnit;
  /** A `datetime-local` value, in the machine's time zone. */
  readonly until: string;
  readonly ipa: string;
}

/** A new form: the given connection and key, an hour's preset, nothing else filled in. */
export const newIssueDraft = (connection: string, authKey: string): IssueDraft => ({
  connection,
  auth: 'key',
  authKey,
  sid: '',
  spw: '',
  validity: 'preset',
  preset: '1h',
  amount: '5',
  unit: 'm',
  until: '',
  ipa: '',
});

export type IssueField = 'authKey' | 'sid' | 'spw' | 'amount' | 'until' | 'ipa';
export type Problem = FieldProblem;

export function epiOf(draft: IssueDraft, now: Date): string | undefined {
  if (draft.validity === 'preset') return VALIDITY_PRESETS.find((p) => p.id === draft.preset)?.epi;
  if (draft.validity === 'custom') {
    return /^[1-9]\d{0,8}$/.test(draft.amount.trim())
      ? `${draft.amount.trim()}${draft.unit}`
      : undefined;
  }
  const end = new Date(draft.until);
  const seconds = Math.ceil((end.getTime() - now.getTime()) / 1000);
  return Number.isFinite(seconds) && seconds > 0 ? `${seconds}s` : undefined;
}

/** When a key issued at `now` with this `epi` stops working. */
export function expiryOfEpi(epi: string | undefined, now: Date): Date | undefined {
  if (!epi) return undefined;
  const parsed = parseValidity(epi, { now });
  return parsed.ok ? parsed.data : undefined;
}

/** When a key issued now with this form would stop working. */
export const expiryOf = (draft: IssueDraft, now: Date) => expiryOfEpi(epiOf(draft, now), now);

/** Every address entry the `ipa` parser refuses, named so the message can show them all. */
export function ipaProblem(text: string): Problem | undefined {
  if (parseAllowedAddresses(text).ok) return undefined;
  const bad = badAddressEntries(text);
  return {
    key: 'keys.ipaBadEntry',
    params: { entries: (bad.length ? bad : [text]).join(', '), count: Math.max(1, bad.length) },
  };
}

export function issueProblems(draft: IssueDraft, now: Date): Partial<Record<IssueField, Problem>> {
  const problems: Partial<Record<IssueField, Problem>> = {};
  if (draft.auth === 'key' && !draft.authKey) problems.authKey = { key: 'keys.noIssuable' };
  if (draft.auth === 'password') {
    if (!draft.sid.trim()) problems.sid = { key: 'keys.sidEmpty' };
    if (!draft.spw) problems.spw = { key: 'keys.spwEmpty' };
  }
  if (draft.validity === 'custom' && !expiryOf(draft, now))
    problems.amount = { key: 'keys.amountInvalid' };
  if (draft.validity === 'until' && !expiryOf(draft, now))
    problems.until = { key: 'keys.endInvalid' };
  const ipa = ipaProblem(draft.ipa);
  if (ipa) problems.ipa = ipa;
  return problems;
}
