/**
 * The strings of the Live screen, per language: loaded with its code (app/screens.tsx) and added to the
 * window's strings then (`addStrings`), so the first screen does not carry them.
 */
import { enLive } from './en-live';
import { jaLive } from './ja-live';

export const LIVE_STRINGS = { en: enLive, ja: jaLive } as const;
