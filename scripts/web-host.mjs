// The web host (web-host/main.ts) as `npm start` in browser mode, `npm run start:web` and the
// tests run it: the checkout's bundle, built first when older than its sources
// (scripts/checkout-bundles.mjs), so it starts without compiling anything. `npm run dev` runs the
// TypeScript instead, with Vite's dev server.
import { checkoutBundleUrl } from './checkout-bundles.mjs';

if (process.argv.includes('--dev')) {
  process.stderr.write(
    'kikitori: --dev is `npm run dev`, which serves the window from its sources\n',
  );
  process.exit(2);
}
let url;
try {
  url = await checkoutBundleUrl('web-host');
} catch (error) {
  process.stderr.write(`kikitori: building the web host failed: ${error.message}\n`);
  process.exit(1);
}
await import(url);
