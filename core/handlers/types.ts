/**
 * What every handler is: a plain function of a channel's checked input and its caller that
 * answers the channel's Result (errors as data, in both languages: shared/domain/errors.ts).
 * Each domain's handlers are built from the dependencies they use, and only those.
 */
import type { z } from 'zod';
import type { AppError } from '../../shared/domain/errors';
import type { Channel, ChannelOutput, CHANNELS, Result } from '../../shared/ipc/contract';
import { toAppError } from '../errors';
import type { Caller } from '../caller';

export { PROGRAM, type Caller } from '../caller';

/** A channel's input as its schema gave it back (defaults applied). */
export type CheckedInput<C extends Channel> = z.output<(typeof CHANNELS)[C]['input']>;

export type Handler<C extends Channel> = (
  input: CheckedInput<C>,
  caller: Caller,
) => Promise<Result<ChannelOutput<C>>>;

/** The handlers of some channels: one domain's, or (all merged) the core's. */
export type HandlerSet<C extends Channel> = { readonly [K in C]: Handler<K> };

export const ok = <T>(data: T): Result<T> => ({ ok: true, data });
export const failed = (error: AppError): Result<never> => ({ ok: false, error });

/**
 * Runs work that reports failure by throwing an AppFailure (the stores, the runner, the API
 * client) and answers its Result.
 */
export async function attempt<T>(work: () => Promise<T>): Promise<Result<T>> {
  try {
    return ok(await work());
  } catch (error) {
    return failed(toAppError(error));
  }
}
