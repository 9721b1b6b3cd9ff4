/**
 * The meaning of `d` (docs/api.md §2): typed recognition settings, parsed from and written
 * to the `DParams` that d-codec.ts reads and writes.
 */
import { LIMITS } from './codes';
import { D_KEYS, type DParams, decodeD, encodeD } from './d-codec';
import {
  PROFILE_ID_PATTERN,
  type ProfileWord,
  formatProfileWordsParam,
  parseProfileWordsParam,
} from './profile-words';
import { type Parsed, parsed, rejected } from './result';

export interface ProfileRef {
  readonly id: string;
  /** `profileId=:<id>` (with the colon) uses the profile read-only. */
  readonly readOnly: boolean;
}

export interface RecognitionSettings {
  readonly engine: string;
  readonly authorization?: string;
  readonly profile?: ProfileRef;
  readonly profileWords?: readonly ProfileWord[];
  readonly keepFillerToken: boolean;
  readonly segmenterProperties?: string;
  readonly extension?: string;
  readonly resultUpdatedInterval?: number;
  readonly loggingOptOut: boolean;
  readonly contentId?: string;
  readonly compatibleWithSync: boolean;
  readonly speakerDiarization: boolean;
  readonly diarizationMinSpeaker: number;
  readonly diarizationMaxSpeaker: number;
  /** Keys the API does not document: ignored by the service, kept for round trips. */
  readonly unknown: Readonly<Record<string, string>>;
}

export type RecognitionSettingsInput = Partial<Omit<RecognitionSettings, 'engine'>> & {
  readonly engine: string;
};

export const DEFAULT_SETTINGS = {
  keepFillerToken: false,
  loggingOptOut: false,
  compatibleWithSync: false,
  speakerDiarization: false,
  diarizationMinSpeaker: 1,
  diarizationMaxSpeaker: 10,
} as const;

function parseTrueFalse(key: string, value: string): Parsed<boolean> {
  if (/^true$/i.test(value)) return parsed(true);
  if (/^false$/i.test(value)) return parsed(false);
  return rejected(`${key} in d must be True or False, not "${value}"`);
}

function parseInteger(key: string, value: string, min: number, max: number): Parsed<number> {
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    return rejected(`${key} in d must be a whole number from ${min} to ${max}, not "${value}"`);
  }
  return parsed(Number(value));
}

const KNOWN: ReadonlySet<string> = new Set(D_KEYS);

