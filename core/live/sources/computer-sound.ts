/**
 * The computer's sound as a Live source, made by the platform's provider behind one interface.
 *
 * The window opens every source as an input of its own (renderer/src/store/live-sources.ts):
 * where the core can make what the speakers play an input the window lists, it does (Linux:
 * PulseAudio's monitor, pulse-monitor.ts); where it cannot, the provider says `platform`, and
 * the window asks for the display media's sound instead, which Electron answers with the
 * system's loopback or picker (electron/main/loopback.ts) and a browser with a shared tab.
 * A new platform's way is a provider here, chosen in `computerSoundProviderFor`.
 */
import { AppFailure, appError } from '../../../shared/domain/errors';
import { pactlIn, type Pactl } from './pactl';
import { PulseMonitor } from './pulse-monitor';

/** One platform's way to make the computer's sound an input the window can open. */
export interface ComputerSoundProvider {
  /**
   * Makes the input and answers the label the window finds it by among its inputs. Throws
   * `computer-sound-unavailable` (with why: `platform`, `no-server`, `no-sink`).
   */
  make(): Promise<{ label: string }>;
  /** Lets the input go. */
  unmake(): Promise<void>;
  /** At start: what a run that was killed left made goes. Never throws. */
  tidy(): Promise<void>;
}

/** Where the core makes no input: the window takes the display media's sound itself. */
export const displayMediaOnly: ComputerSoundProvider = {
  make: () =>
    Promise.reject(new AppFailure(appError('computer-sound-unavailable', { reason: 'platform' }))),
  unmake: () => Promise.resolve(),
  tidy: () => Promise.resolve(),
};

/** The provider of this platform. */
export function computerSoundProviderFor(
  platform: NodeJS.Platform = process.platform,
  pactl: Pactl = pactlIn(),
): ComputerSoundProvider {
  return platform === 'linux' ? new PulseMonitor(pactl) : displayMediaOnly;
}

/**
 * The computer's sound, held by sessions: made once for every holder, let go when the last
 * lets it go, and whoever holds it when the app stops; one change at a time.
 */
export class ComputerSound {
  /** Sessions holding the input. */
  private holders = 0;
  /** The input made, by the label the window finds it by. */
  private made: { label: string } | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly provider: ComputerSoundProvider = computerSoundProviderFor()) {}

  /** Makes the input (once for every holder) and answers the label the window finds it by. */
  open(): Promise<{ label: string }> {
    return this.serial(async () => {
      this.made ??= await this.provider.make();
      this.holders += 1;
      return this.made;
    });
  }

  /** A holder lets the input go; the last one unmakes it. */
  close(): Promise<void> {
    return this.serial(async () => {
      if (this.holders === 0) return;
      this.holders -= 1;
      if (this.holders === 0) await this.unmake();
    });
  }

  /** Unmakes the input whoever holds it (the app stops). */
  closeAll(): Promise<void> {
    return this.serial(async () => {
      this.holders = 0;
      await this.unmake();
    });
  }

  /** At start: an input left made by a run that was killed goes. Never throws. */
  recover(): Promise<void> {
    return this.serial(() => this.provider.tidy());
  }

  private async unmake(): Promise<void> {
    if (!this.made) return;
    this.made = undefined;
    await this.provider.unmake();
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }
}
