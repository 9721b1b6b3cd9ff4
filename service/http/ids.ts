import { randomBytes } from 'node:crypto';

/** A session id like the cloud's: 24 hex digits. */
export const newSessionId = () => randomBytes(12).toString('hex');

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `yyyymmdd/hh/<session>_yyyymmdd_hhmmss`, the shape of the cloud's utterance ids. */
export function utteranceId(sessionId: string, at = new Date()): string {
  const day = `${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}`;
  const time = `${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}`;
  return `${day}/${pad(at.getUTCHours())}/${sessionId}_${day}_${time}`;
}
