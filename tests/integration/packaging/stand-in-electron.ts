/**
 * A stand-in for the Electron binary (which cannot be downloaded here): a file holding Electron's
 * fuse wire exactly as @electron/fuses finds it (sentinel, version, length, one byte per fuse),
 * set to Electron's defaults, laid out as electron-builder's `electronDist` expects.
 */
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** Electron's own defaults: RunAsNode, NodeOptions, inspect and file:// privileges on. */
export const DEFAULT_WIRE = '10110001';

export function standInBinary(wire = DEFAULT_WIRE): Buffer {
  return Buffer.concat([
    Buffer.from('stand-in for the Electron binary\0'),
    Buffer.from(FUSE_SENTINEL),
    Buffer.from([1, wire.length]),
    Buffer.from(wire),
    Buffer.from('\0'),
  ]);
}

/** An unpacked Linux Electron distribution holding the stand-in. */
export async function standInLinuxDist(dir: string): Promise<string> {
  await mkdir(join(dir, 'resources'), { recursive: true });
  await writeFile(join(dir, 'electron'), standInBinary());
  await chmod(join(dir, 'electron'), 0o755);
  for (const name of ['LICENSE', 'LICENSES.chromium.html', 'chrome-sandbox'])
    await writeFile(join(dir, name), '');
  return dir;
}
