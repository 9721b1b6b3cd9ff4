/**
 * Which files go to the service, decided before anything is sent: those whose name or type the
 * formats table (shared/api/media-formats.ts) knows, up to the async size limit. Everything else
 * is named with the reason. This is a courtesy to the person, not a guard: the core checks every
 * file's first bytes itself (core/media/media-file.ts), and decides how it is sent (core/jobs/routing.ts).
 */
import { LIMITS } from '../../../shared/api/codes';
import { namedAsMedia, PICKER_ACCEPT } from '../../../shared/api/media-formats';

export type Verdict = { ok: true } | { ok: false; reason: 'type' | 'empty' | 'too-large' };

export function judgeFile(file: { name: string; size: number; type: string }): Verdict {
  if (!namedAsMedia(file)) return { ok: false, reason: 'type' };
  if (file.size === 0) return { ok: false, reason: 'empty' };
  if (file.size > LIMITS.asyncAudioBytes) return { ok: false, reason: 'too-large' };
  return { ok: true };
}

/** The picker's accept list: the same formats the drop takes. */
export const ACCEPT = PICKER_ACCEPT;
