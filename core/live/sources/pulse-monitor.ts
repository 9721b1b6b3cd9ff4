/**
 * The computer's sound on Linux (a ComputerSoundProvider, computer-sound.ts): what the speakers
 * play, through PulseAudio (or PipeWire's pipewire-pulse, which speaks the same protocol).
 *
 * Chromium (and so Electron and browser mode) lists no monitor source in `enumerateDevices`, but
 * it does list a `module-remap-source` whose master is one: so when the person picks "Computer
 * sound", the core (which owns the system's commands; the window runs none) loads one over the
 * default sink's monitor, named for Kikitori, and the window then finds it among its inputs by
 * its description. It is unloaded when the session lets it go, when the app stops, and, should
 * the app have been killed, at the next start (`tidy`): the module is found by its source name.
 */
import { AppFailure, appError } from '../../../shared/domain/errors';
import type { ComputerSoundProvider } from './computer-sound';
import type { Pactl } from './pactl';

/** The remapped source's name: how the module is found again (tidy). */
export const COMPUTER_SOUND_SOURCE = 'kikitori_computer_sound';
/** Its description, which Chromium gives as the device's label. */
export const COMPUTER_SOUND_LABEL = 'Computer sound (speakers)';

/** Why there is no computer sound here, for the error's sentence. */
type Reason = 'no-server' | 'no-sink';

const unavailable = (reason: Reason, detail?: unknown) =>
  new AppFailure(
    appError(
      'computer-sound-unavailable',
      { reason },
      detail instanceof Error ? detail.message : '',
    ),
  );

/** The modules loaded for Kikitori's source, by the listing `pactl list short modules` gives. */
function kikitoriModules(listing: string): string[] {
  return listing
    .split('\n')
    .filter((line) => line.includes(`source_name=${COMPUTER_SOUND_SOURCE}`))
    .map((line) => line.split('\t')[0]?.trim() ?? '')
    .filter((id) => /^\d+$/.test(id));
}

export class PulseMonitor implements ComputerSoundProvider {
  private module: string | undefined;

  constructor(private readonly pactl: Pactl) {}

  /** Loads the source over the default sink's monitor. */
  async make(): Promise<{ label: string }> {
    if (this.module === undefined) {
      const sink = await this.defaultSink();
      // A module left by a run that was killed would hold the name: it goes first.
      await this.tidy();
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
    return { label: COMPUTER_SOUND_LABEL };
  }

  async unmake(): Promise<void> {
    const id = this.module;
    this.module = undefined;
    if (id !== undefined) await this.pactl(['unload-module', id]).catch(() => undefined);
  }

  async tidy(): Promise<void> {
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
}
