/**
 * `window.kikitori`, built from the IPC contract: one named method per channel, grouped by
 * domain (`kikitori.jobs.list({})` calls `jobs:list`), and `on(event, listener)` for the events.
 * There is no generic invoke: the renderer can reach exactly the channels of the contract.
 * Free of Electron, so that it is unit-tested as is; preload.ts gives it ipcRenderer.
 */
import type { Channel, ChannelMethod, EventName, EventPayload } from '../../shared/ipc/contract';
import { CHANNEL_NAMES, EVENT_NAMES } from '../../shared/ipc/names';

type Split<C extends string> = C extends `${infer D}:${infer V}` ? [D, V] : never;
type Domain = Split<Channel>[0];
type VerbsOf<D extends Domain> = Split<Extract<Channel, `${D}:${string}`>>[1];

export type KikitoriBridge = {
  readonly [D in Domain]: { readonly [V in VerbsOf<D>]: ChannelMethod<`${D}:${V}`> };
} & {
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
  /**
   * An opaque reference to a dropped or picked file, for transcribe:files (Electron only; browser
   * mode's uploads answer one): the window never holds its path. '' for a File the page made up.
   */
  chosenFile(file: File): string;
  /** A live link to the main process (shared/ipc/live.ts). */
  openLive(): PreloadLiveLink;
};

/**
 * One live session's link as the window holds it: JSON text both ways. Its audio goes another
 * way: the page's end of the audio channel comes as a window message (LIVE_AUDIO_PORT_MESSAGE)
 * carrying `audioPortId`, for the capture's worklet to write into, off the main thread.
 */
export interface PreloadLiveLink {
  send(message: string): void;
  onMessage(listener: (message: string) => void): void;
  onClose(listener: () => void): void;
  close(): void;
  readonly audioPortId: string;
}

export interface BridgeTransport {
  invoke(channel: Channel, input: unknown): Promise<unknown>;
  subscribe(event: EventName, listener: (payload: unknown) => void): () => void;
  chosenFile(file: File): string;
  openLive(): PreloadLiveLink;
}

export function buildBridge(transport: BridgeTransport): KikitoriBridge {
  const domains: Record<string, Record<string, (input: unknown) => Promise<unknown>>> = {};
  for (const channel of CHANNEL_NAMES) {
    const [domain, verb] = channel.split(':') as [string, string];
    const methods = (domains[domain] ??= {});
    methods[verb] = (input: unknown) => transport.invoke(channel, input ?? {});
  }
  const bridge = {
    ...Object.fromEntries(Object.entries(domains).map(([d, m]) => [d, Object.freeze(m)])),
    on(event: EventName, listener: (payload: unknown) => void) {
      if (!(EVENT_NAMES as readonly string[]).includes(event))
        throw new Error(`there is no event ${event}`);
      return transport.subscribe(event, listener);
    },
    chosenFile: (file: File) => transport.chosenFile(file),
    openLive: () => transport.openLive(),
  };
  return Object.freeze(bridge) as unknown as KikitoriBridge;
}