/** Gives decoded `d` parameters their meaning; every bad value is named in the message. */
export function settingsFromD(params: DParams): Parsed<RecognitionSettings> {
  const engine = params.grammarFileNames;
  if (engine === undefined || engine === '') {
    return rejected('d has no engine: start it with the engine name, e.g. d=-a-general-en');
  }
  let profile: ProfileRef | undefined;
  if (params.profileId !== undefined) {
    const readOnly = params.profileId.startsWith(':');
    const id = readOnly ? params.profileId.slice(1) : params.profileId;
    if (!PROFILE_ID_PATTERN.test(id)) {
      return rejected(
        `profileId in d must be ":" and a profile id of ASCII letters, digits, "-" and "_", not "${params.profileId}"`,
      );
    }
    profile = { id, readOnly };
  }
  let profileWords: ProfileWord[] | undefined;
  if (params.profileWords !== undefined && params.profileWords !== '') {
    const words = parseProfileWordsParam(params.profileWords);
    if (!words.ok) return words;
    profileWords = words.data;
  }
  const flags: Record<string, boolean> = {};
  for (const key of ['loggingOptOut', 'compatibleWithSync', 'speakerDiarization'] as const) {
    const raw = params[key];
    if (raw === undefined) continue;
    const flag = parseTrueFalse(key, raw);
    if (!flag.ok) return flag;
    flags[key] = flag.data;
  }
  let keepFillerToken: boolean = DEFAULT_SETTINGS.keepFillerToken;
  if (params.keepFillerToken !== undefined) {
    if (params.keepFillerToken !== '1' && params.keepFillerToken !== '0') {
      return rejected(`keepFillerToken in d must be 1 or 0, not "${params.keepFillerToken}"`);
    }
    keepFillerToken = params.keepFillerToken === '1';
  }
  const numbers: Record<string, number> = {};
  const numberKeys = [
    ['diarizationMinSpeaker', 1, LIMITS.maxDiarizationSpeakers],
    ['diarizationMaxSpeaker', 1, LIMITS.maxDiarizationSpeakers],
    ['resultUpdatedInterval', 0, 86_400_000],
  ] as const;
  for (const [key, min, max] of numberKeys) {
    const raw = params[key];
    if (raw === undefined) continue;
    const number = parseInteger(key, raw, min, max);
    if (!number.ok) return number;
    numbers[key] = number.data;
  }
  const diarizationMinSpeaker =
    numbers.diarizationMinSpeaker ?? DEFAULT_SETTINGS.diarizationMinSpeaker;
  const diarizationMaxSpeaker =
    numbers.diarizationMaxSpeaker ?? DEFAULT_SETTINGS.diarizationMaxSpeaker;
  if (diarizationMinSpeaker > diarizationMaxSpeaker) {
    return rejected(
      `diarizationMinSpeaker (${diarizationMinSpeaker}) in d is larger than diarizationMaxSpeaker (${diarizationMaxSpeaker})`,
    );
  }
  const unknown: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) if (!KNOWN.has(key)) unknown[key] = value;

  return parsed({
    engine,
    ...(params.authorization !== undefined && { authorization: params.authorization }),
    ...(profile && { profile }),
    ...(profileWords && { profileWords }),
    keepFillerToken,
    ...(params.segmenterProperties !== undefined && {
      segmenterProperties: params.segmenterProperties,
    }),
    ...(params.extension !== undefined && { extension: params.extension }),
    ...(numbers.resultUpdatedInterval !== undefined && {
      resultUpdatedInterval: numbers.resultUpdatedInterval,
    }),
    loggingOptOut: flags.loggingOptOut ?? DEFAULT_SETTINGS.loggingOptOut,
    ...(params.contentId !== undefined && { contentId: params.contentId }),
    compatibleWithSync: flags.compatibleWithSync ?? DEFAULT_SETTINGS.compatibleWithSync,
    speakerDiarization: flags.speakerDiarization ?? DEFAULT_SETTINGS.speakerDiarization,
    diarizationMinSpeaker,
    diarizationMaxSpeaker,
    unknown,
  });
}

/** Decodes and interprets a `d` string in one step. */
export function parseSettings(d: string): Parsed<RecognitionSettings> {
  const params = decodeD(d);
  return params.ok ? settingsFromD(params.data) : params;
}

const pyBool = (value: boolean) => (value ? 'True' : 'False');

/** Settings → `DParams`, writing only what differs from the API's defaults. */
export function settingsToD(settings: RecognitionSettingsInput): Parsed<DParams> {
  const out: Record<string, string> = { ...settings.unknown, grammarFileNames: settings.engine };
  if (settings.authorization !== undefined) out.authorization = settings.authorization;
  if (settings.profile) {
    out.profileId = `${settings.profile.readOnly ? ':' : ''}${settings.profile.id}`;
  }
  if (settings.profileWords && settings.profileWords.length > 0) {
    const words = formatProfileWordsParam(settings.profileWords);
    if (!words.ok) return words;
    out.profileWords = words.data;
  }
  if (settings.keepFillerToken) out.keepFillerToken = '1';
  if (settings.segmenterProperties !== undefined)
    out.segmenterProperties = settings.segmenterProperties;
  if (settings.extension !== undefined) out.extension = settings.extension;
  if (settings.resultUpdatedInterval !== undefined) {
    out.resultUpdatedInterval = String(settings.resultUpdatedInterval);
  }
  if (settings.loggingOptOut) out.loggingOptOut = pyBool(true);
  if (settings.contentId !== undefined) out.contentId = settings.contentId;
  if (settings.compatibleWithSync) out.compatibleWithSync = pyBool(true);
  if (settings.speakerDiarization) {
    out.speakerDiarization = pyBool(true);
    out.diarizationMinSpeaker = String(
      settings.diarizationMinSpeaker ?? DEFAULT_SETTINGS.diarizationMinSpeaker,
    );
    out.diarizationMaxSpeaker = String(
      settings.diarizationMaxSpeaker ?? DEFAULT_SETTINGS.diarizationMaxSpeaker,
    );
  }
  return parsed(out);
}

/** Settings → the `d` string a client sends. */
export function formatSettings(settings: RecognitionSettingsInput): Parsed<string> {
  const params = settingsToD(settings);
  return params.ok ? parsed(encodeD(params.data)) : params;
}
