/**
 * What a program (the command line, a watched folder's runner, a test) holds to drive Kikitori's
 * core: the typed channels and the events, whether the core runs in this process (it held the
 * data folder's lock) or in the app that holds it (reached through its program endpoint). The
 * two are interchangeable: everything a program does goes through `invoke` and `subscribe`. A
 * core opened here gives its own (`Core.link`); this module knows nothing of the core.
 */
import type {
  Channel,
  ChannelInput,
  ChannelOutput,
  EventName,
  EventPayload,
  Result,
} from '../../shared/ipc/contract';

export type LinkListener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

export interface CoreLink {
  /** Whether the core runs in this process ('here') or in the app holding the data folder. */
  readonly where: 'here' | 'app';
  invoke<C extends Channel>(channel: C, input: ChannelInput<C>): Promise<Result<ChannelOutput<C>>>;
  /** Every event of the core, from now on; returns the unsubscribe. */
  subscribe(listener: LinkListener): () => void;
  /** Lets go of the link: stops a core opened here (its lock released), closes a connection. */
  close(): Promise<void>;
}
