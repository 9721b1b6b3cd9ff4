/**
 * Marks the element playing now with `is-current`, one at a time, as the player's time moves:
 * by class, so the transcript does not re-render every frame. It follows the player's stable
 * onTime (the player object itself is new at each play and pause), and a new subscription first
 * clears a mark left from the one before, so there is never more than one.
 */
import { useEffect, type RefObject } from 'react';
import type { Playback } from './use-playback';

export function usePlayingMark(
  list: RefObject<HTMLElement | null>,
  onTime: Playback['onTime'],
  /** The index playing at `ms`, or -1; stable while the list's items are. */
  indexAt: (ms: number) => number,
  /** The element of an index. */
  elementAt: (index: number) => Element | null | undefined,
  {
    reveal,
  }: {
    /** Scroll the marked element into view. */
    readonly reveal: boolean;
  },
): void {
  useEffect(() => {
    let current = -1;
    for (const stale of list.current?.querySelectorAll('.is-current') ?? [])
      stale.classList.remove('is-current');
    return onTime((ms) => {
      const next = indexAt(ms);
      if (next === current) return;
      if (current >= 0) elementAt(current)?.classList.remove('is-current');
      const element = next >= 0 ? elementAt(next) : undefined;
      element?.classList.add('is-current');
      if (reveal) element?.scrollIntoView({ block: 'nearest' });
      current = next;
    });
  }, [list, onTime, indexAt, elementAt, reveal]);
}
