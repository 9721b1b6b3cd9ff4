/**
 * The local service's entry point: `node service/bin.mjs [options]` (see service/main.ts).
 *
 * Plain JavaScript on purpose. Loading the TypeScript toolchain and the service's modules takes
 * a few hundred milliseconds, and a SIGTERM in that window would otherwise kill the process with
 * the default action instead of a clean exit 0. So this file takes SIGTERM and SIGINT first,
 * says `{"event":"starting"}`, and only then loads the service, which stops as soon as its
 * start-up is done if a signal came in the meantime.
 */
let requested = false;
let onRequest;
const onSignal = () => {
  requested = true;
  onRequest?.();
};
process.on('SIGTERM', onSignal);
process.on('SIGINT', onSignal);
process.stdout.write(`${JSON.stringify({ event: 'starting', pid: process.pid })}\n`);

const { register } = await import('tsx/esm/api');
register();
const { main } = await import('./main.ts');
await main(process.argv.slice(2), {
  requested: () => requested,
  onRequest: (handler) => {
    onRequest = handler;
    if (requested) handler();
  },
});
