/**
 * English: every error and word-table rejection as a whole sentence. Each domain's sentences
 * are in a file of their own (./en/); this is the one table the lookup reads, made of them.
 */
import type { Language } from './render';
import { APP } from './en/app';
import { JOBS } from './en/jobs';
import { LIVE } from './en/live';
import { SERVICES } from './en/services';
import { WORDS } from './en/words';

export const EN: Language = {
  errors: { ...SERVICES.errors, ...JOBS.errors, ...LIVE.errors, ...APP.errors, ...WORDS.errors },
  errorSubCodes: {
    ...SERVICES.errorSubCodes,
    ...JOBS.errorSubCodes,
    ...LIVE.errorSubCodes,
    ...APP.errorSubCodes,
    ...WORDS.errorSubCodes,
  },
  wordRejections: WORDS.wordRejections,
  wordRejectionSubCodes: WORDS.wordRejectionSubCodes,
};
