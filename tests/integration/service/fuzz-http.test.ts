/**
 * Fuzzing the running service over raw sockets: at least 10,000 hostile exchanges a
 * run, 16 at a time. The seed is printed; replay a run with
 *   KIKITORI_FUZZ_SEED=<seed> npx vitest run tests/integration/service/fuzz-http.test.ts
 * (fast-check's failure report also gives the `path` of the smallest failing batch:
 * KIKITORI_FUZZ_PATH=<path> replays only that one).
 * KIKITORI_FUZZ_DUMP=<file> writes the failing request's bytes there.
 * Asserted: the process never dies and answers a health request after; no 5xx; every byte that
 * comes back is well-formed HTTP with a JSON error body where an error is answered; a complete
 * request always gets an answer (unless its sender ended its side); no connection outlives the time bound.
 */
import { writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzCase, type FuzzCase } from '../../support/fuzz-requests';
import { answersHealth, exchange, parseResponses, rssMiB } from '../../support/raw-http';
import { removeDir, startService, type RunningService } from '../../support/service-process';

const BATCH = 16;
const MIN_CASES = 10_000;
const seed = Number(
  process.env.KIKITORI_FUZZ_SEED ?? (Date.now() ^ (Math.random() * 2 ** 31)) >>> 0,
);
const replayPath = process.env.KIKITORI_FUZZ_PATH;

let service: RunningService;
beforeAll(async () => {
  service = await startService({
    env: {
      KIKITORI_SERVICE_PARAMS_DEADLINE_MS: '2000',
      KIKITORI_SERVICE_DRAIN_DEADLINE_MS: '2000',
    },
  });
});
afterAll(async () => {
  await service.stop();
  await removeDir(service.dataDir);
});

/** What is wrong with the service's side of one exchange, or undefined. */
async function judge(c: FuzzCase): Promise<string | undefined> {
  const result = await exchange(service.port, c.steps, {
    halfClose: c.halfClose,
    timeoutMs: 30_000,
  });
  if (result.timedOut) return 'the connection was still open after 30 s';
  // A sender that ends its side has given up: Node drops its request (answering only what was
  // already answered), as HTTP allows.
  if (c.complete && !c.halfClose && result.received.length === 0)
    // How it ended, to tell a reset from a close (seen once on a busy fresh machine, seed
    // 1227663801, and not since with that seed, idle or loaded).
    return `no answer to a complete request (the connection ${result.error ? `failed: ${result.error}` : 'was closed'} after ${result.elapsedMs} ms)`;
  let responses;
  try {
    responses = parseResponses(result.received);
  } catch (error) {
    return `a malformed response: ${(error as Error).message}`;
  }
  for (const response of responses) {
    if (response.status >= 500) return `HTTP ${response.status}: ${response.body.toString('utf8')}`;
    const type = response.headers.get('content-type') ?? '';
    if (/json/.test(type)) {
      let body: unknown;
      try {
        body = JSON.parse(response.body.toString('utf8'));
      } catch {
        return `a JSON response that does not parse: ${response.body.toString('utf8')}`;
      }
      if (typeof body !== 'object' || body === null) return `a JSON body that is no object`;
      const { code, message } = body as { code?: unknown; message?: unknown };
      if (response.status >= 400 && (typeof code !== 'string' || typeof message !== 'string'))
        return `an error without code and message: ${response.body.toString('utf8')}`;
    } else if (!/^text\/plain/.test(type) || response.status !== 200) {
      return `HTTP ${response.status} with Content-Type ${JSON.stringify(type)}`;
    }
  }
  return undefined;
}

describe('fuzzing the service over raw sockets', () => {
  it(`survives ${MIN_CASES}+ hostile exchanges, answering each well-formed`, async () => {
    console.log(
      `fuzz seed ${seed} (replay: KIKITORI_FUZZ_SEED=${seed} npx vitest run tests/integration/service/fuzz-http.test.ts)`,
    );
    const pid = service.process.pid!;
    const rssBefore = await rssMiB(pid);
    let cases = 0;
    let batches = 0;
    const seen = new Map<string, number>();
    const started = Date.now();
    const report = await fc.check(
      fc.asyncProperty(
        fc.array(fuzzCase({ valid: service.key }), { minLength: BATCH, maxLength: BATCH }),
        async (batch) => {
          const verdicts = await Promise.all(batch.map(judge));
          cases += batch.length;
          batches++;
          for (const c of batch) {
            const kind = c.label.split(' ')[0]!;
            seen.set(kind, (seen.get(kind) ?? 0) + 1);
          }
          if (service.process.exitCode !== null)
            throw new Error(`the service died: ${service.stderr().slice(-2000)}`);
          const failed = verdicts.findIndex((v) => v !== undefined);
          if (failed >= 0 && process.env.KIKITORI_FUZZ_DUMP)
            writeFileSync(
              process.env.KIKITORI_FUZZ_DUMP,
              Buffer.concat(batch[failed]!.steps.filter(Buffer.isBuffer)),
            );
          if (failed >= 0)
            throw new Error(
              `${batch[failed]!.label}: ${verdicts[failed]} (request starts ${JSON.stringify(
                Buffer.concat(batch[failed]!.steps.filter(Buffer.isBuffer))
                  .subarray(0, 600)
                  .toString('latin1'),
              )})`,
            );
          if (batches % 100 === 0 && !(await answersHealth(service.port)))
            throw new Error('the service stopped answering');
        },
      ),
      {
        seed,
        numRuns: Math.ceil(MIN_CASES / BATCH),
        endOnFailure: true,
        ...(replayPath ? { path: replayPath } : {}),
      },
    );
    // Shrunk, but still a batch of raw requests: report only what went wrong and how to replay.
    if (report.failed)
      throw new Error(
        `fuzz failure (seed ${seed}, replay the batch with KIKITORI_FUZZ_SEED=${seed} KIKITORI_FUZZ_PATH=${report.counterexamplePath}): ${
          report.errorInstance instanceof Error
            ? report.errorInstance.message
            : String(report.errorInstance)
        }`,
      );
    expect(service.process.exitCode).toBeNull();
    expect(await answersHealth(service.port)).toBe(true);
    const rssAfter = await rssMiB(pid);
    console.log(
      `fuzz: ${cases} cases in ${((Date.now() - started) / 1000).toFixed(1)} s (${[...seen]
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}); service RSS ${rssBefore.toFixed(0)} -> ${rssAfter.toFixed(0)} MiB`,
    );
    if (!replayPath) expect(cases).toBeGreaterThanOrEqual(MIN_CASES);
  }, 300_000);
});
