/**
 * Follows a value stream (store/value-stream.ts) outside React's rendering: `write` gets its
 * value now, before the first paint, and each new one as it comes, to put straight into the DOM.
 * `write` should be stable (a module function, or one made with useCallback).
 */
import { useLayoutEffect } from 'react';
import type { ValueStream } from '../../store/value-stream';

export function useValueStream<T>(stream: ValueStream<T>, write: (value: T) => void): void {
  useLayoutEffect(() => {
    write(stream.now());
    return stream.subscribe(write);
  }, [stream, write]);
}
