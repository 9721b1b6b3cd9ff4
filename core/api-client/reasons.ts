/**
 * Socket error codes as sub-codes of an AppError, so that each language says the reason in its
 * own words and the raw code goes to the detail (files' reasons are the core's: core/errors.ts).
 */
import type { SubCode } from '../../shared/domain/errors';

const NETWORK_REASONS: Readonly<Record<string, SubCode<'network', 'reason'>>> = {
  ECONNREFUSED: 'refused',
  ENOTFOUND: 'dns',
  EAI_AGAIN: 'dns',
  ECONNRESET: 'reset',
  EPIPE: 'reset',
  ECONNABORTED: 'reset',
  EHOSTUNREACH: 'unreachable',
  ENETUNREACH: 'unreachable',
  EHOSTDOWN: 'unreachable',
};

/** A socket error code as a reason each language can say. */
export function networkReason(errno: string): SubCode<'network', 'reason'> {
  if (/CERT|TLS|SSL/.test(errno)) return 'tls';
  return NETWORK_REASONS[errno] ?? 'other';
}
