/**
 * Live's words as they come: finalized utterances with their start times (and, with speaker
 * labels, each final's speaker, a button that renames that speaker everywhere, as in the viewer),
 * the utterance being spoken as interim text (marked not final) replaced in place by its final
 * result. The list follows the newest words until the person scrolls up, then offers "Jump to
 * live". Screen readers hear each finalized utterance once (a polite live region), never the
 * interim updates.
 */
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SPEAKER_NAME_MAX } from '../../../../shared/domain/no-edits';
import type { LiveUtterance } from '../../../../shared/ipc/live';
import type { LiveInterim as LiveInterimValue } from '../../store/live-slice';
import { useApp } from '../../store/store';
import { ErrorBox } from '../../ui/error-box';
import { formatClock } from '../../ui/format';
import { useActionError } from '../../ui/use-action-error';
import { InlineField } from '../viewer/InlineField';
import { sameSpeakerName, useSpeakerName } from '../viewer/speaker-name';
import { useStreamText } from './use-value-stream';

const interimTime = (interim: LiveInterimValue | undefined) =>
  interim?.startMs === undefined ? '' : formatClock(interim.startMs / 1000);
const interimText = (interim: LiveInterimValue | undefined) => interim?.text ?? '';

/** The finalized utterances: drawn again only when one is added or a speaker named, not with the interim text. */
const LiveFinals = memo(function LiveFinals({ finals }: { finals: readonly LiveUtterance[] }) {
  const speakerName = useSpeakerName(useApp((s) => s.live.speakerNames));
  return finals.map((u) => {
    // With speaker labels (cloud, "Label who speaks"): the speaker of the utterance's first word.
    const label = u.tokens.find((token) => token.label !== undefined)?.label;
    return (
      <li key={u.index} className="live-utterance" data-testid="live-final">
        <span className="live-time">{formatClock(u.startMs / 1000)}</span>
        <span className="live-text">
          {label === undefined ? null : <LiveSpeaker label={label} name={speakerName(label)} />}
          {u.text}
        </span>
      </li>
    );
  });
});

/**
 * A final's speaker: a button that opens the name in place (Enter keeps it for every final of
 * that speaker, and the job; Escape cancels), focus going back to it after.
 */
function LiveSpeaker({ label, name }: { label: string; name: string }) {
  const { t } = useTranslation();
  const given = useApp((s) => s.live.speakerNames[label] ?? '');
  const nameSpeaker = useApp((s) => s.liveNameSpeaker);
  const [editing, setEditing] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  const action = useActionError();
  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    button.current?.focus();
  }, [editing]);
  const close = () => {
    refocus.current = true;
    setEditing(false);
  };
  if (editing)
    return (
      <span className="live-speaker-edit">
        <InlineField
          initial={name}
          label={t('viewer.speakerNameLabel', { name })}
          multiline={false}
          maxLength={SPEAKER_NAME_MAX}
          testId="live-speaker-editor"
          onKeep={(typed) => {
            if (sameSpeakerName(typed, given, name)) return close();
            void action.run(nameSpeaker(label, typed)).then((ok) => ok && close());
          }}
          onCancel={() => {
            action.setError(undefined);
            close();
          }}
        />
        <ErrorBox error={action.error} />
      </span>
    );
  return (
    <button
      ref={button}
      type="button"
      className="speaker-name live-speaker"
      aria-label={t('viewer.renameSpeaker', { name })}
      onClick={() => setEditing(true)}
      data-testid="live-speaker"
      data-label={label}
    >
      {name}
    </button>
  );
}

/**
 * The words as they come: the finals, the interim text after them, following the newest until
 * the person scrolls up (then "Jump to live"). Its box contains its layout (live.css), and only
 * the interim line (LiveInterim) is drawn again with each interim result, a few times a second.
 *
 * Following costs no layout of its own: the box is scrolled to its end when its content's height
 * changes (a ResizeObserver, told after the browser's own layout, so reading where the end is lays
 * nothing out again), not with each interim result, most of which change no line.
 */
export function LiveTranscript({ busy }: { busy: boolean }) {
  const { t } = useTranslation();
  const finals = useApp((s) => s.live.finals);
  const speaking = useApp((s) => s.live.speaking);
  const scroller = useRef<HTMLDivElement>(null);
  const [following, setFollowing] = useState(true);
  const follow = useCallback(() => {
    const box = scroller.current;
    // Not while a speaker's name is typed in it: the field stays where it is.
    if (box && following && !box.querySelector('input:focus')) box.scrollTop = box.scrollHeight;
  }, [following]);
  const content = useRef<HTMLDivElement>(null);
  useLayoutEffect(follow, [follow]);
  useEffect(() => {
    const inner = content.current;
    if (!inner || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(follow);
    observer.observe(inner);
    return () => observer.disconnect();
  }, [follow]);
  const onScroll = () => {
    const box = scroller.current;
    if (!box) return;
    setFollowing(box.scrollHeight - box.scrollTop - box.clientHeight < 24);
  };
  return (
    <>
      <div
        className="live-transcript"
        ref={scroller}
        onScroll={onScroll}
        tabIndex={0}
        role="region"
        aria-label={t('live.transcript')}
        data-testid="live-transcript"
      >
        <div ref={content}>
          {finals.length === 0 && !speaking ? (
            <p className="muted live-empty">{busy ? t('live.waiting') : t('live.empty')}</p>
          ) : (
            <ol className="live-utterances">
              <LiveFinals finals={finals} />
              <LiveInterim />
            </ol>
          )}
        </div>
      </div>
      {!following ? (
        <button
          type="button"
          className="button small live-jump"
          onClick={() => setFollowing(true)}
          data-testid="live-jump"
        >
          {t('live.jump')}
        </button>
      ) : null}
    </>
  );
}

/**
 * The utterance being spoken, not final yet, while there is one: its time and words are written
 * as each interim result comes (a few times a second), without React.
 */
function LiveInterim() {
  const speaking = useApp((s) => s.live.speaking);
  return speaking ? <LiveInterimLine /> : null;
}

function LiveInterimLine() {
  const { t } = useTranslation();
  const stream = useApp((s) => s.liveInterim);
  const time = useStreamText(stream, interimTime);
  const text = useStreamText(stream, interimText);
  return (
    <li className="live-utterance interim" data-testid="live-interim">
      <span className="live-time" ref={time} />
      <span className="live-text">
        <span className="visually-hidden">{t('live.notFinal')} </span>
        <span ref={text} />
      </span>
    </li>
  );
}

/** What screen readers hear: each finalized utterance, once, after its speaker's name. */
export function LiveAnnounce() {
  const { t } = useTranslation();
  const last = useApp((s) => s.live.finals.at(-1));
  const speakerName = useSpeakerName(useApp((s) => s.live.speakerNames));
  const label = last?.tokens.find((token) => token.label !== undefined)?.label;
  const text = last?.text ?? '';
  return (
    <div className="visually-hidden" aria-live="polite" data-testid="live-announce">
      {label === undefined ? text : t('live.said', { name: speakerName(label), text })}
    </div>
  );
}
