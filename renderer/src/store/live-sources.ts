/**
 * Live's audio sources (shared/ipc/live.ts AudioSource: a kind, a device, a gain): how each
 * kind is opened, and the list the person chose, remembered.
 *
 * Each kind has a provider here: it turns a source into what the capture opens
 * (CaptureSourceSpec) and lets go after whatever it made for it. The microphone is an input
 * device by its id; the computer's sound is the platform's: the core's input where it can make
 * one (PulseAudio's monitor, core/live/sources/), found among the window's inputs by its label,
 * else the display media's sound (electron/main/loopback.ts, or a browser's shared tab). A new
 * kind of source is a provider in SOURCE_PROVIDERS (docs/architecture.md, "Adding an audio
 * source"); the capture, the link and the recording take it by its index.
 */
import { z } from 'zod';
import { AppFailure, appError } from '../../../shared/domain/errors';
import {
  audioSourceSchema,
  GAIN_MAX,
  GAIN_MIN,
  LIVE_AUDIO,
  LIVE_SOURCE_CHOICES,
  sourcesOfChoice,
  type AudioSource,
  type AudioSourceKind,
  type LiveSourceChoice,
} from '../../../shared/ipc/live';
import type { Bridge } from '../host/bridge';
import type { AudioInput, CaptureSourceSpec, DuckPair } from './live-capture';

/** What a provider needs: the host (for what the core makes) and the window's inputs. */
export interface SourceContext {
  readonly bridge: Bridge;
  readonly listInputs: () => Promise<AudioInput[]>;
}

/** A source made ready: what the capture opens, and how to let go what was made for it. */
export interface ProvidedSource {
  readonly spec: CaptureSourceSpec;
  release(): void;
}

/** One kind of source's way to be opened. */
export interface SourceProvider {
  /** Makes the source ready to capture; rejects with an AppFailure the screen can say. */
  provide(source: AudioSource, gain: number, context: SourceContext): Promise<ProvidedSource>;
}

const nothingToRelease = () => {};

/** A microphone: the input device chosen, the system's default when none is. */
const microphone: SourceProvider = {
  provide: (source, gain) =>
    Promise.resolve({
      spec: { kind: 'device', ...(source.device ? { deviceId: source.device } : {}), gain },
      release: nothingToRelease,
    }),
};

/**
 * The computer's sound: on Linux the input the core makes, found among the window's inputs by
 * its label (and let go after); where the core has none, the display media's sound.
 */
const computer: SourceProvider = {
  async provide(_source, gain, { bridge, listInputs }) {
    const made = await bridge.call('live:computerSound', { on: true });
    if (!made.ok) {
      if (
        made.error.code === 'computer-sound-unavailable' &&
        made.error.params.reason === 'platform'
      )
        return { spec: { kind: 'display', gain }, release: nothingToRelease };
      throw new AppFailure(made.error);
    }
    const release = () =>
      void bridge.call('live:computerSound', { on: false }).catch(() => undefined);
    const label = made.data.label ?? '';
    const inputs = await listInputs().catch(() => []);
    const found = inputs.find((input) => input.label === label && input.deviceId !== 'default');
    if (!found) {
      release();
      throw new AppFailure(appError('computer-sound-unavailable', { reason: 'not-listed' }));
    }
    return { spec: { kind: 'device', deviceId: found.deviceId, label, gain }, release };
  },
};

/** Every kind's provider: adding a kind of source is adding its provider here. */
export const SOURCE_PROVIDERS: Readonly<Record<AudioSourceKind, SourceProvider>> = {
  microphone,
  computer,
};

/**
 * Makes each source ready, in order; one that fails lets go of those made before it and
 * rejects. `release` lets go of them all.
 */
export async function provideSources(
  sources: readonly AudioSource[],
  gainOf: (source: AudioSource) => number,
  context: SourceContext,
): Promise<{ specs: CaptureSourceSpec[]; release: () => void }> {
  const provided: ProvidedSource[] = [];
  const release = () => provided.splice(0).forEach((each) => each.release());
  try {
    for (const source of sources)
      provided.push(await SOURCE_PROVIDERS[source.kind].provide(source, gainOf(source), context));
  } catch (error) {
    release();
    throw error;
  }
  return { specs: provided.map((each) => each.spec), release };
}

