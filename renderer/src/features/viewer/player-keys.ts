/**
 * The viewer's player keys. Those that work anywhere, even while typing in a field (finding,
 * correcting a word), are keys that cannot type text, as transcription apps have it: Ctrl+Space
 * or F9 plays and pauses (F9 where the system takes Ctrl+Space to switch input sources), F7 / F8
 * skip 5 s back and forward (F2 stays the word editor's; F5 reloads a browser), Ctrl+[ / Ctrl+]
 * step the speed. Outside fields, Space plays and pauses and ? lists every shortcut.
 */
export type PlayerAction = 'toggle' | 'back' | 'forward' | 'slower' | 'faster' | 'shortcuts';

/** How far the skip buttons and keys move. */
export const SKIP_MS = 5_000;

interface Keys {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly altKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
}

const FUNCTION_KEYS: Readonly<Record<string, PlayerAction>> = {
  F7: 'back',
  F8: 'forward',
  F9: 'toggle',
};
const CTRL_KEYS: Readonly<Record<string, PlayerAction>> = {
  ' ': 'toggle',
  '[': 'slower',
  ']': 'faster',
};

/** Whether a key goes to a field that takes text (so a bare Space or ? must not be taken). */
export function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    // The player's own Space plays and pauses by itself.
    isPlayer(target)
  );
}

/** Whether an element is the player itself (<audio>, or <video> for a video's picture). */
export const isPlayer = (target: HTMLElement): boolean =>
  target.tagName === 'AUDIO' || target.tagName === 'VIDEO';

/** What a key press asks of the player, if anything. */
export function playerAction(e: Keys, typing: boolean): PlayerAction | undefined {
  const bare = !e.ctrlKey && !e.altKey && !e.metaKey;
  if (bare && !e.shiftKey && e.key in FUNCTION_KEYS) return FUNCTION_KEYS[e.key];
  if (e.ctrlKey && !e.altKey && !e.metaKey && !e.shiftKey && e.key in CTRL_KEYS)
    return CTRL_KEYS[e.key];
  if (typing || !bare) return undefined;
  if (e.key === ' ' && !e.shiftKey) return 'toggle';
  if (e.key === '?') return 'shortcuts';
  return undefined;
}

/** The next speed up or down the steps, staying at the ends. */
export function stepRate<R extends number>(rates: readonly R[], rate: R, by: 1 | -1): R {
  const at = rates.indexOf(rate);
  return rates[
    Math.max(0, Math.min(rates.length - 1, (at < 0 ? rates.indexOf(1 as R) : at) + by))
  ]!;
}
