/**
 * Every keyboard shortcut of the viewer, in one dialog (opened with ? or its button): the
 * player's (./player-keys: those that work even while typing, and those outside fields), find's,
 * the word list's and the word editor's.
 */
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../i18n';
import { DialogActions } from '../../ui/dialog-actions';
import { Modal } from '../../ui/modal';
import './shortcuts.css';

type KeyName = 'space' | 'ctrl' | 'shift' | 'enter' | 'escape' | 'tab' | 'home' | 'end';
/** A key: a name to translate, or one written the same in every language. */
type Key = { readonly name: KeyName } | string;
/** One way to press it: keys held together. */
type Chord = readonly Key[];

interface Shortcut {
  /** Alternatives ("Ctrl+Space or F9"). */
  readonly chords: readonly Chord[];
  readonly does: MessageKey;
}

const CTRL = { name: 'ctrl' } as const;
const SHIFT = { name: 'shift' } as const;
const SPACE = { name: 'space' } as const;
const ENTER = { name: 'enter' } as const;

// Paired in two columns, the longest lists side by side.
const GROUPS: ReadonlyArray<{ readonly title: MessageKey; readonly keys: readonly Shortcut[] }> = [
  {
    title: 'shortcuts.groups.player',
    keys: [
      { chords: [[CTRL, SPACE], ['F9']], does: 'shortcuts.playPause' },
      { chords: [['F7']], does: 'shortcuts.back' },
      { chords: [['F8']], does: 'shortcuts.forward' },
      { chords: [[CTRL, '[']], does: 'shortcuts.slower' },
      { chords: [[CTRL, ']']], does: 'shortcuts.faster' },
    ],
  },
  {
    title: 'shortcuts.groups.editing',
    keys: [
      { chords: [['F2']], does: 'shortcuts.edit' },
      { chords: [[ENTER]], does: 'shortcuts.keep' },
      { chords: [[{ name: 'escape' }]], does: 'shortcuts.cancelEdit' },
      { chords: [[{ name: 'tab' }]], does: 'shortcuts.keepNext' },
      { chords: [[CTRL, ENTER]], does: 'shortcuts.playFromWord' },
      { chords: [[CTRL, 'Z']], does: 'shortcuts.undo' },
      // (Ctrl+Y redoes too; one chord keeps the column narrow.)
      { chords: [[CTRL, SHIFT, 'Z']], does: 'shortcuts.redo' },
    ],
  },
  {
    title: 'shortcuts.groups.outside',
    keys: [
      { chords: [[SPACE]], does: 'shortcuts.playPause' },
      { chords: [['?']], does: 'shortcuts.show' },
    ],
  },
  {
    title: 'shortcuts.groups.words',
    keys: [
      { chords: [['←'], ['→']], does: 'shortcuts.moveWord' },
      { chords: [[{ name: 'home' }], [{ name: 'end' }]], does: 'shortcuts.firstLast' },
      { chords: [[ENTER]], does: 'shortcuts.seekWord' },
    ],
  },
  {
    title: 'shortcuts.groups.find',
    keys: [
      { chords: [[ENTER]], does: 'shortcuts.next' },
      { chords: [[SHIFT, ENTER]], does: 'shortcuts.previous' },
    ],
  },
];

function Keys({ chords }: { chords: readonly Chord[] }) {
  const { t } = useTranslation();
  const parts: ReactNode[] = [];
  chords.forEach((chord, i) => {
    if (i > 0) parts.push(<span key={`or${i}`}> {t('shortcuts.or')} </span>);
    parts.push(
      <kbd key={i} className="chord">
        {chord.map((key, j) => (
          <Fragment key={j}>
            {j > 0 ? '+' : null}
            <kbd>{typeof key === 'string' ? key : t(`shortcuts.keys.${key.name}`)}</kbd>
          </Fragment>
        ))}
      </kbd>,
    );
  });
  return <>{parts}</>;
}

export function ShortcutsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('shortcuts.title')}
      description={t('shortcuts.intro')}
      wide
      testId="shortcuts"
    >
      <div className="shortcut-groups">
        {GROUPS.map((group) => (
          <section key={group.title} className="shortcut-group">
            <h3 className="shortcut-heading">{t(group.title)}</h3>
            <dl className="shortcut-list">
              {group.keys.map((shortcut, i) => (
                <div key={`${shortcut.does}${i}`} className="shortcut">
                  <dt>
                    <Keys chords={shortcut.chords} />
                  </dt>
                  <dd>{t(shortcut.does)}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
      <DialogActions cancel={t('shortcuts.close')} />
    </Modal>
  );
}
