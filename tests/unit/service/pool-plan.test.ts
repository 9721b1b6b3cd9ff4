import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  planDispatch,
  type PoolState,
  type WaiterKind,
  workersToRetire,
} from '../../../service/engine/pocketsphinx/pool-plan';

const state = (over: Partial<PoolState>): PoolState => ({
  queue: [],
  idle: 0,
  loading: 0,
  total: 2,
  batchRunning: 0,
  streamsOpen: 0,
  size: 2,
  warm: 2,
  maxDecoders: 16,
  ...over,
});

describe('the pool scheduling policy', () => {
  it('runs at most `size` batch requests, and lets streams pass one held only by that limit', () => {
    const plan = planDispatch(
      state({ queue: ['batch', 'batch', 'stream'], idle: 2, total: 4, batchRunning: 1 }),
    );
    expect(plan.serve).toEqual([0, 2]);
    // The stream took the last idle worker: one warm spare is started for the next speaker.
    expect(plan.spawn).toBe(1);
  });

  it('grows for streams up to maxDecoders, and no further', () => {
    const queue: WaiterKind[] = Array.from({ length: 8 }, () => 'stream');
    expect(planDispatch(state({ queue, idle: 2 }))).toEqual({ serve: [0, 1], spawn: 7 });
    expect(planDispatch(state({ queue, idle: 2, maxDecoders: 4 }))).toEqual({
      serve: [0, 1],
      spawn: 2,
    });
  });

  it('serves in arrival order: nothing passes a waiter that lacks a decoder', () => {
    const plan = planDispatch(
      state({ queue: ['stream', 'batch', 'stream'], total: 2, maxDecoders: 2, streamsOpen: 2 }),
    );
    expect(plan).toEqual({ serve: [], spawn: 0 });
    // A worker still loading is promised to the first waiter, not to a later one.
    expect(
      planDispatch(state({ queue: ['batch', 'stream'], idle: 1, loading: 1, total: 3 })),
    ).toEqual({
      serve: [0],
      spawn: 0,
    });
  });

  it('keeps `warm` workers loaded after deaths', () => {
    expect(planDispatch(state({ total: 0 })).spawn).toBe(2);
    expect(planDispatch(state({ total: 0, warm: 1 })).spawn).toBe(1);
  });

  it('starts workers for batch requests beyond the warm one, up to `size` at once', () => {
    const one = { warm: 1, size: 2, total: 1 };
    // Two files at once on the one warm worker: the first takes it, a second worker starts.
    expect(planDispatch(state({ ...one, queue: ['batch', 'batch'], idle: 1 }))).toEqual({
      serve: [0],
      spawn: 1,
    });
    // Both batch slots taken (one running, one worker loading for the next): nothing more starts.
    expect(
      planDispatch(
        state({ ...one, queue: ['batch', 'batch'], total: 2, loading: 1, batchRunning: 1 }),
      ),
    ).toEqual({ serve: [], spawn: 0 });
    // Nothing waiting: nothing starts beyond the warm one.
    expect(planDispatch(state({ ...one, idle: 1 }))).toEqual({ serve: [], spawn: 0 });
  });

  it('never serves more than idle workers, overruns batch or decoder limits, or skips a servable head', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom<WaiterKind>('batch', 'stream'), { maxLength: 20 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 20 }),
        fc.nat(20),
        fc.nat(20),
        fc.nat(20),
        (queue, size, extra, idleSeed, loadingSeed, batchSeed) => {
          const maxDecoders = size + extra;
          const total = Math.min(maxDecoders, size + (idleSeed % (extra + 1)));
          const idle = idleSeed % (total + 1);
          const loading = loadingSeed % (total - idle + 1);
          const batchRunning = Math.min(size, batchSeed % (total - idle - loading + 1));
          const warm = 1 + (extra % size);
          const s = state({ queue, idle, loading, total, batchRunning, size, warm, maxDecoders });
          const plan = planDispatch(s);
          expect(plan.serve.length).toBeLessThanOrEqual(idle);
          expect(total + plan.spawn).toBeLessThanOrEqual(maxDecoders);
          const batches = plan.serve.filter((i) => queue[i] === 'batch').length;
          expect(batchRunning + batches).toBeLessThanOrEqual(size);
          // The head is served whenever an idle worker and (for batch) a batch slot allow it.
          if (queue.length > 0 && idle > 0 && (queue[0] === 'stream' || batchRunning < size))
            expect(plan.serve[0]).toBe(0);
        },
      ),
      { seed: 20261124 },
    );
  });

  it('retires only stale idle workers beyond `warm`, keeping a spare while streams are open', () => {
    expect(
      workersToRetire({
        now: 100_000,
        idleMs: 60_000,
        warm: 1,
        idleSince: [0, 0],
        total: 2,
        streamsOpen: 0,
      }),
    ).toBe(1);
    const base = { now: 100_000, warm: 2, idleMs: 60_000 };
    expect(workersToRetire({ ...base, idleSince: [0, 0, 0], total: 5, streamsOpen: 0 })).toBe(3);
    expect(workersToRetire({ ...base, idleSince: [0, 0, 0], total: 4, streamsOpen: 0 })).toBe(2);
    expect(workersToRetire({ ...base, idleSince: [0, 0, 0], total: 9, streamsOpen: 6 })).toBe(2);
    expect(workersToRetire({ ...base, idleSince: [0, 90_000], total: 4, streamsOpen: 0 })).toBe(1);
    expect(workersToRetire({ ...base, idleSince: [0], total: 2, streamsOpen: 0 })).toBe(0);
  });
});
