// Builds the window (renderer/) into dist/renderer, which both hosts serve under a strict CSP
// (core/host/renderer-files.ts): no inline script or style, so Vite's module-preload polyfill (an
// inline helper in some setups) is turned off and every style ships as a CSS file.
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('./renderer', import.meta.url));

export default defineConfig({
  root,
  base: './',
  plugins: [react()],
  // react-remove-scroll injects a <style> the CSP refuses; see renderer/src/ui/scroll-lock.tsx.
  resolve: {
    alias: {
      'react-remove-scroll': fileURLToPath(
        new URL('./renderer/src/ui/scroll-lock.tsx', import.meta.url),
      ),
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/renderer', import.meta.url)),
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    sourcemap: false,
    target: 'es2022',
    // Local chunks read from disk, never over a network: their size costs little.
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // zod with its setting (host/zod-config.ts) in one chunk: every chunk that builds a schema
          // imports it, so jitless is set before the first schema, which reads it as it is built
          // (built earlier, a schema probes for eval() on its first parse and the CSP reports it).
          groups: [
            { name: 'zod', test: /node_modules\/zod\/|renderer\/src\/host\/zod-config\.ts$/ },
          ],
        },
      },
    },
  },
});
