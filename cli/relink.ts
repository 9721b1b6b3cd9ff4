/**
 * The link of a command that runs on (`kikitori watch`, a long `transcribe`), across a change of
 * who holds the data folder while it runs:
 * - an app started on the folder asks the command holding it to let go (core/host/host-start.ts): the
 *   command stops its core (jobs under way are picked up by the app's, as after any restart) and
 *   carries on through the app's endpoint;
 * - an app the command goes through quits: the command opens the core here again (or goes
 *   through the next app, if one started meanwhile).
 * Calls made during a change wait for it. Events cannot cross it, so each job changed since the
 * change began is said again (`jobs:changed`) once the new link is up: a command following a job
 * sees it end however often the folder changed hands.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { CoreLink, LinkListener } from '../core/programs/program-link';
import type { Channel, ChannelInput, ChannelOutput, Result } from '../shared/ipc/contract';

/** One holder's link, and (for an app's) what settles when it goes away. */
export interface Held {
  readonly link: CoreLink;
  readonly lost?: Promise<void>;
}

export interface Takers {
  /** The app's link once its endpoint answers; undefined while it does not. */
  throughApp(): Promise<Held | undefined>;
  /** The core opened here; undefined while another live Kikitori holds the folder. */
  openHere(): Promise<Held | undefined>;
  /** Says who the command now works through. */
  said(where: CoreLink['where']): void;
}

/** How long a change of holder may take before the command gives up on it. */
const CHANGE_MS = 120_000;
/**
 * How long a command that let go waits for the app to serve before it takes the folder back: the
 * app waits 30 s for the lock (core/host/host-start.ts), then starts its endpoint.
 */
const APP_WAIT_MS = 60_000;
/** Jobs changed this long before a change began are said again too (clocks of one machine). */
const CATCH_UP_MARGIN_MS = 2_000;

export interface Relink extends CoreLink {
  /** The app asked the command to let go of the folder. */
  handOver(): void;
}

export function relinking(first: Held, takers: Takers): Relink {
  let current = first.link;
  let closed = false;
  let changing: Promise<void> | undefined;
  const listeners = new Set<LinkListener>();
  const forward: LinkListener = (event, payload) => {
    for (const listener of listeners) listener(event, payload);
  };
  let unsubscribe = current.subscribe(forward);

  /**
   * The next holder. After letting go for an app: that app, once its endpoint answers (it opens
   * the core when the lock is free, then serves), and only if it never does, the core here again.
   * After an app quit: the core here, or the next app if one took the folder meanwhile.
   */
  const next = async (appFirst: boolean): Promise<Held> => {
    const start = Date.now();
    for (;;) {
      const appOnly = appFirst && Date.now() - start < APP_WAIT_MS;
      const held = appOnly
        ? await takers.throughApp()
        : ((await takers.openHere()) ?? (await takers.throughApp()));
      if (held) return held;
      if (Date.now() - start > CHANGE_MS) throw new Error('no Kikitori took the data folder');
      await sleep(200);
    }
  };

  const change = (appFirst: boolean) => {
    if (closed || changing) return;
    const since = Date.now() - CATCH_UP_MARGIN_MS;
    const changed = (async () => {
      unsubscribe();
      await current.close();
      const held = await next(appFirst);
      current = held.link;
      unsubscribe = current.subscribe(forward);
      watchLost(held);
      takers.said(current.where);
      const listed = await current.invoke('jobs:list', {});
      if (listed.ok)
        for (const job of listed.data.jobs)
          if (job.updatedAt >= since) forward('jobs:changed', { job });
    })();
    // A change that found no holder fails the calls waiting for it (the command then ends).
    changing = changed.finally(() => (changing = undefined));
    changing.catch(() => undefined);
  };

  const watchLost = (held: Held) => {
    const link = held.link;
    void held.lost?.then(() => {
      if (current === link) change(false);
    });
  };
  watchLost(first);

  return {
    get where() {
      return current.where;
    },
    async invoke<C extends Channel>(
      channel: C,
      input: ChannelInput<C>,
    ): Promise<Result<ChannelOutput<C>>> {
      for (;;) {
        await changing;
        const via = current;
        const result = await via.invoke(channel, input);
        // A call that met the change half-way is made again on the new holder.
        if (result.ok || (via === current && !changing)) return result;
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    handOver: () => change(true),
    async close() {
      closed = true;
      await changing?.catch(() => undefined);
      listeners.clear();
      unsubscribe();
      await current.close();
    },
  };
}
