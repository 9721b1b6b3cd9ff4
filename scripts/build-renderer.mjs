// Builds the window (renderer/) with Vite into dist/renderer, which both hosts serve.
// `npm start` and `npm test` call it, so a fresh checkout shows the real window.
import { fileURLToPath } from 'node:url';
import { ROOT } from './setup.mjs';

export async function buildRenderer() {
  const { build } = await import('vite');
  await build({ configFile: `${ROOT}/vite.config.ts`, logLevel: 'warn' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildRenderer();
