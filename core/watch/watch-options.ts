/**
 * What a group of watched folders is given: each folder's options (its formats, output folder,
 * connection), the group's timing and limits, and where its events go.
 */
import type { EventPayload } from '../../shared/ipc/contract';
import type { ExportChoice } from '../../shared/format/exporters';
import type { ExportSettingsInput } from '../../shared/format/export-settings';
import type { WatchHolder } from './folder-lock';
import type { WatchLink } from './watch-outputs';
import type { WholeWay } from './whole-file';

export type WatchEventName = 'watch:folder' | 'watch:file';
export type WatchListener = <E extends WatchEventName>(event: E, payload: EventPayload<E>) => void;

/** One folder to watch, as `kikitori watch DIR… [--format] [--out] [--recursive]` gives it. */
export interface WatchOptions {
  readonly folder: string;
  /** The export formats written for each file (default txt). */
  readonly formats?: readonly ExportChoice[];
  /** The output folder (default: next to each source). */
  readonly out?: string;
  readonly recursive?: boolean;
  /** The export choices (language of a document's fixed words, fillers…). */
  readonly settings?: ExportSettingsInput;
  /** The connection files are sent with (default: the active one). */
  readonly connection?: string;
}

export interface WatchTiming {
  /** How long a file must stay unchanged (the quiet time) before it may be whole (default 1 s). */
  readonly stableMs?: number;
  /** How often a folder is checked for being there and readable (default 1 s). */
  readonly checkMs?: number;
  /**
   * How long a file its container says is cut short must stay unchanged (and, where that can be
   * seen, not open for writing) before it is taken as it is (default 60 s).
   */
  readonly shortMs?: number;
}

export interface FolderWatchersDeps {
  readonly dataDir: string;
  readonly link: WatchLink;
  readonly holder: WatchHolder;
  readonly onEvent?: WatchListener;
  readonly timing?: WatchTiming;
  /** Files of all folders transcribed at once (default 2); the others wait their turn. */
  readonly concurrency?: number;
  /** How a file is known whole (default: this system's way; tests try the other). */
  readonly wholeWay?: WholeWay;
}
