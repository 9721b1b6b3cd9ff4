/**
 * Run by the benchmark as its own process: uploads one file as an async job with the app's API
 * client and reports the process's resident memory before and during the upload, so that what the
 * client adds is measured alone (`node --import tsx tests/bench/upload-client.ts <url> <key> <file> <warm-up file>`).
 */
import { ApiClient } from '../../core/api-client/api-client';

const [url, key, file, warmUp] = process.argv.slice(2) as [string, string, string, string];
const client = new ApiClient({ baseUrl: url, asyncUrl: url, key });
// Load every module and buffer the client uses once, then measure.
await client.createJob({ filePath: warmUp, d: '-a-general-en loggingOptOut=True', version: 2 });
globalThis.gc?.();
const mb = () => process.memoryUsage.rss() / 1024 / 1024;
const before = mb();
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, mb())), 10);
const start = performance.now();
let sent = 0;
await client.createJob({
  filePath: file,
  d: '-a-general-en loggingOptOut=True',
  version: 2,
  onProgress: (bytes) => {
    sent = bytes;
    peak = Math.max(peak, mb());
  },
});
clearInterval(sampler);
process.stdout.write(
  `${JSON.stringify({ beforeMb: before, peakMb: peak, seconds: (performance.now() - start) / 1000, sent })}\n`,
);
