/**
 * The strings of calls noticed, per language: loaded with the notices' code when the first
 * notice shows, and with Settings (its Calls panel) (app/screens.tsx), then added to the window's
 * strings (`addStrings`), so the first screen does not carry them.
 */
import { enCalls } from './en-calls';
import { jaCalls } from './ja-calls';

export const CALLS_STRINGS = { en: enCalls, ja: jaCalls } as const;
