/**
 * A correction typed in place (the viewer's text and speakers' names, Live's speakers' names),
 * with Keep and Cancel beside it.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './inline-field.css';

/**
 * A text field that keeps on Enter and cancels on Escape, focused when it opens. The keys it
 * takes are claimed with preventDefault; the player's keys that cannot type text (Ctrl+Space,
 * F7–F9, Ctrl+[ and Ctrl+]) go on up to the viewer and work here too.
 */
export function InlineField({
  initial,
  label,
  multiline,
  maxLength,
  onKeep,
  onCancel,
  onPlay,
  testId,
}: {
  initial: string;
  label: string;
  multiline: boolean;
  /** The most characters it takes (a speaker's name: SPEAKER_NAME_MAX). */
  maxLength?: number;
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
    ...(maxLength !== undefined && { maxLength }),
    'data-testid': testId,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setText(e.target.value),
    onKeyDown: (e: React.KeyboardEvent) => {
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
