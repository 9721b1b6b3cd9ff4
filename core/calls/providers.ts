/**
 * The platform's way of seeing which applications record (core/calls/provider.ts): PulseAudio
 * or PipeWire on Linux, the capture endpoint's audio sessions on Windows, CoreAudio on macOS.
 */
import { MacCallProvider } from './mac-provider';
import type { CallProvider } from './provider';
import { PulseCallProvider } from './pulse-provider';
import { WindowsCallProvider } from './windows-provider';

export function providerFor(platform: NodeJS.Platform): CallProvider | undefined {
  if (platform === 'linux') return new PulseCallProvider();
  if (platform === 'win32') return new WindowsCallProvider();
  if (platform === 'darwin') return new MacCallProvider();
  return undefined;
}
