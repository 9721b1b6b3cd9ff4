/**
 * Follows a value stream (store/value-stream.ts) outside React's rendering: `write` gets its
 * value now, before the first paint, and each new one as it comes, to put straight into the DOM.
 * `write` should be stable (a module function, or one made with useCallback).
 */
import { useCallback, useLayoutEffect, useRef, type RefObject } from 'react';
import type { ValueStream } from '../../store/value-stream';

export function useValueStream<T>(stream: ValueStream<T>, write: (value: T) => void): void {
  useLayoutEffect(() => {
    write(stream.now());
    return stream.subscribe(write);
  }, [stream, write]);
}

/**
 * A stream's value as the text of an element, written here as it changes, not drawn by React: a
 * change wakes nothing else in the window (store/value-stream.ts).
 */
export function useStreamText<T>(
  stream: ValueStream<T>,
  textOf: (value: T) => string,
): RefObject<HTMLSpanElement | null> {
  const element = useRef<HTMLSpanElement>(null);
  const show = useCallback(
    (value: T) => {
      const text = textOf(value);
      if (element.current && element.current.textContent !== text)
        element.current.textContent = text;
    },
    [textOf],
  );
  useValueStream(stream, show);
  return element;
}
