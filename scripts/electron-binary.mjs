// The Electron binary when its runtime was downloaded: the electron package's path.txt names it.
// KIKITORI_ELECTRON_DIR points at another copy of the package (tests use an empty folder).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export function electronBinary() {
  const dir = process.env.KIKITORI_ELECTRON_DIR || join(ROOT, 'node_modules', 'electron');
  const pathFile = join(dir, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const binary = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : undefined;
}
