/**
 * Every channel's handler, by domain: adding a channel is one entry in the contract
 * (shared/ipc/contract.ts) and one handler in its domain's file here; a channel without a
 * handler does not compile.
 */
import type { Channel } from '../../shared/ipc/contract';
import type { CoreParts } from '../parts';
import { callHandlers } from './calls';
import { connectionHandlers } from './connections';
import { dictionaryHandlers } from './dictionary';
import { exportHandlers } from './export';
import { jobHandlers } from './jobs';
import { keyHandlers } from './keys';
import { liveHandlers } from './live';
import { programHandlers } from './programs';
import { searchHandlers } from './search';
import { serviceHandlers } from './service';
import type { HandlerSet } from './types';
import { usageHandlers } from './usage';
import { watchHandlers } from './watch';

/** What the handlers are built from: the core's parts, each domain taking those it names. */
export type HandlerDeps = CoreParts;

export function handlersOf(deps: HandlerDeps): HandlerSet<Channel> {
  return {
    ...connectionHandlers(deps),
    ...keyHandlers(deps),
    ...jobHandlers(deps),
    ...searchHandlers(deps),
    ...dictionaryHandlers(deps),
    ...serviceHandlers(deps),
    ...exportHandlers(deps),
    ...liveHandlers(deps),
    ...watchHandlers(deps),
    ...usageHandlers(deps),
    ...callHandlers(deps),
    ...programHandlers(deps),
  };
}
