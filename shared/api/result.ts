/** A parse outcome that carries a message a person can act on instead of throwing. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

export const parsed = <T>(value: T): Parsed<T> => ({ ok: true, value });
export const rejected = <T = never>(message: string): Parsed<T> => ({ ok: false, message });
