/**
 * The computer's sound as a Live input on Linux: what the speakers play, through
 * PulseAudio (or PipeWire's pipewire-pulse, which speaks the same protocol).
 *
 * Chromium (and so Electron and browser mode) lists no monitor source in `enumerateDevices`, but
 * it does list a `module-remap-source` whose master is one: so when the person picks "Computer
 * sound", the core (which owns the system's commands; the window runs none) loads one over the
 * default sink's monitor, named for Kikitori, and the window then finds it among its inputs by
 * its description. It is unloaded when the session lets it go, when the app stops, and, should
 * the app have been killed, at the next start (`recover`): the module is found by its source name.
 *
 * `pactl` talks to the server the core's environment names (XDG_RUNTIME_DIR, PULSE_RUNTIME_PATH,
 * PULSE_SERVER), the same one the window's Chromium records from.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { AppFailure, appError } from '../../shared/domain/errors';

const run = promisify(execFile);

/** The remapped source's name: how the module is found again (recover). */
export const COMPUTER_SOUND_SOURCE = 'kikitori_computer_sound';
/** Its description, which Chromium gives as the device's label. */
export const COMPUTER_SOUND_LABEL = 'Computer sound (speakers)';

/** Runs `pactl` with these arguments and answers its standard output. */
export type Pactl = (args: readonly string[]) => Promise<string>;

const PACTL_WAIT_MS = 5_000;

/** `pactl` talking to the server this environment names (the process's own by default). */
export const pactlIn =
  (env: NodeJS.ProcessEnv = process.env): Pactl =>
  async (args) => {
    const { stdout } = await run('pactl', [...args], {
      timeout: PACTL_WAIT_MS,
      // The C locale: `pactl info` is read by its English field names.
      env: { ...env, LC_ALL: 'C' },
    });
    return stdout;
  };

/** Why there is no computer sound here, for the error's sentence. */
export type ComputerSoundReason = 'platform' | 'no-server' | 'no-sink';

const unavailable = (reason: ComputerSoundReason, detail?: unknown) =>
  new AppFailure(
    appError(
      'computer-sound-unavailable',
      { reason },
      detail instanceof Error ? detail.message : '',
    ),
  );

/** The modules loaded for Kikitori's source, by the listing `pactl list short modules` gives. */
export function kikitoriModules(listing: string): string[] {
  return listing
    .split('\n')
    .filter((line) => line.includes(`source_name=${COMPUTER_SOUND_SOURCE}`))
    .map((line) => line.split('\t')[0]?.trim() ?? '')
    .filter((id) => /^\d+$/.test(id));
}

export class ComputerSound {
  private module: string | undefined;
  /** Sessions holding the source: it is unloaded when the last lets it go. */
  private holders = 0;
  /** Opening and closing, one at a time. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly pactl: Pactl = pactlIn(),
    private readonly platform: NodeJS.Platform = process.platform,
  ) {}

  /**
   * Loads the source (once for every holder) and answers the label the window finds it by.
   * Throws `computer-sound-unavailable` when this system has no PulseAudio server or sink.
   */
  open(): Promise<{ label: string }> {
    return this.serial(async () => {
      if (this.platform !== 'linux') throw unavailable('platform');
      if (this.module === undefined) {
        const sink = await this.defaultSink();
        // A module left by a run that was killed would hold the name: it goes first.
        await this.unloadStale();
        const args = [
          'load-module',
          'module-remap-source',
          `master=${sink}.monitor`,
          `source_name=${COMPUTER_SOUND_SOURCE}`,
          `source_properties='device.description="${COMPUTER_SOUND_LABEL}"'`,
        ];
        const out = await this.pactl(args).catch((error: unknown) => {
          throw unavailable('no-sink', error);
        });
        this.module = out.trim();
      }
      this.holders += 1;
      return { label: COMPUTER_SOUND_LABEL };
    });
  }

  /** A holder lets the source go; the last one unloads it. */
  close(): Promise<void> {
    return this.serial(async () => {
      if (this.holders === 0) return;
      this.holders -= 1;
      if (this.holders === 0) await this.unload();
    });
  }

  /** Unloads the source whoever holds it (the app stops). */
  closeAll(): Promise<void> {
    return this.serial(async () => {
      this.holders = 0;
      await this.unload();
    });
  }

  /** At start: a source left loaded by a run that was killed is unloaded. Never throws. */
  recover(): Promise<void> {
    if (this.platform !== 'linux') return Promise.resolve();
    return this.serial(() => this.unloadStale());
  }

  private async unload(): Promise<void> {
    const id = this.module;
    this.module = undefined;
    if (id !== undefined) await this.pactl(['unload-module', id]).catch(() => undefined);
  }

  private async unloadStale(): Promise<void> {
    const listing = await this.pactl(['list', 'short', 'modules']).catch(() => '');
    for (const id of kikitoriModules(listing))
      await this.pactl(['unload-module', id]).catch(() => undefined);
  }

  private async defaultSink(): Promise<string> {
    let info: string;
    try {
      info = await this.pactl(['info']);
    } catch (error) {
      throw unavailable('no-server', error);
    }
    const sink = /^Default Sink:\s*(\S+)\s*$/m.exec(info)?.[1];
    if (!sink || sink === '@DEFAULT_SINK@') throw unavailable('no-sink');
    return sink;
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }
}
