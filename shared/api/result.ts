/**
 * The one outcome type, wherever a failure is an answer rather than an exception: the value, or
 * an error saying why not. It has the IPC's shape, so a handler's answer crosses as it is.
 */
export type Result<T, E> = { ok: true; data: T } | { ok: false; error: E };

export const success = <T>(data: T): { ok: true; data: T } => ({ ok: true, data });
export const failure = <E>(error: E): { ok: false; error: E } => ({ ok: false, error });

/**
 * A parse of wire text. Its error is the API's own message, in English as the API answers it:
 * the service sends it as is, and the app keeps it as an AppError's detail.
 */
export type Parsed<T> = Result<T, string>;

export const parsed = <T>(value: T): Parsed<T> => success(value);
export const rejected = <T = never>(message: string): Parsed<T> => failure(message);
