/**
 * The warm pool's scheduling policy, as pure functions (worker-pool.ts applies them).
 *
 * Batch requests are CPU-bound: more of them at once than cores gains nothing, so at most `size`
 * run together. A live stream holds a decoder while a person speaks but uses a fraction of a core
 * (audio arrives at real-time pace), so streams may hold more decoders than there are cores: the
 * pool grows up to `maxDecoders` for them, keeps one warm spare while any stream is open (the next
 * speaker rarely waits for a model load). Only `warm` workers (one) stay loaded while nothing
 * runs: batch work beyond them starts workers as it needs them, up to `size`, and idle workers
 * beyond `warm` retire after a while.
 * Waiters are served in arrival order; a batch request held back only by the batch limit lets
 * later stream opens pass (they do not compete for that limit), and nothing passes a waiter that
 * lacks a decoder, so neither kind starves the other.
 */

export type WaiterKind = 'batch' | 'stream';

export interface PoolState {
  /** Waiters in arrival order. */
  readonly queue: readonly WaiterKind[];
  /** Workers with the model loaded and nothing to do. */
  readonly idle: number;
  /** Workers still loading the model. */
  readonly loading: number;
  /** Every live worker: idle, busy and loading. */
  readonly total: number;
  readonly batchRunning: number;
  readonly streamsOpen: number;
  /** Batch concurrency (one per core). */
  readonly size: number;
  /** Workers kept loaded at all times (at most `size`). */
  readonly warm: number;
  readonly maxDecoders: number;
}

export interface Plan {
  /** Queue positions to hand an idle worker now, in order. */
  readonly serve: readonly number[];
  /** Workers to start. */
  readonly spawn: number;
}

export function planDispatch(state: PoolState): Plan {
  const base = Math.max(0, state.warm - state.total);
  let room = state.maxDecoders - state.total - base;
  let idle = state.idle;
  let loading = state.loading + base;
  let batchSlots = state.size - state.batchRunning;
  let streams = state.streamsOpen;
  let spawn = base;
  const serve: number[] = [];
  for (const [position, kind] of state.queue.entries()) {
    if (kind === 'batch') {
      if (batchSlots <= 0) continue;
      batchSlots--;
    }
    if (idle > 0) {
      idle--;
      serve.push(position);
      if (kind === 'stream') streams++;
    } else if (loading > 0) {
      loading--; // a worker on its way serves this one when its model is loaded
    } else if (room > 0) {
      room--;
      spawn++;
    } else {
      break; // no decoder for this waiter: those behind it wait too
    }
  }
  if (streams > 0 && idle + loading === 0 && room > 0) spawn++;
  return { serve, spawn };
}

export interface RetireState {
  /** When each idle worker became idle (ms), in any order. */
  readonly idleSince: readonly number[];
  readonly now: number;
  readonly total: number;
  /** Workers kept loaded at all times. */
  readonly warm: number;
  readonly streamsOpen: number;
  readonly idleMs: number;
}

/** How many of the longest-idle workers to stop: never below `warm`, nor the spare of open streams. */
export function workersToRetire(state: RetireState): number {
  const stale = state.idleSince.filter((since) => state.now - since >= state.idleMs).length;
  const spare = state.streamsOpen > 0 ? 1 : 0;
  return Math.max(0, Math.min(state.total - state.warm, stale, state.idleSince.length - spare));
}
