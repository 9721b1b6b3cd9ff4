/**
 * The Transcribe options kept in a connection's `settings` (the `d` keys it sends, docs/api.md
 * §2): keep fillers, and speaker labels with their speaker-count bounds.
 */
import { LIMITS } from '../../../../shared/api/codes';
import { DEFAULT_SETTINGS } from '../../../../shared/api/recognition-settings';
import { speakerLabelsOn } from '../../../../shared/api/route';

type Settings = Readonly<Record<string, string>>;

export interface SpeakerOptions {
  readonly on: boolean;
  readonly min: number;
  readonly max: number;
}

/** Every count the API accepts for diarizationMinSpeaker and diarizationMaxSpeaker. */
export const SPEAKER_COUNTS = Array.from(
  { length: LIMITS.maxDiarizationSpeakers },
  (_, i) => i + 1,
);

/** A copy with `changes` applied; an undefined value removes the key (the API default). */
export function withSettings(
  settings: Settings,
  changes: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const next: Record<string, string> = { ...settings };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete next[key];
    else next[key] = value;
  }
  return next;
}

export const keepsFillers = (settings: Settings) => settings.keepFillerToken === '1';

export const keepFillers = (settings: Settings, on: boolean) =>
  withSettings(settings, { keepFillerToken: on ? '1' : undefined });

function count(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= LIMITS.maxDiarizationSpeakers ? n : fallback;
}

export function speakersOf(settings: Settings): SpeakerOptions {
  return {
    on: speakerLabelsOn(settings),
    min: count(settings.diarizationMinSpeaker, DEFAULT_SETTINGS.diarizationMinSpeaker),
    max: count(settings.diarizationMaxSpeaker, DEFAULT_SETTINGS.diarizationMaxSpeaker),
  };
}

/** Speaker labels on (with min ≤ max kept) or off (all three keys removed). */
export function withSpeakers(settings: Settings, speakers: SpeakerOptions) {
  if (!speakers.on) {
    return withSettings(settings, {
      speakerDiarization: undefined,
      diarizationMinSpeaker: undefined,
      diarizationMaxSpeaker: undefined,
    });
  }
  const min = Math.min(speakers.min, speakers.max);
  return withSettings(settings, {
    speakerDiarization: 'True',
    diarizationMinSpeaker: String(min),
    diarizationMaxSpeaker: String(Math.max(min, speakers.max)),
  });
}
