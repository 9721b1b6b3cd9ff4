/**
 * The local service's entry point: `node service/bin.mjs [options]` (see service/main.ts).
 *
 * Plain JavaScript on purpose. Loading the service's modules takes a few hundred milliseconds,
 * and a SIGTERM in that window would otherwise kill the process with the default action instead
 * of a clean exit 0. So this file takes SIGTERM and SIGINT first, says `{"event":"starting"}`,
 * and only then loads the service, which stops as soon as its start-up is done if a signal came
 * in the meantime.
 *
 * In a checkout (service/main.ts beside this file) it runs the checkout's bundle, built by esbuild
 * when older than its sources (scripts/checkout-bundles.mjs): compiling the TypeScript at each
 * start cost a second of CPU. A packaged app holds no sources: it runs the bundle
 * scripts/build-service.mjs made.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

let requested = false;
let onRequest;
const onSignal = () => {
  requested = true;
  onRequest?.();
};
process.on('SIGTERM', onSignal);
process.on('SIGINT', onSignal);
process.stdout.write(`${JSON.stringify({ event: 'starting', pid: process.pid })}\n`);

async function loadMain() {
  const source = new URL('./main.ts', import.meta.url);
  if (!existsSync(fileURLToPath(source)))
    return (await import(new URL('../dist/service/main.mjs', import.meta.url).href)).main;
  const { checkoutBundleUrl } = await import('../scripts/checkout-bundles.mjs');
  return (await import(await checkoutBundleUrl('service'))).main;
}

const main = await loadMain();
await main(process.argv.slice(2), {
  requested: () => requested,
  onRequest: (handler) => {
    onRequest = handler;
    if (requested) handler();
  },
});
