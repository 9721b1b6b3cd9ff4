/**
 * F2 in the text view: corrects the word the text selection is in (a double-click selects one),
 * else the first word of the passage that has the focus. Heard on the whole viewer: a click on
 * the text leaves the focus on it (TranscriptView), not in the list.
 */
import { useEffect, type RefObject } from 'react';
import { typingIn } from './player-keys';
import type { Editing } from './WordEditor';
import type { Word } from './words';

export function useF2Word(
  list: RefObject<HTMLOListElement | null>,
  wordActions: Editing | undefined,
  /** The words as they are when the key comes. */
  latest: RefObject<{ readonly words: readonly Word[] }>,
) {
  useEffect(() => {
    const section = list.current?.closest<HTMLElement>('.viewer');
    if (!section || !wordActions) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'F2' || e.defaultPrevented || e.ctrlKey || e.altKey || e.metaKey) return;
      if (typingIn(e.target) || !list.current) return;
      const word = wordNear(list.current, e.target, latest.current.words);
      if (!word) return;
      e.preventDefault();
      wordActions.onEdit(word);
    };
    section.addEventListener('keydown', onKey);
    return () => section.removeEventListener('keydown', onKey);
  }, [list, latest, wordActions]);
}

/**
 * The word F2 corrects in the text view: the one the text selection is in, else the first word
 * of the passage that `target` (what has the focus) is in.
 */
function wordNear(list: HTMLElement, target: EventTarget | null, words: readonly Word[]) {
  const anchor = window.getSelection()?.anchorNode;
  const selected = anchor instanceof Element ? anchor : anchor?.parentElement;
  const at =
    (selected && list.contains(selected) ? selected.closest<HTMLElement>('[data-w]') : null) ??
    (target instanceof Element && list.contains(target)
      ? target.closest('li')?.querySelector<HTMLElement>('[data-w]')
      : null);
  return at ? words[Number(at.dataset.w)] : undefined;
}
