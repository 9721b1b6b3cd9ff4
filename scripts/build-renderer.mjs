// Builds the window (renderer/) with Vite into dist/renderer, which both hosts serve
// (KIKITORI_RENDERER_DIR puts it elsewhere: tests build a copy without touching the shared one).
// `npm start` and `npm run start:web` call it with `ifStale` (a quick start when nothing changed
// since the last build); `npm test` and `npm run build:renderer` always build.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from './setup.mjs';

/** Where the window is built (read when asked: tests set KIKITORI_RENDERER_DIR). */
export const rendererDir = () =>
  process.env.KIKITORI_RENDERER_DIR || join(ROOT, 'dist', 'renderer');
const INPUTS = ['renderer', 'shared', 'vite.config.ts', 'package-lock.json'];

function newestChange(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestChange(join(path, name))),
    info.mtimeMs,
  );
}

export function rendererIsStale() {
  const output = join(rendererDir(), 'index.html');
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return INPUTS.some((input) => newestChange(join(ROOT, input)) > built);
}

export async function buildRenderer({ ifStale = false } = {}) {
  if (ifStale && !rendererIsStale()) return;
  const { build } = await import('vite');
  await build({
    configFile: join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: rendererDir(), emptyOutDir: true },
  });
}

/** For the start commands: builds the window when stale, or says why not and exits 1. */
export async function buildRendererOrExit() {
  try {
    await buildRenderer({ ifStale: true });
  } catch (error) {
    console.error(`building the window failed: ${error.message}`);
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildRenderer();
