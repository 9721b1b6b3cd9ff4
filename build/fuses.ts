// Electron fuses for every release build, flipped in the packed Electron binary after packing
// (before signing). See https://www.electronjs.org/docs/latest/tutorial/fuses.
import { type FuseV1Config, FuseV1Options, FuseVersion, flipFuses } from '@electron/fuses';
import type { AfterPackContext } from 'electron-builder';

export const FUSES: FuseV1Config = {
  version: FuseVersion.V1,
  // The local service runs as a utility process; only the Linux command line runs as Node
  // (fusesFor).
  [FuseV1Options.RunAsNode]: false,
  [FuseV1Options.EnableCookieEncryption]: true,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  // electron-builder records the asar's hashes (Info.plist on macOS, a resource on Windows).
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
  // The window is served from app://, never from file://.
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
};

/** The packed Electron binary (on macOS the .app, whose framework holds the fuses). */
export function electronBinary(
  context: Pick<AfterPackContext, 'appOutDir' | 'electronPlatformName' | 'packager'>,
): string {
  const { appOutDir, electronPlatformName, packager } = context;
  const name = packager.appInfo.productFilename;
  if (electronPlatformName === 'darwin' || electronPlatformName === 'mas')
    return `${appOutDir}/${name}.app`;
  if (electronPlatformName === 'win32') return `${appOutDir}/${name}.exe`;
  // Linux names the binary after the executable (lower-case `kikitori`), set by its packager.
  const linux = packager as typeof packager & { executableName?: string };
  return `${appOutDir}/${linux.executableName ?? name}`;
}

/**
 * The fuses of one platform's build. On Linux the binary may run as Node, for `kikitori`, the
 * command line (build/linux/kikitori), as VS Code's `code` does: Linux grants no permission to
 * an app that a script run as it could borrow, and anyone who can run it can run Node as
 * themselves anyway. macOS (whose privacy permissions belong to the app) and Windows keep it off.
 */
export function fusesFor(platform: string): FuseV1Config {
  return { ...FUSES, [FuseV1Options.RunAsNode]: platform === 'linux' };
}

/** electron-builder's afterPack hook. */
export async function afterPack(context: AfterPackContext): Promise<void> {
  await flipFuses(electronBinary(context), {
    ...fusesFor(context.electronPlatformName),
    // Flipping changes the binary: its ad-hoc signature (required on Apple silicon) is redone;
    // a Developer ID signature is applied after this hook.
    resetAdHocDarwinSignature: context.electronPlatformName === 'darwin',
  });
}
