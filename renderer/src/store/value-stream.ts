/**
 * A value that changes often and is drawn in one place (the Live screen's clock and interim
 * text): kept apart from the store's state, so a change wakes only what subscribed to it, which
 * writes it straight into its own DOM text, and nothing else in the window is rendered again.
 */
export interface ValueStream<T> {
  now(): T;
  subscribe(listener: (value: T) => void): () => void;
}

export function valueStream<T>(initial: T): ValueStream<T> & { set(value: T): void } {
  let value = initial;
  const listeners = new Set<(value: T) => void>();
  return {
    now: () => value,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of listeners) listener(next);
    },
  };
}
