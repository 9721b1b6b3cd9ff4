import type { EditHistory } from './edits';

/** The history of a transcript no one has corrected. */
export const NO_EDITS: EditHistory = { ops: [], position: 0 };

/** The most characters a speaker's name may hold (a speaker's edit, or a name given on Live). */
export const SPEAKER_NAME_MAX = 100;
