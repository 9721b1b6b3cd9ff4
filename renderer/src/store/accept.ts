/**
 * Which files go to the service, decided before anything is sent: audio and video the core can
 * send or convert, up to the async size limit. Everything else is named with the reason. This is
 * a courtesy to the person, not a guard: the core checks every file's first bytes itself
 * (core/media-file.ts), so header-less PCM, which no bytes identify, is not offered.
 */
import { LIMITS } from '../../../shared/api/codes';

const EXTENSIONS = new Set([
  'wav',
  'wave',
  'flac',
  'ogg',
  'oga',
  'opus',
  'mp3',
  'm4a',
  'aac',
  'mp4',
  'm4v',
  'mov',
  'webm',
  'mkv',
  'wma',
  'aif',
  'aiff',
  'amr',
  '3gp',
]);

export type Verdict =
  { ok: true; route: 'sync' | 'async' } | { ok: false; reason: 'type' | 'empty' | 'too-large' };

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export function judgeFile(file: { name: string; size: number; type: string }): Verdict {
  const media = /^(audio|video)\//.test(file.type);
  if (!media && !EXTENSIONS.has(extensionOf(file.name))) return { ok: false, reason: 'type' };
  if (file.size === 0) return { ok: false, reason: 'empty' };
  if (file.size > LIMITS.asyncAudioBytes) return { ok: false, reason: 'too-large' };
  return { ok: true, route: file.size <= LIMITS.syncAudioBytes ? 'sync' : 'async' };
}

/** The picker's accept list: the same types the drop takes. */
export const ACCEPT = ['audio/*', 'video/*', ...[...EXTENSIONS].map((e) => `.${e}`)].join(',');
