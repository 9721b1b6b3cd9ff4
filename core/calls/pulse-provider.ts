/**
 * Calls on Linux: the recording streams of PulseAudio, or of PipeWire through pipewire-pulse
 * (which speaks the same protocol). `pactl subscribe` says when a recording stream or a source
 * comes, changes or goes; each time, `pactl -f json list source-outputs` and `… sources` say
 * which streams record from which source, and which application each is.
 *
 * A stream is a microphone's when its source is not a monitor (what a sink plays is not a
 * microphone) and an application opened it (a module's own stream, such as the remap under
 * Kikitori's "Computer sound", has no client). Level meters (pavucontrol's peak detection) are
 * not calls. Kikitori's own streams are marked: those recording from a source Kikitori made, and
 * those of its own process or a child of it (core/calls/own-process.ts). A stream that is muted
 * or corked stays a stream: a muted call has not ended.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { hostname } from 'node:os';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { callAppName } from '../../shared/domain/calls';
import { appError } from '../../shared/domain/errors';
import { pactlIn, type Pactl } from '../live/sources/pactl';
import { descendsFrom } from './own-process';
import type { CallProvider, CallProviderEvents, RecordingStream } from './provider';

/** Sources Kikitori makes (core/live/sources/pulse-monitor.ts) are named with this. */
const KIKITORI_SOURCE_PREFIX = 'kikitori_';

/** Streams that only measure a level: a mixer's meters, not a call. */
const METER_APPS: ReadonlySet<string> = new Set([
  'org.PulseAudio.pavucontrol',
  'org.gnome.VolumeControl',
  'org.kde.plasma-pa',
]);

const properties = z.record(z.string(), z.string()).catch({});
const sourceOutputSchema = z.object({
  index: z.number().int(),
  client: z.string().nullable().optional(),
  source: z.number().int(),
  properties,
});
const sourceSchema = z.object({
  index: z.number().int(),
  name: z.string(),
  /** pactl 16 names here the sink a monitor source monitors (empty for others). */
  monitor_source: z.string().optional(),
  properties,
});

/** A stream pactl lists, before its process is checked. */
export interface PulseStream extends RecordingStream {
  /** application.process.host: a pid means something only on this machine. */
  readonly host?: string;
}

/**
 * The microphone streams among pactl's JSON listings of source-outputs and sources (pure).
 * Entries it cannot read are passed over, never guessed at.
 */
export function streamsOf(outputs: unknown, sources: unknown): PulseStream[] {
  const sourceList = z.array(z.unknown()).catch([]).parse(sources);
  const byIndex = new Map<number, z.infer<typeof sourceSchema>>();
  for (const entry of sourceList) {
    const source = sourceSchema.safeParse(entry);
    if (source.success) byIndex.set(source.data.index, source.data);
  }
  const streams: PulseStream[] = [];
  for (const entry of z.array(z.unknown()).catch([]).parse(outputs)) {
    const parsed = sourceOutputSchema.safeParse(entry);
    if (!parsed.success) continue;
    const { index, client, source: sourceIndex, properties: props } = parsed.data;
    // A module's own stream (a remap, a loopback): no application opened it.
    if (client === null || client === undefined) continue;
    const source = byIndex.get(sourceIndex);
    const monitor =
      (source?.monitor_source ?? '') !== '' || source?.properties['device.class'] === 'monitor';
    if (monitor) continue;
    if (METER_APPS.has(props['application.id'] ?? '') || props['media.name'] === 'Peak detect')
      continue;
    const name = props['application.name'] ?? props['application.process.binary'] ?? '';
    const pid = Number(props['application.process.id']);
    const binary = props['application.process.binary'];
    const host = props['application.process.host'];
    streams.push({
      id: String(index),
      app: callAppName(name) || `#${index}`,
      ...(binary ? { binary } : {}),
      ...(Number.isInteger(pid) && pid > 0 ? { pid } : {}),
      ...(host ? { host } : {}),
      own: source?.name.startsWith(KIKITORI_SOURCE_PREFIX) === true,
    });
  }
  return streams;
}

/**
 * Whether a line of `pactl subscribe` is an event after which the streams are listed again: a
 * recording stream, a source or the server coming, changing or going. Not a client's: every
 * listing is two pactl clients coming and going, so listing after them lists for ever (and a
 * client that records opens a stream, which has its own event).
 */
export function listsAgain(line: string): boolean {
  return /^Event '(new|change|remove)' on (source-output|source|server)\b/.test(line);
}