/** The key a source's gain is remembered by: the microphone's device, or the computer's sound. */
export const gainKeyOf = (source: AudioSource): string =>
  source.kind === 'computer' ? 'computer-sound' : `microphone:${source.device || 'default'}`;

/** With a microphone and the computer's sound: the first lowered while the second plays. */
export function duckPairOf(sources: readonly AudioSource[]): DuckPair | undefined {
  const source = sources.findIndex((each) => each.kind === 'microphone');
  const by = sources.findIndex((each) => each.kind === 'computer');
  return source >= 0 && by >= 0 ? { source, by } : undefined;
}

/** Whether the sources hear a meeting (the computer's sound): the session is named for it. */
export const hearsComputer = (sources: readonly AudioSource[]): boolean =>
  sources.some((each) => each.kind === 'computer');

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/**
 * A meeting's session's job name, from its start in local time: "Meeting 27 Nov
 * 10:00", 「会議 11月27日 10:00」.
 */
export function meetingTitle(at: Date, lang: 'en' | 'ja'): string {
  const time = `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
  return lang === 'ja'
    ? `会議 ${at.getMonth() + 1}月${at.getDate()}日 ${time}`
    : `Meeting ${at.getDate()} ${MONTHS[at.getMonth()]} ${time}`;
}

/** Headphones among the outputs' names: then the microphone does not hear the speakers. */
const HEADPHONES =
  /head(phone|set)|earbud|earphone|airpods|buds|ヘッドホン|ヘッドフォン|ヘッドセット|イヤホン/i;
export const headphonesIn = (outputs: readonly string[]): boolean =>
  outputs.some((label) => HEADPHONES.test(label));

const SOURCES_KEY = 'kikitori.liveSources';
const GAINS_KEY = 'kikitori.liveGains';
/** Where an older window kept its one choice ('microphone' | 'computer' | 'both'). */
const OLD_CHOICE_KEY = 'kikitori.liveSource';
export const DEVICE_KEY = 'kikitori.liveDevice';

const storedSchema = z.array(audioSourceSchema).min(1).max(LIVE_AUDIO.maxSources);

/** A window setting kept in localStorage ('' when none, or storage is off). */
export const remembered = (key: string): string => {
  try {
    return globalThis.localStorage?.getItem(key) ?? '';
  } catch {
    return '';
  }
};
/** Keeps a window setting; undefined forgets it. */
export const remember = (key: string, value: string | undefined): void => {
  try {
    if (value === undefined) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // Not remembered: storage is off.
  }
};

/** Remembers the sources chosen (their gains are remembered apart, by gainKeyOf). */
export function rememberSources(sources: readonly AudioSource[]): void {
  remember(SOURCES_KEY, JSON.stringify(sources.map(({ kind, device }) => ({ kind, device }))));
}

/**
 * The sources remembered; a choice an older window stored is read as its list and stored so
 * (migrated on read); the microphone alone when nothing (or nothing readable) is.
 */
export function rememberedSources(): AudioSource[] {
  const text = remembered(SOURCES_KEY);
  if (text) {
    try {
      const parsed = storedSchema.safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data;
    } catch {
      // Not JSON: read as nothing stored.
    }
  }
  const old = remembered(OLD_CHOICE_KEY);
  const choice: LiveSourceChoice = (LIVE_SOURCE_CHOICES as readonly string[]).includes(old)
    ? (old as LiveSourceChoice)
    : 'microphone';
  const sources = sourcesOfChoice(choice, remembered(DEVICE_KEY));
  if (old) {
    rememberSources(sources);
    remember(OLD_CHOICE_KEY, undefined);
  }
  return sources;
}

/** Remembers each source's gain, by gainKeyOf. */
export const rememberGains = (gains: Readonly<Record<string, number>>): void =>
  remember(GAINS_KEY, JSON.stringify(gains));

/** The gains remembered, each a factor within GAIN_MIN..GAIN_MAX, by gainKeyOf. */
export function rememberedGains(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(remembered(GAINS_KEY) || '{}');
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, number] =>
          typeof entry[1] === 'number' && entry[1] >= GAIN_MIN && entry[1] <= GAIN_MAX,
      ),
    );
  } catch {
    return {};
  }
}
