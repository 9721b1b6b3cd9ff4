/**
 * Every keyboard shortcut of the viewer, in one dialog (opened with ? or its button): the
 * player's (./player-keys), find's, the word list's and the word editor's.
 */
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../i18n';
import { DialogActions } from '../../ui/dialog-actions';
import { Modal } from '../../ui/modal';

type KeyName = 'space' | 'ctrl' | 'shift' | 'enter' | 'escape' | 'tab' | 'home' | 'end';
/** A key: a name to translate, or one written the same in every language. */
type Key = { readonly name: KeyName } | string;
/** One way to press it: keys held together. */
type Chord = readonly Key[];

interface Shortcut {
  /** Alternatives ("Ctrl+Space or F9"). */
  readonly chords: readonly Chord[];
  readonly does: MessageKey;
  /** Works while typing in a field. */
  readonly anywhere?: boolean;
}

const CTRL = { name: 'ctrl' } as const;
const SHIFT = { name: 'shift' } as const;
const SPACE = { name: 'space' } as const;
const ENTER = { name: 'enter' } as const;

const GROUPS: ReadonlyArray<{ readonly title: MessageKey; readonly keys: readonly Shortcut[] }> = [
  {
    title: 'shortcuts.groups.player',
    keys: [
      { chords: [[SPACE]], does: 'shortcuts.playPause' },
      { chords: [[CTRL, SPACE], ['F9']], does: 'shortcuts.playPauseAnywhere', anywhere: true },
      { chords: [['F7']], does: 'shortcuts.back', anywhere: true },
      { chords: [['F8']], does: 'shortcuts.forward', anywhere: true },
      { chords: [[CTRL, '[']], does: 'shortcuts.slower', anywhere: true },
      { chords: [[CTRL, ']']], does: 'shortcuts.faster', anywhere: true },
    ],
  },
  {
    title: 'shortcuts.groups.find',
    keys: [
      { chords: [[ENTER]], does: 'shortcuts.next' },
      { chords: [[SHIFT, ENTER]], does: 'shortcuts.previous' },
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
    title: 'shortcuts.groups.editing',
    keys: [
      { chords: [['F2']], does: 'shortcuts.edit' },
      { chords: [[ENTER]], does: 'shortcuts.keep' },
      { chords: [[{ name: 'escape' }]], does: 'shortcuts.cancelEdit' },
      { chords: [[{ name: 'tab' }]], does: 'shortcuts.keepNext' },
      { chords: [[CTRL, 'Z']], does: 'shortcuts.undo' },
      { chords: [[CTRL, SHIFT, 'Z']], does: 'shortcuts.redo' },
    ],
  },
  {
    title: 'shortcuts.groups.help',
    keys: [{ chords: [['?']], does: 'shortcuts.show' }],
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
              {group.keys.map((shortcut) => (
                <div key={shortcut.does} className="shortcut">
                  <dt>
                    <Keys chords={shortcut.chords} />
                  </dt>
                  <dd>
                    {t(shortcut.does)}
                    {shortcut.anywhere ? (
                      <span className="chip chip-info shortcut-anywhere">
                        {t('shortcuts.anywhere')}
                      </span>
                    ) : null}
                  </dd>
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
