/**
 * Fuzzing the realtime interface over raw sockets: at least 10,000 hostile
 * WebSocket sessions a run, 16 at a time (tests/support/fuzz-websocket.ts: the command grammar
 * with random values, audio, text that is no command, frames broken at every level, bad
 * handshakes). The seed is printed; replay a run with
 *   KIKITORI_FUZZ_SEED=<seed> npx vitest run tests/integration/service/fuzz-websocket.test.ts
 * Asserted: the service never dies and answers health after; a bad handshake gets an HTTP error,
 * never an upgrade; after an upgrade every frame the server sends is whole (FIN), unmasked,
 * text or an empty close, and every text is a message the official clients can read
 * (`parseServerMessage`); every connection is closed by the service within 10 s of the client
 * ending its side; the key's 8 recognition slots are all free again at the end; and the service
 * then stops at once on SIGTERM.
 */
import { connect } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS, LOCAL_ENGINE, parseServerMessage } from '../../../shared/api';
import { sessionArb, wire, type FuzzSession } from '../../support/fuzz-websocket';
import { useService } from '../../support/hooks';
import { answersHealth } from '../../support/raw-http';
import { readFrames } from '../../support/raw-websocket';
import { WrpClient } from '../../support/wrp-client';

const BATCH = 16;
const MIN_CASES = 10_000;
const seed = Number(
  process.env.KIKITORI_FUZZ_SEED ?? (Date.now() ^ (Math.random() * 2 ** 31)) >>> 0,
);
const service = useService({ env: { KIKITORI_WRP_NO_DATA_MS: '5000' } });

/** Sends one session and judges what came back: undefined, or what is wrong. */
function judge(session: FuzzSession): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = connect(service.port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      resolve('the service kept the connection open 10 s after the client ended its side');
    }, 10_000);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(verdict(session, Buffer.concat(chunks)));
    });
    socket.write(session.handshake);
    for (const frame of session.frames) socket.write(wire(frame.bytes, service.key));
    socket.end();
  });
}

function verdict(session: FuzzSession, received: Buffer): string | undefined {
  const headEnd = received.indexOf('\r\n\r\n');
  if (headEnd < 0) return received.length === 0 ? undefined : 'an unfinished HTTP response';
  const status = received.subarray(0, headEnd).toString('latin1').split('\r\n')[0]!;
  const upgraded = /^HTTP\/1\.1 101 /.test(status);
  if (upgraded !== session.upgrades) return `the handshake was answered ${status}`;
  if (!upgraded) return /^HTTP\/1\.1 (4\d\d) /.test(status) ? undefined : `answered ${status}`;
  const { frames, rest } = readFrames(received.subarray(headEnd + 4));
  if (rest.length > 0) return `${rest.length} bytes that are no whole frame`;
  for (const frame of frames) {
    if (!frame.fin || frame.masked || frame.rsv !== 0) return 'a fragmented, masked or odd frame';
    if (frame.opcode === 0x8) {
      if (frame.payload.length > 0) return 'a close frame with a status code';
      continue;
    }
    if (frame.opcode === 0xa) continue; // a pong to the client's ping
    if (frame.opcode !== 0x1) return `a frame of opcode ${frame.opcode}`;
    const text = frame.payload.toString('utf8');
    if (!parseServerMessage(text).ok) return `a message no client can read: ${text.slice(0, 120)}`;
  }
  return undefined;
}

describe('fuzzing the realtime interface', () => {
  it(`survives ${MIN_CASES}+ hostile WebSocket sessions, answering each readably`, async () => {
    console.log(
      `websocket fuzz seed ${seed} (replay: KIKITORI_FUZZ_SEED=${seed} npx vitest run tests/integration/service/fuzz-websocket.test.ts)`,
    );
    let cases = 0;
    const started = Date.now();
    const report = await fc.check(
      fc.asyncProperty(
        fc.array(sessionArb, { minLength: BATCH, maxLength: BATCH }),
        async (batch) => {
          const verdicts = await Promise.all(batch.map(judge));
          cases += batch.length;
          if (service.process.exitCode !== null)
            throw new Error(`the service died: ${service.stderr().slice(-2000)}`);
          const failed = verdicts.findIndex((v) => v !== undefined);
          if (failed >= 0) throw new Error(`${batch[failed]!.label}: ${verdicts[failed]}`);
        },
      ),
      { seed, numRuns: Math.ceil(MIN_CASES / BATCH), endOnFailure: true },
    );
    if (report.failed)
      throw new Error(
        `websocket fuzz failure (seed ${seed}): ${
          report.errorInstance instanceof Error
            ? report.errorInstance.message
            : String(report.errorInstance)
        }`,
      );
    console.log(
      `websocket fuzz: ${cases} sessions in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(cases).toBeGreaterThanOrEqual(MIN_CASES);
    expect(service.process.exitCode).toBeNull();
    expect(await answersHealth(service.port)).toBe(true);
    // Nothing leaked: the key's every slot takes a session again.
    const clients = await Promise.all(
      Array.from({ length: LIMITS.maxConcurrentPerKey }, () =>
        WrpClient.connect(`${service.url.replace(/^http/, 'ws')}/v1/nolog/`),
      ),
    );
    for (const client of clients)
      expect(await client.start('LSB16K', LOCAL_ENGINE, { authorization: service.key })).toBeNull();
    for (const client of clients) client.close();
    // No socket is left half-open: SIGTERM ends the service at once (a refused upgrade that was
    // never read to its end once kept the HTTP server from closing for ever).
    const stopped = await Promise.race([
      service.stop(),
      new Promise<string>((resolve) =>
        setTimeout(() => resolve('still running after 15 s'), 15_000),
      ),
    ]);
    expect(stopped).toBe(0);
  }, 600_000);
});
