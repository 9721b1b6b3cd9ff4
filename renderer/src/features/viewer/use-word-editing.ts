/**
 * Correcting the word view in place: which word is being corrected, the editor's actions (stable,
 * so the chunks are not drawn again while the player plays or a correction changes the count),
 * Tab on to the next word shown, and focus back on the word when an edit ends.
 */
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { EditOp } from '../../../../shared/domain/edits';
import type { Result } from '../../../../shared/ipc/contract';
import { nextShown, type ShownWord } from './shown';
import type { Playback } from './use-playback';
import { keepWord, type Editing } from './WordEditor';

export function useWordEditing(
  list: RefObject<HTMLDivElement | null>,
  words: readonly ShownWord[],
  {
    playback,
    edit,
    run,
    setFocusIndex,
  }: {
    playback: Playback;
    edit: ((op: EditOp) => Promise<Result<void>>) | undefined;
    run: (action: Promise<Result<unknown>>) => Promise<boolean>;
    /** Moves the list's tab stop to a word. */
    setFocusIndex: (index: number) => void;
  },
) {
  const [editingIndex, setEditingIndex] = useState<number>();
  const { seek } = playback;
  /** Focus back on the word (once it is a button again) after an edit ends. */
  const refocus = useRef<number>(undefined);
  useEffect(() => {
    if (editingIndex !== undefined || refocus.current === undefined) return;
    const index = Math.max(0, Math.min(words.length - 1, refocus.current));
    refocus.current = undefined;
    setFocusIndex(index);
    list.current?.querySelector<HTMLElement>(`button[data-i="${index}"]`)?.focus();
  }, [editingIndex, words, list, setFocusIndex]);

  const { toggle, playing } = playback;
  // Read by the actions when they run, so the actions (and every chunk) stay the same objects
  // while the player plays and pauses or a correction changes the count.
  const latest = useRef({ playing, count: words.length, words });
  useEffect(() => {
    latest.current = { playing, count: words.length, words };
  });
  const actions = useMemo<Editing | undefined>(() => {
    if (!edit) return undefined;
    return {
      onEdit: (word) => {
        setFocusIndex(word.index);
        setEditingIndex(word.index);
      },
      onCancel: () => {
        setEditingIndex((index) => {
          refocus.current = index;
          return undefined;
        });
      },
      onPlayFrom: (word) => {
        if (word.starttime !== undefined) seek(word.starttime);
        if (!latest.current.playing) toggle();
      },
      onKeep: (word, text, next) =>
        keepWord(
          word,
          text,
          next,
          latest.current.count,
          (op) => run(edit(op)),
          (after) => {
            // Tab goes on to the next word shown (a hidden filler is passed over).
            const next =
              after === undefined ? undefined : nextShown(latest.current.words, after, 1);
            if (next !== undefined) {
              setFocusIndex(next);
              setEditingIndex(next);
            } else {
              refocus.current = word.index;
              setEditingIndex(undefined);
            }
          },
        ),
    };
  }, [edit, run, seek, toggle, setFocusIndex]);
  return { editingIndex, actions };
}
