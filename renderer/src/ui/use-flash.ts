/**
 * A flag that turns itself off again after `ms`: a "Copied" that stays says nothing about the
 * next copy. The timer goes with the component.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export const FLASH_MS = 2000;

export function useFlash(ms = FLASH_MS): [on: boolean, flash: () => void] {
  const [on, setOn] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const flash = useCallback(() => {
    clearTimeout(timer.current);
    setOn(true);
    timer.current = setTimeout(() => setOn(false), ms);
  }, [ms]);
  return [on, flash];
}
