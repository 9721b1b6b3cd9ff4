/**
 * The strings of the Jobs screen, per language: loaded with its code (app/screens.tsx) and added to the
 * window's strings then (`addStrings`), so the first screen does not carry them.
 */
import { enJobs } from './en-jobs';
import { jaJobs } from './ja-jobs';

export const JOBS_STRINGS = { en: enJobs, ja: jaJobs } as const;