/** Waits after a lost server before subscribing again: 1 s, doubling to 10 s. */
const RETRY_MS = [1_000, 2_000, 5_000, 10_000];

export interface PulseProviderOptions {
  /** The environment naming the server (the core's own by default). */
  readonly env?: NodeJS.ProcessEnv;
  /** Runs pactl (tests give one on their own server). */
  readonly pactl?: Pactl;
  /** Whether a process is Kikitori's own (this process or a child of it, by default). */
  readonly ownProcess?: (pid: number) => Promise<boolean>;
}

export class PulseCallProvider implements CallProvider {
  private readonly env: NodeJS.ProcessEnv;
  private readonly pactl: Pactl;
  private readonly ownProcess: (pid: number) => Promise<boolean>;
  private events: CallProviderEvents | undefined;
  private subscriber: ChildProcess | undefined;
  private stopped = false;
  private retry = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  /** One listing at a time; `again` asks for one more after it. */
  private listing: Promise<void> | undefined;
  private again = false;
  private reported = '';
  /**
   * Each stream's verdict, made when it is first listed: its process may be gone by the time
   * the server lists the stream a last time (a capture being stopped), and it was Kikitori's.
   */
  private readonly ownById = new Map<string, boolean>();

  constructor(options: PulseProviderOptions = {}) {
    this.env = options.env ?? process.env;
    this.pactl = options.pactl ?? pactlIn(this.env);
    this.ownProcess = options.ownProcess ?? ((pid) => descendsFrom(pid));
  }

  start(events: CallProviderEvents): Promise<void> {
    this.events = events;
    this.stopped = false;
    return this.subscribe();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    if (subscriber && subscriber.exitCode === null) {
      const exited = new Promise((resolve) => subscriber.once('exit', resolve));
      subscriber.kill();
      await exited;
    }
    await this.listing;
  }

  private async subscribe(): Promise<void> {
    if (this.stopped) return;
    const child = spawn('pactl', ['subscribe'], {
      env: { ...this.env, LC_ALL: 'C' },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    this.subscriber = child;
    child.on('error', () => undefined);
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (listsAgain(line)) void this.refresh();
    });
    child.once('exit', () => {
      if (this.subscriber !== child || this.stopped) return;
      this.subscriber = undefined;
      // The server went away (or never answered): no stream records until it is back.
      this.report([]);
      this.events?.problem(appError('calls-unavailable', { reason: 'no-server' }));
      const wait = RETRY_MS[Math.min(this.retry, RETRY_MS.length - 1)]!;
      this.retry += 1;
      this.retryTimer = setTimeout(() => void this.subscribe(), wait);
      this.retryTimer.unref();
    });
    // What records already, once subscribed (a stream opened meanwhile is listed by its event).
    await this.refresh();
  }

  /** Lists the streams again (coalesced: at most one listing runs, and one more after it). */
  private refresh(): Promise<void> {
    if (this.listing) {
      this.again = true;
      return this.listing;
    }
    this.listing = (async () => {
      do {
        this.again = false;
        await this.listOnce();
      } while (this.again && !this.stopped);
    })().finally(() => (this.listing = undefined));
    return this.listing;
  }

  private async listOnce(): Promise<void> {
    let outputs: unknown;
    let sources: unknown;
    try {
      const [o, s] = await Promise.all([
        this.pactl(['-f', 'json', 'list', 'source-outputs']),
        this.pactl(['-f', 'json', 'list', 'sources']),
      ]);
      outputs = JSON.parse(o);
      sources = JSON.parse(s);
    } catch {
      // The server is gone: the subscriber's end says so and tries again.
      return;
    }
    if (this.stopped) return;
    this.retry = 0;
    this.events?.problem(undefined);
    const here = hostname();
    const listed = streamsOf(outputs, sources);
    const streams = await Promise.all(
      listed.map(async ({ host, ...stream }) => {
        let own = this.ownById.get(stream.id);
        if (own === undefined) {
          own =
            stream.own ||
            (stream.pid !== undefined &&
              (host === undefined || host === here) &&
              (await this.ownProcess(stream.pid)));
          this.ownById.set(stream.id, own);
        }
        return { ...stream, own };
      }),
    );
    const present = new Set(listed.map((s) => s.id));
    for (const id of this.ownById.keys()) if (!present.has(id)) this.ownById.delete(id);
    this.report(streams);
  }

  /** Tells the watcher when what records has changed. */
  private report(streams: RecordingStream[]): void {
    const key = JSON.stringify(streams);
    if (key === this.reported) return;
    this.reported = key;
    this.events?.streams(streams);
  }
}
