/**
 * The viewer's keys, anywhere inside it: undo and redo of corrections outside a text field, and
 * the player's (./player-keys), some of them even in a text field.
 */
import type React from 'react';
import { PLAYBACK_RATES } from '../../store/prefs-slice';
import { useApp } from '../../store/store';
import { isPlayer, playerAction, SKIP_MS, stepRate, typingIn } from './player-keys';
import type { EditCommands } from './use-edit-commands';
import type { Playback } from './use-playback';

export function useViewerKeys(
  commands: Pick<EditCommands, 'editable' | 'undo' | 'redo'>,
  playback: Playback,
  openShortcuts: () => void,
) {
  const rate = useApp((s) => s.playbackRate);
  const setRate = useApp((s) => s.setPlaybackRate);
  const onKeyDown = (e: React.KeyboardEvent) => {
    // A key a field below claimed (the word editor's Enter, Escape, Tab) is its own.
    if (e.defaultPrevented) return;
    const typing = typingIn(e.target);
    // Undo and redo outside text fields (a field undoes its own typing); the player's own
    // Ctrl+Z is nothing, so there it undoes the last correction.
    const inField = typing && !isPlayer(e.target as HTMLElement);
    const key = e.key.toLowerCase();
    if (!inField && commands.editable && (e.ctrlKey || e.metaKey) && (key === 'z' || key === 'y')) {
      e.preventDefault();
      if (key === 'y' || e.shiftKey) commands.redo();
      else commands.undo();
      return;
    }
    const action = playerAction(e, typing);
    if (!action) return;
    e.preventDefault();
    if (action === 'toggle') playback.toggle();
    else if (action === 'back') playback.skip(-SKIP_MS);
    else if (action === 'forward') playback.skip(SKIP_MS);
    else if (action === 'slower') setRate(stepRate(PLAYBACK_RATES, rate, -1));
    else if (action === 'faster') setRate(stepRate(PLAYBACK_RATES, rate, 1));
    else openShortcuts();
  };
  const onKeyUp = (e: React.KeyboardEvent) => {
    // A button would take the released Space as a click (and seek): Space only plays here.
    if (e.key === ' ' && (e.target as HTMLElement).tagName === 'BUTTON') e.preventDefault();
  };
  return { onKeyDown, onKeyUp };
}
