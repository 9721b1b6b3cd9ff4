/**
 * System error codes as sub-codes of an AppError, so that each language says the reason in its
 * own words and the raw code goes to the detail.
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

/** A file-system error as a reason each language can say. */
export function fileReason(error: { code?: string | undefined }): SubCode<'file', 'reason'> {
  if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return 'missing';
  if (error.code === 'EISDIR') return 'not-a-file';
  if (error.code === 'EACCES' || error.code === 'EPERM') return 'denied';
  if (error.code === 'EMPTY') return 'empty';
  return 'unreadable';
}
