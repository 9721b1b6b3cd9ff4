import type { EditHistory } from './edits';

/** The history of a transcript no one has corrected. */
export const NO_EDITS: EditHistory = { ops: [], position: 0 };
