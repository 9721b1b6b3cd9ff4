/**
 * Audio format names, the `c` parameter (docs/api.md §2 "Audio"). Header-less formats need
 * `c`; files with a header (WAV, Ogg, FLAC, MP3) describe themselves and the header wins.
 */
import { type Parsed, parsed, rejected } from './result';

export type SampleEncoding = 's16le' | 's16be' | 'mulaw' | 'alaw';

export interface RawAudioFormat {
  /** Canonical (upper-case) name, as sent in `c`. */
  readonly name: string;
  readonly sampleRate: number;
  readonly encoding: SampleEncoding;
  readonly bytesPerSample: 1 | 2;
}

const PCM_RATES = {
  '8K': 8_000,
  '11K': 11_025,
  '16K': 16_000,
  '22K': 22_050,
  '32K': 32_000,
  '44K': 44_100,
  '48K': 48_000,
} as const;

function pcmFormats(prefix: 'LSB' | 'MSB', encoding: SampleEncoding): RawAudioFormat[] {
  return Object.entries(PCM_RATES).map(([suffix, sampleRate]) => ({
    name: `${prefix}${suffix}`,
    sampleRate,
    encoding,
    bytesPerSample: 2,
  }));
}

/** Every header-less format the API takes, by canonical name. */
export const RAW_AUDIO_FORMATS: readonly RawAudioFormat[] = [
  ...pcmFormats('LSB', 's16le'),
  ...pcmFormats('MSB', 's16be'),
  { name: 'MULAW', sampleRate: 8_000, encoding: 'mulaw', bytesPerSample: 1 },
  { name: 'ALAW', sampleRate: 8_000, encoding: 'alaw', bytesPerSample: 1 },
];

/** Names that label audio with a header: `8K` for 8/11 kHz content, `16K` for 16 kHz and up. */
export const HEADER_FORMAT_NAMES = ['8K', '16K'] as const;

const byName = new Map(RAW_AUDIO_FORMATS.map((format) => [format.name, format]));

export type AudioFormatName =
  | { readonly kind: 'raw'; readonly format: RawAudioFormat }
  | { readonly kind: 'header'; readonly name: (typeof HEADER_FORMAT_NAMES)[number] };

/** Parses a `c` value, case-insensitively. */
export function parseAudioFormatName(value: string): Parsed<AudioFormatName> {
  const name = value.trim().toUpperCase();
  const raw = byName.get(name);
  if (raw) return parsed({ kind: 'raw', format: raw });
  if (name === '8K' || name === '16K') return parsed({ kind: 'header', name });
  return rejected(
    `unknown audio format "${value}" in c: use one of ${[...byName.keys(), ...HEADER_FORMAT_NAMES].join(', ')}`,
  );
}

/** The sample rate the local English engine needs (it has no 8 kHz model). */
export const ENGINE_SAMPLE_RATE = 16_000;
