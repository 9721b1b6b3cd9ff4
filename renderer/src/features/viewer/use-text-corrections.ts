/**
 * Correcting the text view in place: which block's text or speaker, or which word, is being
 * corrected; the actions its rows and the word editor call (stable, so a row is drawn again only
 * when its own props change); and focus back on the control that opened an edit when it ends.
 * Words left as they were keep their times (shared/domain/edits.ts `utteranceEdit`); a speaker
 * is renamed once for the whole transcript.
 */
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import {
  renameSpeaker,
  utteranceEdit,
  type EditedTranscript,
  type EditOp,
} from '../../../../shared/domain/edits';
import type { Block } from '../../../../shared/format/speakers';
import type { Result } from '../../../../shared/ipc/contract';
import { useActionError } from '../../ui/use-action-error';
import { sameSpeakerName } from './speaker-name';
import { nextShown, type ShownWord } from './shown';
import { useF2Word } from './use-f2-word';
import type { Playback } from './use-playback';
import type { RowActions } from './Utterance';
import { keepWord, type Editing } from './WordEditor';
import type { Word } from './words';

/** What the corrections are made to, as the list has it. */
export interface CorrectionInputs {
  readonly blocks: readonly Block[];
  readonly transcript: EditedTranscript;
  readonly playback: Playback;
  readonly speakerName: (label: string) => string;
  readonly edit: ((op: EditOp) => Promise<Result<void>>) | undefined;
  readonly words: readonly ShownWord[];
}

export function useTextCorrections(
  list: RefObject<HTMLOListElement | null>,
  /** Where each block's tokens start in its utterance. */
  offsets: readonly number[],
  { blocks, transcript, playback, speakerName, edit, words }: CorrectionInputs,
) {
  const { error, run } = useActionError();
  const [editing, setEditing] = useState<{ kind: 'text' | 'speaker'; block: number }>();
  /** The word being corrected in place (its index among the words), if any. */
  const [editingWord, setEditingWord] = useState<number>();
  /** After an edit ends, focus goes back to the control that opened it. */
  const back = useRef<string>(undefined);
  useEffect(() => {
    if (editing || editingWord !== undefined || !back.current) return;
    list.current?.querySelector<HTMLElement>(back.current)?.focus();
    back.current = undefined;
  }, [list, editing, editingWord]);

  // Read by the actions when they run, so the actions stay the same object (and the rows are not
  // drawn again) while the player plays and pauses or a correction changes the transcript.
  const latest = useRef({ blocks, offsets, transcript, playback, speakerName, edit, run, words });
  useEffect(() => {
    latest.current = { blocks, offsets, transcript, playback, speakerName, edit, run, words };
  });
  const editable = edit !== undefined;
  const wordActions = useMemo<Editing | undefined>(() => {
    if (!editable) return undefined;
    // Focus goes back to the passage's pencil button when the word's editor closes.
    const closeWord = (word: Word) => {
      back.current = `[data-edit-block="${word.block}"]`;
      setEditingWord(undefined);
    };
    return {
      onEdit: (word) => {
        setEditing(undefined);
        setEditingWord(word.index);
      },
      onCancel: () => {
        const { words: all } = latest.current;
        setEditingWord((index) => {
          const word = index === undefined ? undefined : all[index];
          if (word) back.current = `[data-edit-block="${word.block}"]`;
          return undefined;
        });
      },
      onPlayFrom: (word) => {
        const { playback: player } = latest.current;
        if (word.starttime !== undefined) player.seek(word.starttime);
        if (!player.playing) player.toggle();
      },
      onKeep: (word, text, next) => {
        const { words: all, edit: apply, run: act } = latest.current;
        if (!apply) return;
        keepWord(
          word,
          text,
          next,
          all.length,
          (op) => act(apply(op)),
          (after) => {
            // Tab goes on to the next word shown (a hidden filler is passed over).
            const next = after === undefined ? undefined : nextShown(all, after, 1);
            if (next === undefined) closeWord(word);
            else setEditingWord(next);
          },
        );
      },
    };
  }, [editable]);
  useF2Word(list, wordActions, latest);
  const actions = useMemo<RowActions>(() => {
    const close = (selector: string) => {
      back.current = selector;
      setEditing(undefined);
    };
    return {
      seek: (ms) => latest.current.playback.seek(ms),
      playFrom: (ms) => {
        const { playback: player } = latest.current;
        player.seek(ms);
        if (!player.playing) player.toggle();
      },
      editText: (block) => {
        setEditingWord(undefined);
        setEditing({ kind: 'text', block });
      },
      editSpeaker: (block) => {
        setEditingWord(undefined);
        setEditing({ kind: 'speaker', block });
      },
      close,
      keepText: (i, text) => {
        const { blocks: all, offsets: at, transcript: current, edit: apply } = latest.current;
        const b = all[i]!;
        const utterance = current.utterances[b.utterance]!;
        const op = utteranceEdit(b.utterance, utterance, text, [at[i]!, at[i]! + b.tokens.length]);
        if (!op || !apply) {
          close(`[data-edit-block="${i}"]`);
          return;
        }
        void latest.current.run(apply(op)).then((ok) => ok && close(`[data-edit-block="${i}"]`));
      },
      keepName: (i, name) => {
        const {
          blocks: all,
          transcript: current,
          edit: apply,
          speakerName: nameOf,
        } = latest.current;
        const label = all[i]!.label!;
        const given = current.speakerNames?.[label] ?? '';
        if (sameSpeakerName(name, given, nameOf(label)) || !apply) {
          close(`[data-speaker-block="${i}"]`);
          return;
        }
        void latest.current
          .run(apply(renameSpeaker(label, name)))
          .then((ok) => ok && close(`[data-speaker-block="${i}"]`));
      },
    };
  }, []);
  return { error, editing, editingWord, wordActions, actions };
}
