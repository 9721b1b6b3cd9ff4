/**
 * Japanese: every error and word-table rejection as a whole sentence. Each domain's sentences
 * are in a file of their own (./ja/); this is the one table the lookup reads, made of them.
 */
import type { Language } from './render';
import { APP } from './ja/app';
import { JOBS } from './ja/jobs';
import { LIVE } from './ja/live';
import { SERVICES } from './ja/services';
import { WORDS } from './ja/words';

export const JA: Language = {
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
