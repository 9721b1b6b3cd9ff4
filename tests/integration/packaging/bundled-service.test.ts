/**
 * The packaged app's local service, run from a folder that holds only what the package holds:
 * service/bin.mjs, the bundle, better-sqlite3 with the modules it loads at run time, and
 * resources/engine (the statically linked worker and the model). No checkout, no tsx, no
 * compiler: a missing piece fails the start or the transcription.
 */
import { execFile, spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, parse } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packagedServiceEnv } from '../../../electron/main/service-paths';
import { DEFAULT_FIXTURES_DIR } from '../../fixtures/build';
import {
  multipart,
  rawRequest,
  removeDir,
  supervise,
  type RawResponse,
} from '../../support/service-process';

const run = promisify(execFile);
const ROOT = process.cwd();
const CLIP = 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav'; // "he might even have been made amiable himself"
/** better-sqlite3 and what it requires at run time (prebuild-install runs at install time only). */
const NATIVE_RUNTIME = ['better-sqlite3', 'bindings', 'file-uri-to-path'];

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'kikitori-packaged-'));
  const built = join(root, 'built');
  await run(process.execPath, ['scripts/build-service.mjs', '--out', built], { cwd: ROOT });
  const app = join(root, 'app');
  await cp(join(ROOT, 'service', 'bin.mjs'), join(app, 'service', 'bin.mjs'));
  await cp(join(built, 'service'), join(app, 'dist', 'service'), { recursive: true });
  for (const name of NATIVE_RUNTIME)
    await cp(join(ROOT, 'node_modules', name), join(app, 'node_modules', name), {
      recursive: true,
    });
  await cp(join(built, 'engine'), join(root, 'resources', 'engine'), { recursive: true });
}, 180_000);
afterAll(async () => {
  if (root) await removeDir(root);
});

/** Every folder from `dir` up to the file system root: none may offer a node_modules. */
function ancestors(dir: string): string[] {
  const out = [dir];
  while (dirname(out.at(-1)!) !== out.at(-1)!) out.push(dirname(out.at(-1)!));
  return out;
}

function startPackagedService(dataDir: string, resources = join(root, 'resources')) {
  const child = spawn(
    process.execPath,
    [join(root, 'app', 'service', 'bin.mjs'), '--port', '0', '--data', dataDir],
    {
      cwd: join(root, 'resources'),
      // What a utility process gets: no NODE_OPTIONS or NODE_PATH that could reach the checkout.
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: root,
        ...packagedServiceEnv(resources),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const { exited, stop } = supervise(child);
  const events: Array<Record<string, unknown>> = [];
  const listening = new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const event = JSON.parse(line) as Record<string, unknown>;
      events.push(event);
      if (event.event === 'listening') resolve(String(event.url));
    });
    void exited.then((code) =>
      reject(new Error(`exited with ${code} before listening: ${stderr}`)),
    );
  });
  return { listening, events, stop };
}

describe('the bundled local service, as packaged', () => {
  it('holds no TypeScript, no tsx and no node_modules of the checkout', async () => {
    const app = join(root, 'app');
    expect((await readdir(join(app, 'service'))).sort()).toEqual(['bin.mjs']);
    expect((await readdir(join(app, 'node_modules'))).sort()).toEqual([...NATIVE_RUNTIME].sort());
    for (const dir of ancestors(app))
      expect(existsSync(join(dir, 'node_modules', 'tsx'))).toBe(false);
    expect(ancestors(app)).toContain(parse(app).root);
  });

  it('ships a worker that needs only the C library, not PocketSphinx', async () => {
    const { stdout } = await run('readelf', ['-d', join(root, 'resources', 'engine', 'ps-worker')]);
    const needed = [...stdout.matchAll(/\(NEEDED\)\s+Shared library: \[([^\]]+)\]/g)].map(
      (m) => m[1],
    );
    expect(needed.length).toBeGreaterThan(0);
    expect(needed.filter((lib) => !/^(libc|libm)\.so\.\d+$/.test(lib!))).toEqual([]);
  });

  it('starts with the shipped engine and transcribes a LibriVox clip', async () => {
    const dataDir = join(root, 'data');
    const service = startPackagedService(dataDir);
    try {
      const url = await service.listening;
      expect(service.events.map((e) => e.event)).not.toContain('engine-unavailable');
      const key = String(service.events.find((e) => e.event === 'account-created')?.apiKey);
      const { body, contentType } = multipart([
        { name: 'u', value: key },
        { name: 'd', value: '-a-general-en' },
        {
          name: 'a',
          value: await readFile(join(DEFAULT_FIXTURES_DIR, CLIP)),
          filename: 'clip.wav',
          type: 'audio/wav',
        },
      ]);
      const res: RawResponse = await rawRequest(url, {
        path: '/v1/nolog/recognize',
        headers: { 'Content-Type': contentType },
        body,
      });
      expect(res.status).toBe(200);
      expect(res.json<{ code: string }>().code).toBe('');
      expect(res.json<{ text: string }>().text).toMatch(/He might even have been made/);
    } finally {
      expect(await service.stop()).toBe(0);
    }
  });

  it('says in one sentence that the local engine is missing where a build has none', async () => {
    // A platform built without the worker: the same app, an empty resources folder.
    const service = startPackagedService(join(root, 'data-none'), join(root, 'no-resources'));
    try {
      await service.listening;
      const unavailable = service.events.find((e) => e.event === 'engine-unavailable');
      expect(unavailable?.message).toBe(
        `the local speech engine is not part of this build for ${process.platform}; connections to a cloud service still work`,
      );
    } finally {
      expect(await service.stop()).toBe(0);
    }
  });
});
