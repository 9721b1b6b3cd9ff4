// What `npm start` (with `--setup`) and `npm run start:web` do before the app opens, in a process
// of its own that they wait for: the set-up, the window's build when it is stale, and with the
// Electron runtime installed its bundles. What that loads (Vite and Rolldown, esbuild, npm's
// output) held the launcher at 350 MB for the app's whole life after a start that built the
// window, since a process seldom gives its heap back; the launcher, which stays only to pass on
// signals and the exit code, now stays at the size of a bare Node (about 45 MB).
import { electronBinary } from './electron-binary.mjs';
import { ensureSetup } from './setup.mjs';

if (process.argv.includes('--setup')) {
  try {
    await ensureSetup();
  } catch (error) {
    console.error(`setup failed: ${error.message}`);
    process.exit(1);
  }
}

await (await import('./build-renderer.mjs')).buildRendererOrExit();

// esbuild is loaded only when there is an Electron window to build for.
if (process.argv.includes('--setup') && electronBinary()) {
  const { buildApp } = await import('./build-app.mjs');
  await buildApp({ quiet: true });
}
