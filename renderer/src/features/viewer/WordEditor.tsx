/**
 * A word corrected in place, in either view (the Text view too): Enter
 * keeps, Escape cancels, Tab keeps and corrects the next word, Ctrl+Enter plays from it.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { wordEdit, wordsOf as typedWords, type EditOp } from '../../../../shared/domain/edits';
import type { Word } from './words';

/** What a view does when a word's editor opens, keeps, cancels or plays. */
export interface Editing {
  readonly onEdit: (word: Word) => void;
  readonly onKeep: (word: Word, text: string, next: boolean) => void;
  readonly onCancel: () => void;
  readonly onPlayFrom: (word: Word) => void;
}

/**
 * Keeps what was typed for `word` (of `count` words) through `apply` (told whether it was made),
 * then tells `done` the word to correct next (Tab), or undefined when the editing ends. Several
 * words typed split it, and the next word is the one after them; an unchanged word is no edit.
 */
export function keepWord(
  word: Word,
  text: string,
  next: boolean,
  count: number,
  apply: (op: EditOp) => Promise<boolean>,
  done: (after: number | undefined) => void,
): void {
  const typed = typedWords(text);
  const after = word.index + typed.length;
  // Tab on the last word: there is no next one to correct.
  const last = after >= count - 1 + typed.length;
  const finish = () => done(next && !last ? after : undefined);
  if (typed.length === 1 && typed[0] === word.written) {
    finish();
    return;
  }
  void apply(wordEdit(word.utterance, word.position, text)).then((ok) => {
    if (ok) finish();
  });
}

/**
 * A word being corrected: Enter keeps, Escape cancels, Tab keeps and corrects the next word,
 * Ctrl+Enter plays from it (a key that cannot type text, so the player works while editing). The
 * keys it takes are claimed with preventDefault; the rest go on up, so the player's keys that work
 * while typing (./player-keys: Ctrl+Space, F7–F9, Ctrl+[ and Ctrl+]) work here too, while the
 * word list leaves alone every key typed in the editor.
 */
export function WordEditor({ word, actions }: { word: Word; actions: Editing }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(word.written);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);
  return (
    <input
      ref={input}
      className="word-editor"
      data-i={word.index}
      data-testid="word-editor"
      aria-label={t('viewer.editWord', { word: word.written })}
      value={text}
      size={Math.max(4, text.length + 1)}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          actions.onPlayFrom(word);
        } else if (e.key === 'Enter') {
          e.preventDefault();
          actions.onKeep(word, text, false);
        } else if (e.key === 'Escape') {
          e.preventDefault();
          actions.onCancel();
        } else if (e.key === 'Tab' && !e.shiftKey) {
          e.preventDefault();
          actions.onKeep(word, text, true);
        }
      }}
    />
  );
}
