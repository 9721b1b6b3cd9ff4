/**
 * Every audio and video format Kikitori knows, in one table: the file name extensions and the
 * MIME types a file of it comes with (the first type is the one it is served as), the magic
 * bytes that say it is one (audio-sniff.ts reads them), and whether the API takes it as it is
 * (WAV, FLAC, Ogg, MP3) or it needs conversion (the app converts it to FLAC first; the local
 * service refuses it with `+`).
 *
 * Everything that decides what counts as audio reads this table and nothing else: the window's
 * check of a dropped or picked file (renderer/src/store/accept.ts), the sniffer, the core's check
 * of a file before it is journaled and the player's type (core/media/media-file.ts), the runner's
 * conversion (core/jobs/routing.ts), and the service's decoder (service/audio/decode.ts).
 */

/**
 * One condition on the first bytes: at `at`, the ASCII text `is` (or one of several), or these
 * byte values.
 */
export interface MagicBytes {
  readonly at: number;
  readonly is: string | readonly string[] | readonly number[];
}

export interface MediaFormat {
  /** How a person knows it, in a sentence of the service's. */
  readonly name: string;
  readonly extensions: readonly string[];
  /** The types a browser or a system gives such a file; the first is the one it is served as. */
  readonly mimeTypes: readonly [string, ...string[]];
  /** Ways its first bytes can start: any one list, each of whose conditions holds. */
  readonly magic: readonly (readonly MagicBytes[])[];
  /**
   * Known by a frame header rather than fixed bytes (audio-sniff.ts reads these): MPEG audio
   * (Layer III is MP3, I and II are MP2) and AAC's ADTS.
   */
  readonly frameSync?: 'mpeg' | 'adts';
  /** The API takes it as it is; otherwise it needs conversion to FLAC first. */
  readonly sentAsIs: boolean;
}

const QUICKTIME_ATOMS = ['moov', 'mdat', 'wide', 'free', 'pnot'];

/** The ASF header object's GUID (75B22630-668E-11CF-A6D9-00AA0062CE6C), as stored. */
const ASF_GUID = [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11];

/** The table. Its order is the sniffer's: the first format whose magic holds is the one. */
export const MEDIA_FORMATS = {
  wav: {
    name: 'WAV',
    extensions: ['wav', 'wave'],
    mimeTypes: ['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave'],
    magic: [
      [
        { at: 0, is: 'RIFF' },
        { at: 8, is: 'WAVE' },
      ],
    ],
    sentAsIs: true,
  },
  flac: {
    name: 'FLAC',
    extensions: ['flac'],
    mimeTypes: ['audio/flac', 'audio/x-flac'],
    magic: [[{ at: 0, is: 'fLaC' }]],
    sentAsIs: true,
  },
  ogg: {
    name: 'Ogg',
    extensions: ['ogg', 'oga', 'opus'],
    mimeTypes: ['audio/ogg', 'audio/opus', 'video/ogg'],
    magic: [[{ at: 0, is: 'OggS' }]],
    sentAsIs: true,
  },
  mp3: {
    name: 'MP3',
    extensions: ['mp3'],
    mimeTypes: ['audio/mpeg', 'audio/mp3'],
    // An ID3v2 tag leads MPEG audio: the sniffer looks past it to tell MP3 from MP2.
    magic: [[{ at: 0, is: 'ID3' }]],
    frameSync: 'mpeg',
    sentAsIs: true,
  },
  /** MPEG-1/2 Layer I or II audio. */
  mp2: {
    name: 'MPEG Layer I/II (MP2)',
    extensions: ['mp2', 'mpa'],
    mimeTypes: ['audio/mpeg'],
    magic: [],
    frameSync: 'mpeg',
    sentAsIs: false,
  },
  mp4: {
    name: 'M4A/MP4',
    extensions: ['m4a', 'mp4', 'm4v', 'mov', '3gp'],
    mimeTypes: ['video/mp4', 'audio/mp4', 'audio/x-m4a', 'video/quicktime', 'video/3gpp'],
    // QuickTime files written before `ftyp` existed start with one of the other atoms.
    magic: [[{ at: 4, is: 'ftyp' }], [{ at: 4, is: QUICKTIME_ATOMS }]],
    sentAsIs: false,
  },
  webm: {
    name: 'WebM',
    extensions: ['webm', 'mkv'],
    mimeTypes: ['video/webm', 'audio/webm', 'video/x-matroska', 'audio/x-matroska'],
    magic: [[{ at: 0, is: [0x1a, 0x45, 0xdf, 0xa3] }]],
    sentAsIs: false,
  },
  /** AAC in ADTS frames (a bare .aac file). */
  aac: {
    name: 'AAC',
    extensions: ['aac'],
    mimeTypes: ['audio/aac', 'audio/x-aac', 'audio/aacp'],
    magic: [],
    frameSync: 'adts',
    sentAsIs: false,
  },
  /** AIFF or AIFF-C. */
  aiff: {
    name: 'AIFF',
    extensions: ['aif', 'aiff', 'aifc'],
    mimeTypes: ['audio/aiff', 'audio/x-aiff'],
    magic: [
      [
        { at: 0, is: 'FORM' },
        { at: 8, is: ['AIFF', 'AIFC'] },
      ],
    ],
    sentAsIs: false,
  },
  /** ASF (WMA, WMV). */
  asf: {
    name: 'WMA',
    extensions: ['wma', 'wmv', 'asf'],
    mimeTypes: ['audio/x-ms-wma', 'video/x-ms-wmv', 'video/x-ms-asf'],
    magic: [[{ at: 0, is: ASF_GUID }]],
    sentAsIs: false,
  },
  /** AMR narrow- or wide-band storage format. */
  amr: {
    name: 'AMR',
    extensions: ['amr'],
    mimeTypes: ['audio/amr', 'audio/amr-wb'],
    magic: [[{ at: 0, is: '#!AMR' }]],
    sentAsIs: false,
  },
} as const satisfies Record<string, MediaFormat>;

export type Container = keyof typeof MEDIA_FORMATS;

/** Every container the table names, for schemas that record one. */
export const CONTAINERS = Object.keys(MEDIA_FORMATS) as [Container, ...Container[]];

export const formatOf = (container: Container): MediaFormat => MEDIA_FORMATS[container];

/** The API takes it as it is; every other container is converted to FLAC first. */
export const sentAsIs = (container: Container): boolean => formatOf(container).sentAsIs;

/** The type a container is served as (the sniffed bytes decide the container, never the name). */
export const servedType = (container: Container): string => formatOf(container).mimeTypes[0];

/** A file name's extension, lower case, without the dot ('' when it has none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

const FORMAT_LIST: readonly MediaFormat[] = Object.values(MEDIA_FORMATS);
const EXTENSIONS = new Set(FORMAT_LIST.flatMap((format) => format.extensions));
const MIME_TYPES = new Set(FORMAT_LIST.flatMap((format) => format.mimeTypes));

/**
 * Whether a file's name or its type says it is one of the table's formats (before its bytes are
 * read: the window's courtesy check; the core decides by the bytes).
 */
export const namedAsMedia = (file: { readonly name: string; readonly type: string }): boolean =>
  MIME_TYPES.has(file.type.toLowerCase().split(';')[0]!.trim()) ||
  EXTENSIONS.has(extensionOf(file.name));

/** A file chooser's `accept` list: every type and extension of the table. */
export const PICKER_ACCEPT = [...MIME_TYPES, ...[...EXTENSIONS].map((e) => `.${e}`)].join(',');
