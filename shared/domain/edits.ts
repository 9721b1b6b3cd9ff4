/**
 * The edit layer: a person's corrections of a transcript, kept apart from what the
 * service said. The service's transcript is never changed; the edits are a list of operations
 * with an undo position, and `applyEdits` folds the operations in effect over the transcript.
 *
 * Every operation names words by their place in the transcript as it stood when it was made
 * (the edited transcript, operations before it applied), so the window sends what it shows.
 * - `words`: replace the words [from, to) of one utterance with new written forms (none removes
 *   them, several split their span, sharing its time evenly; an empty span inserts).
 * - `speaker`: a speaker label's name for the whole transcript ("" gives the default back).
 * - `revert-word`: the service's words back in place of the edited word and those made with it.
 * - `revert-all`: every edit before it undone (itself one step that undo takes back).
 *
 * Each edited word keeps track of the service's words it came from, so a word can be reverted,
 * and says `edited`, with the service's text of those words in `original`.
 *
 * Operations are made in edit-ops.ts and applied in edit-apply.ts; both are re-exported here.
 */
import { z } from 'zod';
import { tokenSchema, utteranceSchema } from '../api/recognition';
import { appError, type AppError } from './errors';
import { hasControls, transcriptSchema, type Transcript } from './job';
import { applyEdits } from './edit-apply';
import { SPEAKER_NAME_MAX } from './no-edits';

export * from './edit-ops';
export * from './edit-apply';

const index = z.number().int().nonnegative();

export const wordChangeSchema = z.object({
  from: index,
  to: index,
  written: z.array(z.string().trim().min(1).max(500)).max(1000),
});
export type WordChange = z.infer<typeof wordChangeSchema>;

export const editOpSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('words'),
    utterance: index,
    /** Ascending and apart, each naming the words as they were before this operation. */
    changes: z.array(wordChangeSchema).min(1).max(10_000),
  }),
  z.object({
    kind: z.literal('speaker'),
    label: z.string().min(1),
    name: z.string().max(SPEAKER_NAME_MAX),
  }),
  z.object({ kind: z.literal('revert-word'), utterance: index, index }),
  z.object({ kind: z.literal('revert-all') }),
]);
export type EditOp = z.infer<typeof editOpSchema>;

/** The operations made so far, and how many of them are in effect (the rest can be redone). */
export const editHistorySchema = z
  .object({ ops: z.array(editOpSchema), position: index })
  .refine((h) => h.position <= h.ops.length, { message: 'position beyond the operations' });
export type EditHistory = z.infer<typeof editHistorySchema>;

// Apart, so the window's first screen holds an empty history without the corrections' code.
export { NO_EDITS, SPEAKER_NAME_MAX } from './no-edits';

/** The most characters one correction may hold (its written words, or a speaker's name). */
export const EDIT_MAX_CHARS = 100_000;
/**
 * The most bytes (of JSON) a job's history may hold, its operations in effect and the new one:
 * some 40,000 word corrections, or 13 of the largest. `jobs:get` answers at most this much, and
 * a start reads back at most this much (the edits file, appended to, is at most twice this).
 */
export const EDIT_HISTORY_MAX_BYTES = 4 * 1024 * 1024;

/**
 * A correction's text holding a control character (C0, DEL or C1: a line break, a tab, ESC, a
 * terminal's command), refused whole: a transcript's words and a speaker's name are one line of
 * text, which exports and the command line show as it is.
 */
export function editControlProblem(op: EditOp): AppError | undefined {
  const texts =
    op.kind === 'words'
      ? op.changes.flatMap((change) => change.written)
      : op.kind === 'speaker'
        ? [op.name, op.label]
        : [];
  return texts.some(hasControls) ? appError('edit-control') : undefined;
}

/** The characters a correction holds: its written words, or the speaker's name it gives. */
export function editChars(op: EditOp): number {
  switch (op.kind) {
    case 'words':
      return op.changes.reduce(
        (sum, change) => sum + change.written.reduce((n, word) => n + word.length, 0),
        0,
      );
    case 'speaker':
      return op.name.length + op.label.length;
    default:
      return 0;
  }
}

export const editedTokenSchema = tokenSchema.extend({
  /** Made by a person, not by the service. */
  edited: z.literal(true).optional(),
  /** What the service wrote for the words this one replaced (none for an inserted word). */
  original: z.string().optional(),
});
export type EditedToken = z.infer<typeof editedTokenSchema>;

export const editedUtteranceSchema = utteranceSchema.extend({
  tokens: z.array(editedTokenSchema),
});
export type EditedUtterance = z.infer<typeof editedUtteranceSchema>;

/** A transcript with the edits applied: the same shape as the service's, marked as edited. */
export const editedTranscriptSchema = transcriptSchema.extend({
  utterances: z.array(editedUtteranceSchema),
  /** Some word or speaker's name differs from what the service said. */
  edited: z.literal(true).optional(),
  /** Speakers' names by label (`speaker0` → "Tanaka"), where a person named them. */
  speakerNames: z.record(z.string(), z.string()).optional(),
});
export type EditedTranscript = z.infer<typeof editedTranscriptSchema>;

// ——— history ———

export const effectiveOps = (history: EditHistory): readonly EditOp[] =>
  history.ops.slice(0, history.position);

/** A new operation: those undone after the position are dropped (they can no longer be redone). */
export const pushEdit = (history: EditHistory, op: EditOp): EditHistory => ({
  ops: [...history.ops.slice(0, history.position), op],
  position: history.position + 1,
});

export const canUndo = (history: EditHistory) => history.position > 0;
export const canRedo = (history: EditHistory) => history.position < history.ops.length;

export const undo = (history: EditHistory): EditHistory =>
  canUndo(history) ? { ops: history.ops, position: history.position - 1 } : history;

export const redo = (history: EditHistory): EditHistory =>
  canRedo(history) ? { ops: history.ops, position: history.position + 1 } : history;

/** The transcript with the history's operations in effect. */
export const editedTranscript = (transcript: Transcript, history: EditHistory) =>
  applyEdits(transcript, effectiveOps(history));
