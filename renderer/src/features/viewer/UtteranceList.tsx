/**
 * The text by utterance, each with its time (a button that seeks there) and find highlights.
 * With speaker labels each speaker's part is its own block, and a change of speaker is named.
 *
 * Correcting (issue #18): each block's text can be edited as a whole (words left as they were
 * keep their times, shared/domain/edits.ts `utteranceEdit`), and a speaker renamed once for the
 * whole transcript.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  renameSpeaker,
  utteranceEdit,
  type EditedTranscript,
  type EditOp,
} from '../../../../shared/domain/edits';
import type { Block } from '../../../../shared/format/speakers';
import type { Result } from '../../../../shared/ipc/contract';
import { ErrorBox } from '../../ui/error-box';
import { formatMs } from '../../ui/format';
import { Icon } from '../../ui/icons';
import { useActionError } from '../../ui/use-action-error';
import type { Playback } from './use-playback';
import { usePlayingMark } from './use-playing-mark';
import { matchesIn } from './words';

function Highlighted({ text, query }: { text: string; query: string }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [start, end] of matchesIn(text, query)) {
    parts.push(text.slice(at, start), <mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}

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

/** A text field that keeps on Enter and cancels on Escape, focused when it opens. */
function InlineField({
  initial,
  label,
  multiline,
  onKeep,
  onCancel,
  onPlay,
  testId,
}: {
  initial: string;
  label: string;
  multiline: boolean;
  onKeep: (text: string) => void;
  onCancel: () => void;
  /** Ctrl+Enter (a key that cannot type text): plays what is being corrected. */
  onPlay?: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);
  const props = {
    ref: field,
    value: text,
    'aria-label': label,
    'data-testid': testId,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setText(e.target.value),
    onKeyDown: (e: React.KeyboardEvent) => {
      e.stopPropagation();
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        onPlay?.();
      } else if (e.key === 'Enter' && !e.shiftKey) {
        e.preventDefault();
        onKeep(text);
      } else if (e.key === 'Escape') {
        e.preventDefault();
        onCancel();
      }
    },
  };
  return (
    <span className="inline-edit">
      {multiline ? (
        <textarea className="utterance-editor" rows={2} {...props} />
      ) : (
        <input className="speaker-editor" {...props} />
      )}
      <span className="inline-edit-actions">
        <button type="button" className="button small primary" onClick={() => onKeep(text)}>
          {t('viewer.keep')}
        </button>
        <button type="button" className="button small" onClick={onCancel}>
          {t('viewer.cancel')}
        </button>
      </span>
    </span>
  );
}

export function UtteranceList({
  blocks,
  transcript,
  playback,
  query,
  speakerName,
  edit,
}: {
  blocks: readonly Block[];
  /** The transcript the blocks are of (edits applied). */
  transcript: EditedTranscript;
  playback: Playback;
  query: string;
  speakerName: (label: string) => string;
  /** Makes a correction; none while the original is shown. */
  edit: ((op: EditOp) => Promise<Result<void>>) | undefined;
}) {
  const { t } = useTranslation();
  const list = useRef<HTMLOListElement>(null);
  const { error, run } = useActionError();
  const [editing, setEditing] = useState<{ kind: 'text' | 'speaker'; block: number }>();
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
    if (editing || !back.current) return;
    list.current?.querySelector<HTMLElement>(back.current)?.focus();
    back.current = undefined;
  }, [editing]);
  const close = (selector: string) => {
    back.current = selector;
    setEditing(undefined);
  };

  const keepText = (b: Block, i: number, text: string) => {
    const utterance = transcript.utterances[b.utterance]!;
    const op = utteranceEdit(b.utterance, utterance, text, [
      offsets[i]!,
      offsets[i]! + b.tokens.length,
    ]);
    if (!op || !edit) {
      close(`[data-edit-block="${i}"]`);
      return;
    }
    void run(edit(op)).then((ok) => ok && close(`[data-edit-block="${i}"]`));
  };
  const keepName = (label: string, i: number, name: string) => {
    const current = transcript.speakerNames?.[label] ?? '';
    const same = name.trim() === current || (current === '' && name.trim() === speakerName(label));
    if (same || !edit) {
      close(`[data-speaker-block="${i}"]`);
      return;
    }
    void run(edit(renameSpeaker(label, name))).then(
      (ok) => ok && close(`[data-speaker-block="${i}"]`),
    );
  };

  return (
    <>
      <ErrorBox error={error} />
      <ol ref={list} className="utterances" data-testid="utterances">
        {blocks.map((b, i) => {
          const turn = b.label !== undefined && b.label !== blocks[i - 1]?.label;
          const time = formatMs(b.starttime ?? 0);
          const editingText = editing?.kind === 'text' && editing.block === i;
          const editingSpeaker = editing?.kind === 'speaker' && editing.block === i;
          const edited = b.tokens.some((token) => 'edited' in token && token.edited);
          return (
            <li key={i} className={turn && i > 0 ? 'utterance speaker-turn' : 'utterance'}>
              <button
                type="button"
                className="time"
                onClick={() => playback.seek(b.starttime ?? 0)}
                disabled={b.starttime === undefined}
              >
                {time}
              </button>
              <div>
                {turn && b.label !== undefined ? (
                  editingSpeaker ? (
                    <InlineField
                      initial={speakerName(b.label)}
                      label={t('viewer.speakerNameLabel', { name: speakerName(b.label) })}
                      multiline={false}
                      testId="speaker-editor"
                      onKeep={(name) => keepName(b.label!, i, name)}
                      onCancel={() => close(`[data-speaker-block="${i}"]`)}
                    />
                  ) : edit ? (
                    <p className="speaker" data-testid="speaker">
                      <button
                        type="button"
                        className="speaker-name"
                        data-speaker-block={i}
                        aria-label={t('viewer.renameSpeaker', { name: speakerName(b.label) })}
                        onClick={() => setEditing({ kind: 'speaker', block: i })}
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
                {editingText ? (
                  <>
                    <InlineField
                      initial={b.text}
                      label={t('viewer.textLabel', { time })}
                      multiline
                      testId="utterance-editor"
                      onPlay={() => {
                        playback.seek(b.starttime ?? 0);
                        if (!playback.playing) playback.toggle();
                      }}
                      onKeep={(text) => keepText(b, i, text)}
                      onCancel={() => close(`[data-edit-block="${i}"]`)}
                    />
                    <p className="muted hint">{t('viewer.textHint')}</p>
                  </>
                ) : (
                  <p className={edited ? 'utterance-text is-edited' : 'utterance-text'}>
                    <Highlighted text={b.text} query={query} />
                  </p>
                )}
              </div>
              {edit && !editingText ? (
                <button
                  type="button"
                  className="button small ghost edit-text"
                  data-edit-block={i}
                  aria-label={t('viewer.editText', { time })}
                  title={t('viewer.editText', { time })}
                  onClick={() => setEditing({ kind: 'text', block: i })}
                >
                  <Icon name="pencil" />
                </button>
              ) : null}
            </li>
          );
        })}
      </ol>
    </>
  );
}
