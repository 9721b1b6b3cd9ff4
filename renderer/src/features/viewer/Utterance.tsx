/**
 * One block of the text view: its time (a button that seeks there), the speaker's name at a
 * change of speaker (renamed in place), and its text with find's marks, each word a click that
 * seeks; the block's text or one of its words corrected in place.
 */
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SPEAKER_NAME_MAX } from '../../../../shared/domain/no-edits';
import type { Block } from '../../../../shared/format/speakers';
import { formatMs } from '../../ui/format';
import { Icon } from '../../ui/icons';
import { piecesOf, type Piece } from './find';
import { InlineField } from './InlineField';
import type { ShownWord } from './shown';
import { WordEditor, type Editing } from './WordEditor';

/** What a block's row asks of the list: stable, so a row renders only when its own props change. */
export interface RowActions {
  readonly seek: (ms: number) => void;
  /** Plays from `ms` (Ctrl+Enter in the text being corrected). */
  readonly playFrom: (ms: number) => void;
  readonly editText: (block: number) => void;
  readonly editSpeaker: (block: number) => void;
  readonly keepText: (block: number, text: string) => void;
  readonly keepName: (block: number, name: string) => void;
  /** Ends an edit, focus going back to what `selector` finds. */
  readonly close: (selector: string) => void;
}

export const Utterance = memo(function Utterance({
  index: i,
  block: b,
  shown,
  turn,
  matches,
  firstMatch,
  currentMatch,
  editable,
  editing,
  words,
  offset,
  editingWord,
  wordActions,
  speakerName,
  actions,
}: {
  index: number;
  block: Block;
  /** The block as shown: what its text draws (the editor takes the block as stored). */
  shown: Block;
  turn: boolean;
  matches: ReadonlyArray<readonly [number, number]>;
  firstMatch: number;
  currentMatch: number;
  /** Corrections can be made (not while the original is shown). */
  editable: boolean;
  /** What of this block is being corrected, if anything. */
  editing: 'text' | 'speaker' | undefined;
  /** The block's words as shown, by their place in the utterance. */
  words: ReadonlyMap<number, ShownWord> | undefined;
  /** Where the block's tokens start in its utterance. */
  offset: number;
  /** The word of this block being corrected in place, or -1. */
  editingWord: number;
  wordActions: Editing | undefined;
  speakerName: (label: string) => string;
  actions: RowActions;
}) {
  const { t } = useTranslation();
  const pieces = useMemo(() => piecesOf(shown, matches, firstMatch), [shown, matches, firstMatch]);
  const time = formatMs(b.starttime ?? 0);
  const edited = b.tokens.some((token) => 'edited' in token && token.edited);
  return (
    <li className={turn && i > 0 ? 'utterance speaker-turn' : 'utterance'}>
      <button
        type="button"
        className="time"
        onClick={() => actions.seek(b.starttime ?? 0)}
        disabled={b.starttime === undefined}
      >
        {time}
      </button>
      <div>
        {turn && b.label !== undefined ? (
          <SpeakerLine
            index={i}
            label={b.label}
            editing={editing === 'speaker'}
            editable={editable}
            speakerName={speakerName}
            actions={actions}
          />
        ) : null}
        {editing === 'text' ? (
          <>
            <InlineField
              initial={b.text}
              label={t('viewer.textLabel', { time })}
              multiline
              testId="utterance-editor"
              onPlay={() => actions.playFrom(b.starttime ?? 0)}
              onKeep={(text) => actions.keepText(i, text)}
              onCancel={() => actions.close(`[data-edit-block="${i}"]`)}
            />
            <p className="muted hint">{t('viewer.textHint')}</p>
          </>
        ) : (
          <UtteranceText
            pieces={pieces}
            edited={edited}
            currentMatch={currentMatch}
            words={words}
            offset={offset}
            editingWord={editingWord}
            wordActions={wordActions}
            seek={actions.seek}
          />
        )}
      </div>
      {editable && editing !== 'text' ? (
        <button
          type="button"
          className="button small ghost edit-text"
          data-edit-block={i}
          aria-label={t('viewer.editText', { time })}
          title={t('viewer.editText', { time })}
          onClick={() => actions.editText(i)}
        >
          <Icon name="pencil" />
        </button>
      ) : null}
    </li>
  );
});

