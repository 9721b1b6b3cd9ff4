/**
 * The text by utterance, each with its time (a button that seeks there) and find highlights, the
 * current match marked apart. A click on a word seeks there too (a drag that selects text does
 * not): words stay plain text, selectable, and the keyboard reaches each utterance by its time
 * and each word in the word view. With speaker labels each speaker's part is its own block, and a
 * change of speaker is named.
 *
 * Correcting: each block's text can be edited as a whole (words left as they were
 * keep their times, shared/domain/edits.ts `utteranceEdit`), and a speaker renamed once for the
 * whole transcript. A word is corrected as in the word view: double-click it, or F2
 * on the word the text selection is in (else the first of the passage that has the focus), opens
 * its editor in place. What is shown, found and clicked is the text as corrected.
 */
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  renameSpeaker,
  utteranceEdit,
  type EditedTranscript,
  type EditOp,
} from '../../../../shared/domain/edits';
import { SPEAKER_NAME_MAX } from '../../../../shared/domain/no-edits';
import type { Block } from '../../../../shared/format/speakers';
import type { Result } from '../../../../shared/ipc/contract';
import { ErrorBox } from '../../ui/error-box';
import { formatMs } from '../../ui/format';
import { Icon } from '../../ui/icons';
import { useActionError } from '../../ui/use-action-error';
import { piecesOf, type Piece, type TextMatches } from './find';
import { InlineField } from './InlineField';
import { sameSpeakerName } from './speaker-name';
import { nextShown, type ShownWord } from './shown';
import { typingIn } from './player-keys';
import type { Playback } from './use-playback';
import { usePlayingMark } from './use-playing-mark';
import { keepWord, WordEditor, type Editing } from './WordEditor';
import type { Word } from './words';

/** Where each block's tokens start in its utterance. */
function offsetsOf(blocks: readonly Block[]): number[] {
  const offsets: number[] = [];
  blocks.forEach((b, i) => {
    const previous = blocks[i - 1];
    offsets.push(
      previous?.utterance === b.utterance ? offsets[i - 1]! + previous.tokens.length : 0,
    );
  });
  return offsets;
}

/** What a block's row asks of the list: stable, so a row renders only when its own props change. */
interface RowActions {
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

export function UtteranceList({
  blocks,
  shown,
  words,
  transcript,
  playback,
  matches,
  currentMatch,
  speakerName,
  edit,
}: {
  blocks: readonly Block[];
  /** The same blocks as shown (./shown: fillers without marks or hidden, tokens in place). */
  shown?: readonly Block[];
  /** The transcript's words as shown (./shown), to correct one in place. */
  words: readonly ShownWord[];
  /** The transcript the blocks are of (edits applied). */
  transcript: EditedTranscript;
  playback: Playback;
  matches: TextMatches;
  /** The match find is on, or -1. */
  currentMatch: number;
  speakerName: (label: string) => string;
  /** Makes a correction; none while the original is shown. */
  edit: ((op: EditOp) => Promise<Result<void>>) | undefined;
}) {
  const list = useRef<HTMLOListElement>(null);
  const { error, run } = useActionError();
  const [editing, setEditing] = useState<{ kind: 'text' | 'speaker'; block: number }>();
  /** The word being corrected in place (its index among the words), if any. */
  const [editingWord, setEditingWord] = useState<number>();
  /** Each block's words, by their place in the utterance. */
  const blockWords = useMemo(() => {
    const byBlock = blocks.map(() => new Map<number, ShownWord>());
    for (const word of words) byBlock[word.block]?.set(word.position, word);
    return byBlock;
  }, [blocks, words]);
  const indexAt = useMemo(() => {
    const spans = blocks.map((b) => [b.starttime ?? -1, b.endtime ?? -1] as const);
    return (ms: number) => spans.findIndex(([start, end]) => start <= ms && ms <= end);
  }, [blocks]);
  const offsets = useMemo(() => offsetsOf(blocks), [blocks]);
  const elementAt = useCallback((index: number) => list.current?.children[index], []);
  usePlayingMark(list, playback.onTime, indexAt, elementAt, { reveal: false });
  /** After an edit ends, focus goes back to the control that opened it. */
  const back = useRef<string>(undefined);
  useEffect(() => {
    if (editing || editingWord !== undefined || !back.current) return;
    list.current?.querySelector<HTMLElement>(back.current)?.focus();
    back.current = undefined;
  }, [editing, editingWord]);

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
  // F2: the word the text selection is in (a double-click selects one), else the first word of
  // the passage that has the focus. Heard on the whole viewer: a click on the text leaves the
  // focus on it (TranscriptView), not in the list.
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
  }, [wordActions]);
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

  return (
    <>
      <ErrorBox error={error} />
      <ol ref={list} className="utterances" data-testid="utterances">
        {blocks.map((b, i) => {
          const first = matches.first[i] ?? 0;
          const count = matches.ranges[i]?.length ?? 0;
          return (
            <Utterance
              key={i}
              index={i}
              block={b}
              shown={shown?.[i] ?? b}
              turn={b.label !== undefined && b.label !== blocks[i - 1]?.label}
              matches={matches.ranges[i] ?? []}
              // Only a block with matches numbers them: the others stay as they were while typing.
              firstMatch={count > 0 ? first : 0}
              currentMatch={
                currentMatch >= first && currentMatch < first + count ? currentMatch : -1
              }
              editable={editable}
              editing={editing?.block === i ? editing.kind : undefined}
              words={blockWords[i]}
              offset={offsets[i]!}
              editingWord={
                editingWord !== undefined && words[editingWord]?.block === i ? editingWord : -1
              }
              wordActions={wordActions}
              speakerName={speakerName}
              actions={actions}
            />
          );
        })}
      </ol>
    </>
  );
}

const Utterance = memo(function Utterance({
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
          editing === 'speaker' ? (
            <InlineField
              initial={speakerName(b.label)}
              label={t('viewer.speakerNameLabel', { name: speakerName(b.label) })}
              multiline={false}
              maxLength={SPEAKER_NAME_MAX}
              testId="speaker-editor"
              onKeep={(name) => actions.keepName(i, name)}
              onCancel={() => actions.close(`[data-speaker-block="${i}"]`)}
            />
          ) : editable ? (
            <p className="speaker" data-testid="speaker">
              <button
                type="button"
                className="speaker-name"
                data-speaker-block={i}
                aria-label={t('viewer.renameSpeaker', { name: speakerName(b.label) })}
                onClick={() => actions.editSpeaker(i)}
              >
                {speakerName(b.label)}
              </button>
            </p>
          ) : (
            <p className="speaker" data-testid="speaker">
              {speakerName(b.label)}
            </p>
          )
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
          // Words are reached by keyboard in the word view; here a click is a shortcut.
          <p
            className={edited ? 'utterance-text is-edited' : 'utterance-text'}
            onClick={(e) => {
              // A drag that selected text is reading, not seeking.
              if (!(window.getSelection()?.isCollapsed ?? true)) return;
              const word = (e.target as HTMLElement).closest<HTMLElement>('[data-ms]');
              if (word) actions.seek(Number(word.dataset.ms));
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
                first.piece.token === undefined
                  ? undefined
                  : words?.get(offset + first.piece.token);
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