/** The speaker's name at a change of speaker: a button that renames it, or its editor. */
function SpeakerLine({
  index: i,
  label,
  editing,
  editable,
  speakerName,
  actions,
}: {
  index: number;
  label: string;
  editing: boolean;
  editable: boolean;
  speakerName: (label: string) => string;
  actions: RowActions;
}) {
  const { t } = useTranslation();
  if (editing)
    return (
      <InlineField
        initial={speakerName(label)}
        label={t('viewer.speakerNameLabel', { name: speakerName(label) })}
        multiline={false}
        maxLength={SPEAKER_NAME_MAX}
        testId="speaker-editor"
        onKeep={(name) => actions.keepName(i, name)}
        onCancel={() => actions.close(`[data-speaker-block="${i}"]`)}
      />
    );
  if (editable)
    return (
      <p className="speaker" data-testid="speaker">
        <button
          type="button"
          className="speaker-name"
          data-speaker-block={i}
          aria-label={t('viewer.renameSpeaker', { name: speakerName(label) })}
          onClick={() => actions.editSpeaker(i)}
        >
          {speakerName(label)}
        </button>
      </p>
    );
  return (
    <p className="speaker" data-testid="speaker">
      {speakerName(label)}
    </p>
  );
}

/**
 * A block's text as drawn: its words (a click seeks, a double-click corrects one), find's marks,
 * readings over words, and the word being corrected as its editor in its place.
 */
function UtteranceText({
  pieces,
  edited,
  currentMatch,
  words,
  offset,
  editingWord,
  wordActions,
  seek,
}: {
  pieces: readonly Piece[];
  edited: boolean;
  currentMatch: number;
  words: ReadonlyMap<number, ShownWord> | undefined;
  offset: number;
  editingWord: number;
  wordActions: Editing | undefined;
  seek: (ms: number) => void;
}) {
  return (
    // Words are reached by keyboard in the word view; here a click is a shortcut.
    <p
      className={edited ? 'utterance-text is-edited' : 'utterance-text'}
      onClick={(e) => {
        // A drag that selected text is reading, not seeking.
        if (!(window.getSelection()?.isCollapsed ?? true)) return;
        const word = (e.target as HTMLElement).closest<HTMLElement>('[data-ms]');
        if (word) seek(Number(word.dataset.ms));
      }}
      onDoubleClick={(e) => {
        const at = (e.target as HTMLElement).closest<HTMLElement>('[data-w]');
        const word = at ? words?.get(offset + Number(at.dataset.token)) : undefined;
        if (word && wordActions) wordActions.onEdit(word);
      }}
    >
      {groupsOf(pieces).map((group) => {
        const first = group[0]!;
        const word =
          first.piece.token === undefined ? undefined : words?.get(offset + first.piece.token);
        if (word && word.index === editingWord && wordActions)
          // The editor stands where the word was (find may cut a word into pieces).
          return <WordEditor key={first.k} word={word} actions={wordActions} />;
        const spans = group.map(({ piece, k }) => {
          const inner =
            piece.match === undefined ? (
              piece.text
            ) : (
              <mark
                data-match={piece.match}
                className={piece.match === currentMatch ? 'is-found' : undefined}
              >
                {piece.text}
              </mark>
            );
          return piece.ms === undefined ? (
            <span key={k}>{inner}</span>
          ) : (
            <span
              key={k}
              className="text-word"
              data-ms={piece.ms}
              data-w={word?.index}
              data-token={piece.token}
            >
              {inner}
            </span>
          );
        });
        return word?.reading === undefined ? (
          spans
        ) : (
          <ruby key={first.k} className="reading">
            {spans}
            <rt>{word.reading}</rt>
          </ruby>
        );
      })}
    </p>
  );
}

/** The pieces of a block's text, a word's pieces together (each with its key, its place). */
function groupsOf(pieces: readonly Piece[]): Array<Array<{ piece: Piece; k: number }>> {
  const groups: Array<Array<{ piece: Piece; k: number }>> = [];
  pieces.forEach((piece, k) => {
    const last = groups.at(-1);
    if (last && piece.token !== undefined && last[0]!.piece.token === piece.token)
      last.push({ piece, k });
    else groups.push([{ piece, k }]);
  });
  return groups;
}
